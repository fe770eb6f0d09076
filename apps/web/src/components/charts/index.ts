// The chart kit: charts of the contract's ChartData for the statistics pages, the boards and the scenes.
// ECharts itself loads with the first chart drawn (echarts-runtime.ts), never with the page that imports the kit.
export { Chart, loadECharts, usePreloadECharts, type ChartProps } from './chart';
export { ChartCard, type ChartCardProps } from './chart-card';
export { ChartTable, type ChartTableProps } from './chart-table';
export { KpiCard, KpiFigure } from './kpi-card';
export {
  CHINA_MAP,
  ECHARTS_KINDS,
  buildOption,
  categoryAt,
  drawnAs,
  hasFigures,
  isEChartsKind,
  isHorizontal,
  type BuildContext,
  type ChartTheme,
  type EChartsKind,
} from './build-options';
export { figureFormat, intlLocale, periodChange, type FigureFormat, type UnitWords } from './format';
export { chartNames, datasetNames, useDatasetNames, type ChartNames, type DatasetNames } from './names';
export { CHART_PALETTE } from './palette';
export { useChartContext } from './use-chart-context';
