// The widget editor's option building: datasets and fields named through the locales, what each chart kind can
// draw, what a change of kind or dataset keeps, where a new widget goes and the titles shown per language.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_DATASET_IDS, BUILT_IN_DATASETS, CHART_KINDS, widgetBindingProblem, type Indicator } from '@tfb/contract';
import {
  bindIndicator,
  bindingProblemKey,
  datasetOptions,
  defaultSize,
  dimensionOptions,
  fitBinding,
  indicatorOptions,
  indicatorProblemKey,
  kindOptions,
  layoutOf,
  limitsOf,
  measureOptions,
  newWidgetId,
  placeWidget,
  widgetTitle,
} from '../model/widget-options';

const t = (key: string) => `«${key}»`;

describe('widget editor options', () => {
  it('names every kind and every dataset through the locales', () => {
    expect(kindOptions(t).map((o) => o.value)).toEqual([...CHART_KINDS]);
    expect(kindOptions(t)[0]).toEqual({ value: 'line', label: '«boards.kind.line»' });
    const datasets = datasetOptions('bar', t);
    expect(datasets.map((o) => o.value)).toEqual(BUILT_IN_DATASET_IDS);
    expect(datasets.find((o) => o.value === 'contracts')).toEqual({
      value: 'contracts',
      label: '«charts.dataset.contracts»',
      disabled: false,
    });
  });

  it('offers the map only the datasets and dimensions with a province', () => {
    const usable = datasetOptions('map', t)
      .filter((o) => !o.disabled)
      .map((o) => o.value);
    expect(usable).toEqual(['warehouseFlow', 'warehouseStock']);
    expect(dimensionOptions('map', 'warehouseStock', t)).toEqual([{ value: 'province', label: '«charts.dimension.province»' }]);
  });

  it('lists a dataset’s dimensions and measures with their units; none for a single figure', () => {
    expect(dimensionOptions('bar', 'loans', t).map((o) => o.value)).toEqual(Object.keys(BUILT_IN_DATASETS.loans.dimensions));
    expect(dimensionOptions('kpi', 'loans', t)).toEqual([]);
    expect(dimensionOptions('bar', 'nope', t)).toEqual([]);
    expect(measureOptions('loans', t)).toContainEqual({
      value: 'balance',
      label: '«charts.measure.balance»',
      title: '«charts.unitName.yuan»',
    });
    expect(measureOptions('warehouseStock', t).map((o) => o.title)).toEqual(['«charts.unitName.tonne»', '«charts.unitName.piece»']);
  });

  it('limits the picks per kind', () => {
    expect(limitsOf('kpi')).toEqual({ dimensions: [0, 0], measures: [1, 1] });
    expect(limitsOf('stackedBar')).toEqual({ dimensions: [1, 2], measures: [1, 4] });
    expect(limitsOf('pie').measures).toEqual([1, 1]);
  });

  it('fits a draft to a new kind or dataset so the contract accepts it', () => {
    expect(fitBinding('line', { dataset: 'contracts', dimensions: [], measures: [] })).toEqual({
      dataset: 'contracts',
      dimensions: ['month'],
      measures: ['amount'],
    });
    expect(fitBinding('kpi', { dataset: 'contracts', dimensions: ['month', 'status'], measures: ['count', 'amount'] })).toEqual({
      dataset: 'contracts',
      dimensions: [],
      measures: ['count'],
    });
    // Switching the dataset drops the fields it lacks.
    expect(fitBinding('bar', { dataset: 'warehouseStock', dimensions: ['month', 'warehouse'], measures: ['amount'] })).toEqual({
      dataset: 'warehouseStock',
      dimensions: ['warehouse'],
      measures: ['weight'],
    });
    expect(fitBinding('map', { dataset: 'warehouseStock', dimensions: ['warehouse'], measures: ['weight'] }).dimensions).toEqual([
      'province',
    ]);
    // Every kind on every dataset it can use ends in a binding the contract takes.
    for (const kind of CHART_KINDS) {
      for (const o of datasetOptions(kind, t).filter((d) => !d.disabled)) {
        const b = fitBinding(kind, { dataset: o.value, dimensions: [], measures: [] });
        expect(widgetBindingProblem(kind, b), `${kind} ${o.value}`).toBeUndefined();
        expect(bindingProblemKey(kind, b)).toBeUndefined();
      }
    }
  });

  it('explains a binding the server would refuse', () => {
    expect(bindingProblemKey('pie', { dataset: 'contracts', dimensions: [], measures: ['amount'] })).toBe('boards.editor.dimensionCount');
    expect(bindingProblemKey('map', { dataset: 'contracts', dimensions: ['month'], measures: ['amount'] })).toBe(
      'boards.editor.needProvince',
    );
    expect(bindingProblemKey('bar', { dataset: '', dimensions: [], measures: [] })).toBe('boards.editor.pickDataset');
    expect(bindingProblemKey('bar', { dataset: 'contracts', dimensions: ['month'], measures: ['weight'] })).toBe(
      'boards.editor.pickFields',
    );
  });

  it('places a new widget in the first free cell and names it uniquely', () => {
    const taken = [
      { x: 0, y: 0, w: 6, h: 7 },
      { x: 6, y: 0, w: 3, h: 4 },
    ];
    expect(placeWidget(taken, defaultSize('kpi', 'board'), 'board')).toEqual({ x: 9, y: 0, w: 3, h: 4 });
    expect(placeWidget(taken, defaultSize('bar', 'board'), 'board')).toEqual({ x: 6, y: 4, w: 6, h: 7 });
    // A full stage puts it at the bottom row that still fits.
    const full = [{ x: 0, y: 0, w: 24, h: 11 }];
    expect(placeWidget(full, defaultSize('bar', 'scene'), 'scene')).toEqual({ x: 0, y: 7, w: 8, h: 4 });
    expect(newWidgetId([{ id: 'w1' }, { id: 'w3' }])).toBe('w4');
    expect(newWidgetId([])).toBe('w1');
  });

  it('shows the title of the language, falling back to Chinese, and lays widgets out', () => {
    expect(widgetTitle({ zh: '合同', en: 'Contracts', es: '' }, 'en')).toBe('Contracts');
    expect(widgetTitle({ zh: '合同', en: 'Contracts', es: '' }, 'es')).toBe('合同');
    expect(widgetTitle({ zh: '合同', en: 'Contracts', es: '' }, 'zh-CN')).toBe('合同');
    const [item] = layoutOf(
      [
        {
          id: 'a',
          kind: 'kpi',
          title: { zh: 'x', en: '', es: '' },
          binding: { indicatorId: null, dataset: 'contracts', dimensions: [], measures: ['amount'], limit: 20, max: null },
          position: { x: 1, y: 2, w: 3, h: 4 },
        },
      ],
      false,
    );
    expect(item).toEqual({ i: 'a', x: 1, y: 2, w: 3, h: 4, minW: 2, minH: 2, static: true });
  });

  describe('widgets bound to an indicator', () => {
    const ind = (id: number, over: Partial<Indicator>): Indicator => ({
      id,
      parentId: null,
      sortOrder: id,
      code: `I${id}`,
      name: `指标${id}`,
      definition: '',
      unit: 'yuan',
      frequency: 'month',
      aggregation: 'sum',
      datasetId: 'contracts',
      field: 'amount',
      ownerId: null,
      ownerName: null,
      status: 'active',
      version: 1,
      changeUserName: '孙悦',
      updateTime: '2026-11-01 10:00:00',
      ...over,
    });
    const group = ind(1, { datasetId: '', field: '' });
    const uploaded = ind(2, { datasetId: 'upload-3', field: 'c2' });
    const amount = ind(3, {});
    const stock = ind(4, { datasetId: 'warehouseStock', field: 'weight', unit: 'tonne' });
    const avg = ind(5, { aggregation: 'avg' });

    it('offers every indicator by code and name, disabling those a chart cannot draw', () => {
      expect(indicatorOptions([group, uploaded, amount, stock], 'bar')).toEqual([
        { value: '1', label: 'I1 指标1', disabled: true },
        { value: '2', label: 'I2 指标2', disabled: true },
        { value: '3', label: 'I3 指标3', disabled: false },
        { value: '4', label: 'I4 指标4', disabled: false },
      ]);
      // A map needs a province dimension: stock has one, contracts do not.
      expect(indicatorOptions([amount, stock], 'map').map((o) => o.disabled)).toEqual([true, false]);
    });

    it("takes the indicator's dataset and measure and fits the dimensions to them", () => {
      expect(bindIndicator('bar', stock, { dataset: 'contracts', dimensions: ['contractType'], measures: ['count'] })).toEqual({
        dataset: 'warehouseStock',
        dimensions: ['warehouse'],
        measures: ['weight'],
      });
      expect(bindIndicator('kpi', amount, { dataset: 'orders', dimensions: ['month'], measures: ['count'] })).toEqual({
        dataset: 'contracts',
        dimensions: [],
        measures: ['amount'],
      });
    });

    it('names what the server would refuse', () => {
      const b = (dimensions: string[]) => ({ dataset: 'contracts', dimensions, measures: ['amount'] });
      expect(indicatorProblemKey('bar', undefined, b(['month']))).toBe('boards.editor.pickIndicator');
      expect(indicatorProblemKey('bar', group, b(['month']))).toBe('boards.editor.indicatorNoSource');
      expect(indicatorProblemKey('bar', uploaded, b(['month']))).toBe('boards.editor.indicatorNoSource');
      expect(indicatorProblemKey('stackedBar', avg, b(['contractType', 'status']))).toBe('boards.editor.indicatorFold');
      expect(indicatorProblemKey('stackedBar', avg, b(['month', 'status']))).toBeUndefined();
      expect(indicatorProblemKey('bar', amount, b([]))).toBe('boards.editor.dimensionCount');
      expect(indicatorProblemKey('kpi', avg, b([]))).toBeUndefined();
    });
  });
});
