// How the charts name what the server sends as keys: a measure series (amount, count, …), a code (a contract type,
// a status, an order kind, a direction…) through the locales; months, provinces and stored names as given.
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPE_PREFIX,
  UPLOADED_COUNT_MEASURE,
  type ChartData,
  type DatasetSummary,
  type DimensionKind,
  type MeasureUnit,
} from '@tfb/contract';

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

/** How every page names a dataset, its fields and their units: the one set of locale keys (`charts.dataset`,
 * `charts.dimension`, `charts.measure`, `charts.unitName`) for built-in datasets, an uploaded one as its owner
 * titled it. */
export type DatasetNames = {
  dataset: (d: Pick<DatasetSummary, 'id' | 'name'>) => string;
  /** A field of `d` (a built-in one by its locale key, an uploaded column by its title). */
  field: (d: Pick<DatasetSummary, 'kind' | 'fields'>, name: string) => string;
  dimension: (name: string) => string;
  measure: (name: string) => string;
  unit: (unit: MeasureUnit) => string;
};

export function datasetNames(t: TFunction): DatasetNames {
  const dimension = (name: string) => t(`charts.dimension.${name}`, { defaultValue: name });
  const measure = (name: string) => t(`charts.measure.${name}`, { defaultValue: name });
  return {
    dataset: (d) => d.name ?? t(`charts.dataset.${d.id}`, { defaultValue: d.id }),
    field: (d, name) => {
      const f = d.fields.find((x) => x.name === name);
      if (f?.title) return f.title;
      if (d.kind === 'uploaded' && name === UPLOADED_COUNT_MEASURE) return t('charts.countMeasure');
      return f?.role === 'dimension' ? dimension(name) : measure(name);
    },
    dimension,
    measure,
    unit: (unit) => t(`charts.unitName.${unit}`),
  };
}

/** The names in the current language. */
export function useDatasetNames(): DatasetNames {
  const { t } = useTranslation();
  return datasetNames(t);
}
