// The header of a notice or an instruction as the more-goods dialog and the create page show it.
import type { DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import { sourceDateOf, type SourceRow, type WarehouseDocumentKind } from '@tfb/contract';
import { orDash } from './format';

export function sourceHeader(t: TFunction, kind: WarehouseDocumentKind, d: SourceRow): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'code', label: t(kind.labels.sourceCode), children: d.code },
    { key: 'contract', label: t('supervision.warehouse.contractCode'), children: orDash(d.contractRelevanceCode) },
    { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
    { key: 'supervise', label: t('supervision.warehouse.supervisor'), children: orDash(d.superviseName) },
    { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
    { key: 'date', label: t(kind.labels.sourceDate), children: orDash(sourceDateOf(kind, d)) },
  ];
}
