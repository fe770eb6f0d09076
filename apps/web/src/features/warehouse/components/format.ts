// Quantities and weights as the lists show them: up to three decimals, grouped.
const quantityFormat = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 3 });

export const formatQuantity = (n: number | null | undefined): string =>
  n === null || n === undefined || Number.isNaN(n) ? '—' : quantityFormat.format(n);

export const orDash = (s: string | null | undefined): string => (s && s.trim() ? s : '—');
