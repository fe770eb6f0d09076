// How the page names a dataset and its fields: a built-in one through the locales, an uploaded one as its owner
// titled it.
import { useTranslation } from 'react-i18next';
import { UPLOADED_COUNT_MEASURE, type DatasetSummary } from '@tfb/contract';

export function useSourceNames() {
  const { t } = useTranslation();
  return {
    dataset: (d: DatasetSummary) => d.name ?? t(`charts.dataset.${d.id}`, { defaultValue: d.id }),
    field: (d: DatasetSummary, name: string) => {
      const f = d.fields.find((x) => x.name === name);
      if (f?.title) return f.title;
      if (d.kind === 'uploaded' && name === UPLOADED_COUNT_MEASURE) return t('dataSources.countMeasure');
      const group = f?.role === 'measure' ? 'measure' : 'dimension';
      return t(`charts.${group}.${name}`, { defaultValue: name });
    },
  };
}
