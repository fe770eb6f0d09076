// What the page computes without the server: the problems of confirmed columns (what a save would be refused for)
// and the map chart of an aggregate by province.
import { describe, expect, it } from 'vitest';
import { ChartDataSchema, type DatasetSummary, type UploadedColumn } from '@tfb/contract';
import { columnEdits, columnProblems } from '../components/column-editor';
import { mapChart } from '../components/one-graph';

const col = (over: Partial<UploadedColumn>): UploadedColumn => ({
  name: 'c1',
  header: '金额',
  title: '金额',
  type: 'number',
  role: 'measure',
  unit: 'yuan',
  ...over,
});

describe('column problems', () => {
  it('names a blank title, a measure that is not a number and a measure without a unit', () => {
    expect(columnProblems([col({})])).toEqual([]);
    expect(columnProblems([col({ name: 'c2', title: ' ', type: 'text', unit: null })])).toEqual([
      { column: 'c2', field: 'title', key: 'dataSources.wizard.titleRequired' },
      { column: 'c2', field: 'type', key: 'dataSources.wizard.measureNotNumber' },
      { column: 'c2', field: 'unit', key: 'dataSources.wizard.unitRequired' },
    ]);
    expect(columnProblems([col({ type: 'text', role: 'dimension', unit: null })])).toEqual([]);
  });

  it('sends trimmed titles and no unit for a dimension', () => {
    expect(columnEdits([col({ title: ' 货值 ' }), col({ name: 'c2', role: 'dimension', type: 'province', unit: 'yuan' })])).toEqual([
      { name: 'c1', title: '货值', type: 'number', role: 'measure', unit: 'yuan' },
      { name: 'c2', title: '金额', type: 'province', role: 'dimension', unit: null },
    ]);
  });
});

describe('map chart', () => {
  it('draws one province per row of the aggregate, in the measure’s unit, as the contract’s map chart', () => {
    const source: DatasetSummary = {
      id: 'upload-3',
      kind: 'uploaded',
      name: '各省库存',
      fields: [
        { name: 'c1', role: 'dimension', kind: 'province', unit: null, title: '省份' },
        { name: 'c2', role: 'measure', kind: null, unit: 'tonne', title: '库存' },
      ],
      rowCount: 3,
      refreshedAt: '2026-11-28T08:00:00.000Z',
    };
    const chart = mapChart(source, 'c2', '库存', {
      dataset: 'upload-3',
      dimensions: ['c1'],
      measures: ['c2'],
      rows: [
        { keys: ['上海'], values: [120.5] },
        { keys: ['江苏'], values: [80] },
      ],
      truncated: false,
      scope: 'enterprise',
      computedAt: '2026-11-28T08:00:00.000Z',
    });
    expect(ChartDataSchema.parse(chart)).toEqual(chart);
    expect(chart).toMatchObject({ kind: 'map', unit: 'tonne', categoryKind: 'province', categories: ['上海', '江苏'] });
    expect(chart.series).toEqual([{ key: '库存', keyKind: 'measure', unit: 'tonne', values: [120.5, 80] }]);
  });
});
