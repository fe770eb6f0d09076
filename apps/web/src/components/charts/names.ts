// How the charts name what the server sends as keys: a measure series (amount, count, …), a code (a contract type,
// a status, an order kind, a direction…) through the locales; months, provinces and stored names as given.
import type { TFunction } from 'i18next';
import { CONTRACT_TYPE_PREFIX, type ChartData, type DimensionKind } from '@tfb/contract';

type Series = ChartData['series'][number];

export type ChartNames = {
  /** A category (an axis label, a slice, a table row) of the given kind. */
  category: (key: string, kind: DimensionKind | null) => string;
  /** A series' name (a legend entry, a table column). */
  series: (series: Pick<Series, 'key' | 'keyKind'>) => string;
};

/** A code's locale key: contract types are named by their suffix (MLZZHFWPT_CONTACTTYPE_CGHT → CGHT). */
const codeKey = (code: string): string => (code.startsWith(CONTRACT_TYPE_PREFIX) ? code.slice(CONTRACT_TYPE_PREFIX.length) : code);

export function chartNames(t: TFunction): ChartNames {
  const code = (key: string) => t(`charts.code.${codeKey(key)}`, { defaultValue: key });
  return {
    category: (key, kind) => (kind === 'code' ? code(key) : key),
    series: ({ key, keyKind }) =>
      keyKind === 'measure' ? t(`charts.measure.${key}`, { defaultValue: key }) : keyKind === 'code' ? code(key) : key,
  };
}
