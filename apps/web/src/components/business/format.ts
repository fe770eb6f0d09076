// Display helpers of the business screens: amounts, dates and empty values.
import dayjs from 'dayjs';

/** Amounts with two decimals, grouped. */
export const formatMoney = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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

/** A date picker's value as the contract takes it (yyyy-MM-dd); anything else as it is. */
export const dateValue = (v: unknown): unknown => (dayjs.isDayjs(v) ? v.format(DATE_FORMAT) : v);
