// A scene's big screen: a fixed 1920×1080 stage (dark, a title bar, then the 24 × 11 grid of widgets) drawn with
// a CSS scale so it fills its box — the viewport on a wall screen, the designer's width while editing.
import { Skeleton } from 'antd';
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { SCENE_STAGE, type ChartData, type GridPosition, type Widget } from '@tfb/contract';
import { layoutOf } from '../model/widget-options';
import { WidgetCard } from './widget-card';

const GridLayout = lazy(() => import('./grid-layout'));
export const STAGE_PADDING = 24;
export const STAGE_MARGIN = 16;
/** Rows of the stage's grid: 11 rows and 10 gaps fill the height below the title bar less the bottom padding. */
export const STAGE_ROW_HEIGHT = Math.floor(
  (SCENE_STAGE.height - SCENE_STAGE.header - STAGE_PADDING - (SCENE_STAGE.rows - 1) * STAGE_MARGIN) / SCENE_STAGE.rows,
);
const chartHeight = (h: number) => h * STAGE_ROW_HEIGHT + (h - 1) * STAGE_MARGIN - 62;

/** The scale at which the stage fits a box of `width` × `height` (`height` 0: fit the width alone). */
export function stageScale(width: number, height: number): number {
  if (width <= 0) return 0;
  const byWidth = width / SCENE_STAGE.width;
  return height > 0 ? Math.min(byWidth, height / SCENE_STAGE.height) : byWidth;
}

type Props = {
  title: string;
  widgets: readonly Widget[];
  charts: ReadonlyMap<string, ChartData>;
  computedAt?: string | undefined;
  /** Fill the box both ways (a wall screen) or its width alone (the designer). */
  fit: 'contain' | 'width';
  editable?: boolean;
  onMove?: (positions: (GridPosition & { id: string })[]) => void;
  onEdit?: (widget: Widget) => void;
  onRemove?: (id: string) => void;
  /** Shown on the stage below the title bar when there are no widgets. */
  empty?: ReactNode;
};

export function SceneStage({ title, widgets, charts, computedAt, fit, editable = false, onMove, onEdit, onRemove, empty }: Props) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement | null>(null);
  const [scale, setScale] = useState(0);
  const [now, setNow] = useState(() => dayjs());
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setScale(stageScale(el.clientWidth, fit === 'contain' ? el.clientHeight : 0));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit]);
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <div ref={box} className={`scene-box scene-box--${fit}`}>
      {scale > 0 && (
        <div className="scene-box__frame" style={{ width: SCENE_STAGE.width * scale, height: SCENE_STAGE.height * scale }}>
          <div className="scene-stage" style={{ transform: `scale(${scale})` }} data-testid="scene-stage">
            <header className="scene-stage__header">
              <div className="scene-stage__meta">
                {computedAt ? t('boards.scene.updatedAt', { time: dayjs(computedAt).format('HH:mm:ss') }) : ''}
              </div>
              <h1 className="scene-stage__title">{title}</h1>
              <div className="scene-stage__clock">{now.format('YYYY-MM-DD HH:mm:ss')}</div>
            </header>
            <div className="scene-stage__grid">
              {widgets.length === 0 ? (
                <div className="scene-stage__empty">{empty}</div>
              ) : (
                <Suspense fallback={<Skeleton active />}>
                  <GridLayout
                    items={layoutOf(widgets, editable)}
                    cols={SCENE_STAGE.cols}
                    rowHeight={STAGE_ROW_HEIGHT}
                    margin={STAGE_MARGIN}
                    width={SCENE_STAGE.width - 2 * STAGE_PADDING}
                    maxRows={SCENE_STAGE.rows}
                    scale={scale}
                    free
                    editable={editable}
                    onChange={(p) => onMove?.(p)}
                  >
                    {(id) => {
                      const widget = widgets.find((w) => w.id === id)!;
                      const chart = charts.get(id);
                      return (
                        <WidgetCard
                          widget={widget}
                          chart={chart?.kind === widget.kind ? chart : undefined}
                          height={chartHeight(widget.position.h)}
                          theme="dark"
                          editable={editable}
                          onEdit={() => onEdit?.(widget)}
                          onRemove={() => onRemove?.(id)}
                        />
                      );
                    }}
                  </GridLayout>
                </Suspense>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
