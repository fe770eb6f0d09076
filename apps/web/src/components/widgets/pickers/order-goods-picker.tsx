// Goods lines of one sales order (mlzSalesOrder/findGoodsList?id=): the whole list comes in one reply and
// is searched and paged here; several lines can be chosen.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { BUSINESS_PATHS, GoodsLineSchema, type GoodsLine } from '@tfb/contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { PickTable, type AllFetch } from './pick-table';
import { PickerModal, formatMoney } from './picker-modal';

export type { GoodsLine } from '@tfb/contract';

const GoodsLinesSchema = z.array(GoodsLineSchema);

export function getSalesOrderGoods(id: number, signal?: AbortSignal): Promise<GoodsLine[]> {
  return api.get(BUSINESS_PATHS.salesOrderGoods, { query: { id }, schema: GoodsLinesSchema, signal });
}

export type OrderGoodsPickerProps = {
  open: boolean;
  onCancel: () => void;
  onOk: (rows: GoodsLine[]) => void;
  /** The sales order whose goods are listed. */
  orderId: number | null | undefined;
  title?: string;
};

const matches = (g: GoodsLine, s: string) => {
  const q = s.toLowerCase();
  return g.goodsName.toLowerCase().includes(q) || g.specificationModels.toLowerCase().includes(q);
};

/** Chooses goods lines of a sales order (name, model, unit, quantity, price). */
export function OrderGoodsPicker({ open, onCancel, onOk, orderId, title }: OrderGoodsPickerProps) {
  const { t } = useTranslation();
  const fetchAll: AllFetch<GoodsLine> = (_params, signal) => (orderId ? getSalesOrderGoods(orderId, signal) : Promise.resolve([]));
  const columns: TableColumnsType<GoodsLine> = [
    { title: t('widgets.goods.goodsName'), dataIndex: 'goodsName', ellipsis: true },
    { title: t('widgets.goods.specificationModels'), dataIndex: 'specificationModels', width: 150, ellipsis: true },
    { title: t('widgets.goods.unit'), dataIndex: 'unit', width: 80 },
    { title: t('widgets.pickers.orderGoods.quantity'), dataIndex: 'quantity', width: 110, align: 'right' },
    { title: t('widgets.goods.goodsPrice'), dataIndex: 'price', width: 120, align: 'right', render: formatMoney },
  ];
  return (
    <PickerModal open={open} title={title ?? t('widgets.pickers.orderGoods.title')} width={860} onCancel={onCancel}>
      <PickTable<GoodsLine>
        queryKey={['sales-order-goods', orderId ?? 0]}
        source={{ kind: 'all', fetchAll, filter: matches }}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t('widgets.goods.searchPlaceholder')}
        multiple
        onCancel={onCancel}
        onOk={onOk}
      />
    </PickerModal>
  );
}
