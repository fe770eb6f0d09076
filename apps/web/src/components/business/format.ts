// Display helpers of the business screens: amounts, dates and empty values.
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';

/** Amounts with two decimals, grouped. */
export const formatMoney = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** An amount with its unit (元), as details show it. */
export const moneyText = (t: TFunction, n: number): string => `${formatMoney(n)} ${t('biz.common.yuan')}`;

/** Quantities with up to three decimals. */
export const formatQuantity = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : n.toLocaleString('zh-CN', { maximumFractionDigits: 3 });

/** The date part of an ISO timestamp or date. */
export const formatDate = (s: string | null | undefined): string => (s ? s.slice(0, 10) : '—');

export const formatDateTime = (s: string | null | undefined): string => {
  if (!s) return '—';
  const d = dayjs(s);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : s;
};

export const orDash = (s: string | null | undefined): string => (s === null || s === undefined || s.trim() === '' ? '—' : s);

export const DATE_FORMAT = 'YYYY-MM-DD';

/** A picked day as the contract takes it (yyyy-MM-dd), or null. */
export const dayText = (d: Dayjs | null): string | null => (d ? d.format(DATE_FORMAT) : null);

/** The day of an ISO timestamp or date, for a date picker, or null. */
export const dayOf = (s: string | null | undefined): Dayjs | null => (s ? dayjs(s.slice(0, 10), DATE_FORMAT) : null);

/** A date picker's value as the contract takes it (yyyy-MM-dd); anything else as it is. */
export const dateValue = (v: unknown): unknown => (dayjs.isDayjs(v) ? v.format(DATE_FORMAT) : v);
