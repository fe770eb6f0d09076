// The table columns of each of the 13 risk types (spec 2.3 item 9), from the contract's column list, with titles
// in the current language.
import { Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { RISK_TYPE_COLUMNS, RISK_TYPE_TITLES, type CompanyRiskRecord, type RiskColumn, type RiskType } from '@tfb/contract';

const amountFormat = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const riskTypeTitle = (t: TFunction, type: number): string =>
  t(`supervision.risk.types.t${type}`, { defaultValue: RISK_TYPE_TITLES[type as RiskType] ?? String(type) });

export const riskColumnTitle = (t: TFunction, type: RiskType, column: RiskColumn): string =>
  t(`supervision.risk.columns.t${type}.${column.key}`, { defaultValue: column.title });

function cell(value: unknown, column: RiskColumn): string {
  if (value === null || value === undefined || value === '') return '—';
  if (column.kind === 'amount' && typeof value === 'number') return amountFormat.format(value);
  return String(value);
}

/** The detail columns of one type (without the company column). */
export function typeColumns(t: TFunction, type: RiskType): TableColumnsType<CompanyRiskRecord> {
  return RISK_TYPE_COLUMNS[type].map((c) => ({
    key: c.key,
    title: riskColumnTitle(t, type, c),
    align: c.kind === 'amount' ? ('right' as const) : undefined,
    width: c.kind === 'date' ? 110 : c.kind === 'amount' ? 150 : undefined,
    render: (_: unknown, r: CompanyRiskRecord) => cell((r.details as Record<string, unknown>)[c.key], c),
  }));
}

export function RiskTypeTag({ t, type }: { t: TFunction; type: number }) {
  return (
    <Tag color="volcano" variant="filled">
      {riskTypeTitle(t, type)}
    </Tag>
  );
}
