// How the charts write a figure in the user's language: amounts in yuan with thousands separators (¥1,234.00),
// weights in tonnes, pieces, hours, counts and percentages, in full (tooltips, tables, KPI cards) or short (axes:
// 万/亿 in Chinese, K/M in English and Spanish). Pure functions of the language and the words of the locales.
import type { MeasureUnit } from '@tfb/contract';

export type UnitWords = {
  /** e.g. '{{value}} 吨' / '{{value}} t'. */
  tonne: string;
  piece: string;
  hour: string;
};

export type FigureFormat = {
  /** A figure in full. */
  value: (n: number, unit: MeasureUnit) => string;
  /** A figure on an axis: short. */
  axis: (n: number, unit: MeasureUnit) => string;
};

const LOCALES: Record<string, string> = { zh: 'zh-CN', en: 'en-US', es: 'es-ES' };

/** The Intl locale of an app language (zh unless it is one of the others). */
export const intlLocale = (language: string): string => LOCALES[language] ?? LOCALES.zh!;

const withUnit = (pattern: string, value: string) => pattern.replace('{{value}}', value);

/** The figure formats of a language, with the unit words of its locale. */
export function figureFormat(language: string, words: UnitWords): FigureFormat {
  const locale = intlLocale(language);
  const money = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
  const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: 'always' });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' });
  const compact = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });

  const value = (n: number, unit: MeasureUnit): string => {
    switch (unit) {
      case 'yuan':
        return `${n < 0 ? '-' : ''}¥${money.format(Math.abs(n))}`;
      case 'tonne':
        return withUnit(words.tonne, decimal.format(n));
      case 'piece':
        return withUnit(words.piece, whole.format(n));
      case 'hour':
        return withUnit(words.hour, percent.format(n));
      case 'percent':
        return `${percent.format(n)}%`;
      case 'count':
        return whole.format(n);
    }
  };
  const axis = (n: number, unit: MeasureUnit): string => {
    switch (unit) {
      case 'yuan':
        return `${n < 0 ? '-' : ''}¥${compact.format(Math.abs(n))}`;
      case 'percent':
        return `${percent.format(n)}%`;
      default:
        return compact.format(n);
    }
  };
  return { value, axis };
}

/** The change from the previous period in percent (null when there is no previous figure, or it was zero). */
export function periodChange(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  return ((value - previous) / Math.abs(previous)) * 100;
}
