// The one-graph (一图): a measure of a data source with a province dimension, summed by province on the server and
// drawn as the chart kit's China map (its ranked bars when the map cannot be drawn).
import { Alert, Empty, Select, Skeleton, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartData, DataQueryResult, DatasetSummary } from '@tfb/contract';
import { ChartCard } from '../../../components/charts';
import { aggregateQueryOptions } from '../api/datasets';
import { useDatasetNames } from '../../../components/charts/names';

const provinceField = (d: DatasetSummary) => d.fields.find((f) => f.role === 'dimension' && f.kind === 'province');

/** The map's figures: one category per province, one series of the measure. */
export function mapChart(d: DatasetSummary, measure: string, seriesName: string, result: DataQueryResult): ChartData {
  const unit = d.fields.find((f) => f.name === measure)?.unit ?? 'count';
  return {
    id: `oneGraph-${d.id}-${measure}`,
    kind: 'map',
    dataset: d.id,
    unit,
    categoryKind: 'province',
    categories: result.rows.map((r) => r.keys[0] ?? ''),
    series: [{ key: seriesName, keyKind: 'measure', unit, values: result.rows.map((r) => r.values[0] ?? 0) }],
    kpi: null,
    max: null,
    drill: null,
  };
}

export function OneGraph({ sources }: { sources: DatasetSummary[] }) {
  const { t } = useTranslation();
  const names = useDatasetNames();
  const mappable = sources.filter((d) => provinceField(d) !== undefined);
  const [sourceId, setSourceId] = useState<string | undefined>(() => mappable.find((d) => d.kind === 'uploaded')?.id ?? mappable[0]?.id);
  const source = mappable.find((d) => d.id === sourceId);
  const measures = source?.fields.filter((f) => f.role === 'measure') ?? [];
  const [measureName, setMeasureName] = useState<string | undefined>(undefined);
  const measure = measures.find((f) => f.name === measureName) ?? measures[0];
  const province = source && provinceField(source);
  const figures = useQuery({
    ...aggregateQueryOptions({
      dataset: source?.id ?? '',
      dimensions: [province?.name ?? ''],
      measures: [measure?.name ?? ''],
      limit: 100,
    }),
    enabled: source !== undefined && province !== undefined && measure !== undefined,
  });

  if (mappable.length === 0) return <Empty description={t('dataSources.map.noProvinceSource')} />;
  const measureTitle = source && measure ? names.field(source, measure.name) : '';
  return (
    <Space direction="vertical" size="middle" className="data-sources__one-graph">
      <Space wrap>
        <span>{t('dataSources.map.source')}</span>
        <Select
          aria-label={t('dataSources.map.source')}
          className="data-sources__source-select"
          value={source?.id}
          options={mappable.map((d) => ({ value: d.id, label: names.dataset(d) }))}
          onChange={(id) => {
            setSourceId(id);
            setMeasureName(undefined);
          }}
        />
        <span>{t('dataSources.map.measure')}</span>
        <Select
          aria-label={t('dataSources.map.measure')}
          className="data-sources__measure-select"
          value={measure?.name}
          options={measures.map((f) => ({ value: f.name, label: source ? names.field(source, f.name) : f.name }))}
          onChange={setMeasureName}
        />
      </Space>
      {!source || !measure ? (
        <Empty description={t('dataSources.map.pick')} />
      ) : figures.isPending ? (
        <Skeleton active />
      ) : figures.isError ? (
        <Alert type="error" showIcon message={t('dataSources.loadFailed')} />
      ) : (
        <ChartCard
          title={t('dataSources.map.title', { source: names.dataset(source), measure: measureTitle })}
          data={mapChart(source, measure.name, measureTitle, figures.data)}
          height={560}
        />
      )}
    </Space>
  );
}
