// Order picker (spec 2.3 item 4, 7.2 findSalesOrder / findAllPurchaseOrder): one sales or purchase order,
// chosen by radio. Rows keep the snake_case names the spec gives.
import { Radio, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PICKER_API_PATHS,
  PurchaseOrderPickRowSchema,
  SalesOrderPickRowSchema,
  pageOf,
  type PurchaseOrderPickRow,
  type SalesOrderPickRow,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { PickTable, type PageFetch } from './pick-table';
import { PickerModal, formatMoney } from './picker-modal';

export type OrderKind = 'sales' | 'purchase';
export type OrderPickRow = SalesOrderPickRow | PurchaseOrderPickRow;

const SalesPageSchema = pageOf(SalesOrderPickRowSchema);
const PurchasePageSchema = pageOf(PurchaseOrderPickRowSchema);

const fetchSales: PageFetch<SalesOrderPickRow> = async ({ search, pageNumber, pageSize }, signal) => {
  const page = await api.get(PICKER_API_PATHS.salesOrders, {
    query: { pageNumber, pageSize, name: search },
    schema: SalesPageSchema,
    signal,
  });
  return { rows: page.content, total: page.totalElements };
};
const fetchPurchase: PageFetch<PurchaseOrderPickRow> = async ({ search, pageNumber, pageSize }, signal) => {
  const page = await api.get(PICKER_API_PATHS.purchaseOrders, {
    query: { pageNumber, pageSize, name: search },
    schema: PurchasePageSchema,
    signal,
  });
  return { rows: page.content, total: page.totalElements };
};

export type OrderPickerProps = {
  open: boolean;
  onCancel: () => void;
  /** The chosen row and which kind of order it is. */
  onOk: (row: OrderPickRow, kind: OrderKind) => void;
  /** The kind listed first (default sales). */
  kind?: OrderKind;
  /** Kinds the user may switch between (default only `kind`). */
  kinds?: readonly OrderKind[];
  title?: string;
};

/** Chooses one sales order (order_code, enterprise_name, money_demand, sales_date) or purchase order. */
export function OrderPicker({ open, onCancel, onOk, kind = 'sales', kinds, title }: OrderPickerProps) {
  const { t } = useTranslation();
  return (
    <PickerModal open={open} title={title ?? t('widgets.pickers.order.title')} width={900} onCancel={onCancel}>
      <OrderPickerBody initialKind={kind} kinds={kinds ?? [kind]} onCancel={onCancel} onOk={onOk} />
    </PickerModal>
  );
}

function OrderPickerBody({
  initialKind,
  kinds,
  onCancel,
  onOk,
}: {
  initialKind: OrderKind;
  kinds: readonly OrderKind[];
  onCancel: () => void;
  onOk: (row: OrderPickRow, kind: OrderKind) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<OrderKind>(initialKind);
  const switcher =
    kinds.length > 1 ? (
      <Radio.Group
        optionType="button"
        value={kind}
        onChange={(e) => setKind(e.target.value as OrderKind)}
        options={kinds.map((k) => ({ value: k, label: t(`widgets.pickers.order.${k}`) }))}
      />
    ) : null;

  const salesColumns: TableColumnsType<SalesOrderPickRow> = [
    { title: t('widgets.pickers.order.orderCode'), dataIndex: 'order_code', width: 180 },
    { title: t('widgets.pickers.order.buyer'), dataIndex: 'enterprise_name', ellipsis: true },
    {
      title: t('widgets.pickers.order.moneyDemand'),
      dataIndex: 'money_demand',
      width: 110,
      render: (v: number) => (v === 1 ? t('widgets.pickers.order.needed') : t('widgets.pickers.order.notNeeded')),
    },
    {
      title: t('widgets.pickers.order.salesDate'),
      dataIndex: 'sales_date',
      width: 110,
      render: (v: number) => t('widgets.common.days', { count: v }),
    },
    { title: t('widgets.common.money'), dataIndex: 'money', width: 130, align: 'right', render: formatMoney },
  ];
  const purchaseColumns: TableColumnsType<PurchaseOrderPickRow> = [
    { title: t('widgets.pickers.order.purchaseOrderCode'), dataIndex: 'purchase_order_code', width: 180 },
    { title: t('widgets.pickers.order.supplier'), dataIndex: 'supplier_name', ellipsis: true },
    {
      title: t('widgets.pickers.order.isPrecondition'),
      dataIndex: 'is_precondition',
      width: 120,
      render: (v: number) => (v === 1 ? t('widgets.pickers.order.goodsFirst') : t('widgets.pickers.order.paymentFirst')),
    },
    {
      title: t('widgets.pickers.order.purchaseDate'),
      dataIndex: 'purchase_date',
      width: 110,
      render: (v: number) => t('widgets.common.days', { count: v }),
    },
    { title: t('widgets.common.money'), dataIndex: 'money', width: 130, align: 'right', render: formatMoney },
  ];

  return kind === 'sales' ? (
    <PickTable<SalesOrderPickRow>
      key="sales"
      queryKey={['sales-orders']}
      source={{ kind: 'server', fetchPage: fetchSales }}
      columns={salesColumns}
      rowKey={(r) => r.id}
      searchPlaceholder={t('widgets.pickers.order.searchSales')}
      filters={switcher}
      onCancel={onCancel}
      onOk={(rows) => rows[0] && onOk(rows[0], 'sales')}
    />
  ) : (
    <PickTable<PurchaseOrderPickRow>
      key="purchase"
      queryKey={['purchase-orders']}
      source={{ kind: 'server', fetchPage: fetchPurchase }}
      columns={purchaseColumns}
      rowKey={(r) => r.id}
      searchPlaceholder={t('widgets.pickers.order.searchPurchase')}
      filters={switcher}
      onCancel={onCancel}
      onOk={(rows) => rows[0] && onOk(rows[0], 'purchase')}
    />
  );
}
