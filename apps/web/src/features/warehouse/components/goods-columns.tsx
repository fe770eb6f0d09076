// The goods-line columns of section 3, for either document kind: goods, specification, the kind's two measures (a
// notice line's weight is shown as quantity and its storageNumber as weight; a delivery line has delivery quantity
// and delivery weight), reel number, and in a dialog the line's warehouse where the kind's lines carry one.
import type { TFunction } from 'i18next';
import { measuresOf, type SourceLine, type WarehouseDocumentKind, type WarehouseOrderLine } from '@tfb/contract';
import { formatQuantity, orDash } from './format';
import type { GoodsColumn } from './goods-lines';

type Line = SourceLine | WarehouseOrderLine;

export function goodsColumns<T extends Line>(
  t: TFunction,
  kind: WarehouseDocumentKind,
  totals: readonly [number, number],
  options: { withWarehouse?: boolean } = {},
): GoodsColumn<T>[] {
  const measure = (i: 0 | 1): GoodsColumn<T> => ({
    key: kind.names.measures[i],
    title: t(kind.labels.measures[i]),
    align: 'right',
    render: (l) => formatQuantity(measuresOf(kind, l)[i]),
    total: formatQuantity(totals[i]),
  });
  return [
    { key: 'goodsName', title: t('supervision.warehouse.goodsName'), render: (l) => l.goodsName },
    { key: 'specificationModels', title: t('supervision.warehouse.specificationModels'), render: (l) => orDash(l.specificationModels) },
    measure(0),
    measure(1),
    { key: 'reelNumber', title: t('supervision.warehouse.reelNumber'), render: (l) => orDash(l.reelNumber) },
    ...(options.withWarehouse && 'warehouseName' in kind.source.line.shape
      ? [
          {
            key: 'warehouseName',
            title: t('supervision.warehouse.warehouse'),
            render: (l: T) => orDash('warehouseName' in l ? l.warehouseName : undefined),
          },
        ]
      : []),
  ];
}
