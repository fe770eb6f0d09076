// The goods-line columns of section 3: a notice line's weight is shown as quantity and its storageNumber as
// weight; a delivery line has delivery quantity and delivery weight.
import type { TFunction } from 'i18next';
import type { DeliveryApplyGoods, InStorageNoticeGoods } from '@tfb/contract';
import { formatQuantity, orDash } from './format';
import type { GoodsColumn } from './goods-lines';

type NoticeLine = Pick<InStorageNoticeGoods, 'goodsName' | 'specificationModels' | 'weight' | 'storageNumber' | 'reelNumber'> & {
  warehouseName?: string;
};
type DeliveryLine = Pick<DeliveryApplyGoods, 'goodsName' | 'specificationModels' | 'deliveryNumber' | 'deliveryWeightNumber' | 'reelNumber'>;

export function noticeGoodsColumns<T extends NoticeLine>(
  t: TFunction,
  totals: { weight: number; storageNumber: number },
  options: { withWarehouse?: boolean } = {},
): GoodsColumn<T>[] {
  return [
    { key: 'goodsName', title: t('supervision.warehouse.goodsName'), render: (l) => l.goodsName },
    { key: 'specificationModels', title: t('supervision.warehouse.specificationModels'), render: (l) => orDash(l.specificationModels) },
    {
      key: 'weight',
      title: t('supervision.warehouse.quantity'),
      align: 'right',
      render: (l) => formatQuantity(l.weight),
      total: formatQuantity(totals.weight),
    },
    {
      key: 'storageNumber',
      title: t('supervision.warehouse.weight'),
      align: 'right',
      render: (l) => formatQuantity(l.storageNumber),
      total: formatQuantity(totals.storageNumber),
    },
    { key: 'reelNumber', title: t('supervision.warehouse.reelNumber'), render: (l) => orDash(l.reelNumber) },
    ...(options.withWarehouse
      ? [{ key: 'warehouseName', title: t('supervision.warehouse.warehouse'), render: (l: T) => orDash(l.warehouseName) }]
      : []),
  ];
}

export function deliveryGoodsColumns<T extends DeliveryLine>(
  t: TFunction,
  totals: { deliveryNumber: number; deliveryWeightNumber: number },
): GoodsColumn<T>[] {
  return [
    { key: 'goodsName', title: t('supervision.warehouse.goodsName'), render: (l) => l.goodsName },
    { key: 'specificationModels', title: t('supervision.warehouse.specificationModels'), render: (l) => orDash(l.specificationModels) },
    {
      key: 'deliveryNumber',
      title: t('supervision.warehouse.deliveryNumber'),
      align: 'right',
      render: (l) => formatQuantity(l.deliveryNumber),
      total: formatQuantity(totals.deliveryNumber),
    },
    {
      key: 'deliveryWeightNumber',
      title: t('supervision.warehouse.deliveryWeightNumber'),
      align: 'right',
      render: (l) => formatQuantity(l.deliveryWeightNumber),
      total: formatQuantity(totals.deliveryWeightNumber),
    },
    { key: 'reelNumber', title: t('supervision.warehouse.reelNumber'), render: (l) => orDash(l.reelNumber) },
  ];
}
