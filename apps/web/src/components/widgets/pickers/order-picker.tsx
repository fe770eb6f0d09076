// Order picker (spec 2.3 item 4, 7.2 findSalesOrder / findAllPurchaseOrder): one sales or purchase order,
// chosen by radio. Rows keep the snake_case names the spec gives.
import { Radio, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  PICKER_API_PATHS,
  PurchaseOrderPickRowSchema,
  SalesOrderPickRowSchema,
  pageOf,
  type PurchaseOrderPickRow,
  type SalesOrderPickRow,
} from '@tfb/contract';
import { PickOneTable, contentPageFetch } from './pick-table';
import { PickerModal, formatMoney } from './picker-modal';

export type OrderKind = 'sales' | 'purchase';
export type OrderPickRow = SalesOrderPickRow | PurchaseOrderPickRow;

/** Both order lists are searched by `name`. */
const orderPages = <Row,>(path: string, rowSchema: z.ZodType<Row>) =>
  contentPageFetch(path, pageOf(rowSchema), (search) => ({ name: search }));

/**
 * The two order lists differ only in their call, their snake_case fields and their labels (under
 * widgets.pickers.order): code, counterparty, a yes/no flag and a term in days.
 */
const ORDER_LISTS = {
  sales: {
    fetchPage: orderPages(PICKER_API_PATHS.salesOrders, SalesOrderPickRowSchema),
    queryKey: 'sales-orders',
    search: 'searchSales',
    code: { field: 'order_code', label: 'orderCode' },
    party: { field: 'enterprise_name', label: 'buyer' },
    flag: { field: 'money_demand', label: 'moneyDemand', yes: 'needed', no: 'notNeeded', width: 110 },
    days: { field: 'sales_date', label: 'salesDate' },
  },
  purchase: {
    fetchPage: orderPages(PICKER_API_PATHS.purchaseOrders, PurchaseOrderPickRowSchema),
    queryKey: 'purchase-orders',
    search: 'searchPurchase',
    code: { field: 'purchase_order_code', label: 'purchaseOrderCode' },
    party: { field: 'supplier_name', label: 'supplier' },
    flag: { field: 'is_precondition', label: 'isPrecondition', yes: 'goodsFirst', no: 'paymentFirst', width: 120 },
    days: { field: 'purchase_date', label: 'purchaseDate' },
  },
} satisfies Record<OrderKind, unknown>;

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

  const list = ORDER_LISTS[kind];
  const label = (key: string) => t(`widgets.pickers.order.${key}`);
  const columns: TableColumnsType<OrderPickRow> = [
    { title: label(list.code.label), dataIndex: list.code.field, width: 180 },
    { title: label(list.party.label), dataIndex: list.party.field, ellipsis: true },
    {
      title: label(list.flag.label),
      dataIndex: list.flag.field,
      width: list.flag.width,
      render: (v: number) => label(v === 1 ? list.flag.yes : list.flag.no),
    },
    {
      title: label(list.days.label),
      dataIndex: list.days.field,
      width: 110,
      render: (v: number) => t('widgets.common.days', { count: v }),
    },
    { title: t('widgets.common.money'), dataIndex: 'money', width: 130, align: 'right', render: formatMoney },
  ];

  return (
    <PickOneTable<OrderPickRow>
      key={kind}
      queryKey={[list.queryKey]}
      fetchPage={list.fetchPage}
      columns={columns}
      searchPlaceholder={label(list.search)}
      filters={switcher}
      onCancel={onCancel}
      onOk={(row) => onOk(row, kind)}
    />
  );
}
