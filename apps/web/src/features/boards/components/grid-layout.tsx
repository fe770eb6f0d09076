// The drag-and-resize grid (react-grid-layout 2), in a chunk of its own with its stylesheet: only the board and
// scene pages load it. A board's grid follows its container's width and packs widgets upwards; a scene's grid is the
// fixed 1920-pixel stage, drawn scaled (its positions computed for the scale), where widgets stay where they are put.
import { useMemo, type ReactNode } from 'react';
import ReactGridLayout, { noCompactor, useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import { createScaledStrategy, transformStrategy } from 'react-grid-layout/core';
import 'react-grid-layout/css/styles.css';
import type { GridPosition } from '@tfb/contract';

export type GridItem = GridPosition & { i: string; minW?: number; minH?: number; static?: boolean };

export type GridLayoutProps = {
  items: GridItem[];
  cols: number;
  rowHeight: number;
  margin: number;
  editable: boolean;
  /** A fixed width (a scene's stage); the container's width otherwise. */
  width?: number;
  maxRows?: number;
  /** The CSS scale the grid is drawn at (a scene's stage). */
  scale?: number;
  /** Widgets keep the place they are put at (a scene) instead of packing upwards (a board). */
  free?: boolean;
  onChange: (positions: (GridPosition & { id: string })[]) => void;
  children: (id: string) => ReactNode;
};

export default function GridLayout({
  items,
  cols,
  rowHeight,
  margin,
  editable,
  width,
  maxRows,
  scale = 1,
  free,
  onChange,
  children,
}: GridLayoutProps) {
  // Drawn once its container is measured: a first pass at the hook's default width would have every widget (and its
  // chart) drawn at that width, then animated to the real one by the grid's size transition, redrawn at each step.
  const { width: measuredWidth, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const strategy = useMemo(() => (scale === 1 ? transformStrategy : createScaledStrategy(scale)), [scale]);
  const gridWidth = width ?? measuredWidth;
  const ready = width !== undefined || mounted;
  const onLayoutChange = (layout: Layout) => {
    if (!editable) return;
    onChange(layout.map((l) => ({ id: l.i, x: l.x, y: l.y, w: l.w, h: l.h })));
  };
  return (
    <div ref={containerRef} className="boards-grid">
      {ready && (
        <ReactGridLayout
          width={gridWidth}
          layout={items}
          gridConfig={{ cols, rowHeight, margin: [margin, margin], containerPadding: [0, 0], ...(maxRows ? { maxRows } : {}) }}
          dragConfig={{ enabled: editable, handle: '.boards-widget__drag', bounded: Boolean(free) }}
          resizeConfig={{ enabled: editable, handles: ['se'] }}
          compactor={free ? noCompactor : verticalCompactor}
          positionStrategy={strategy}
          onLayoutChange={onLayoutChange}
        >
          {items.map((item) => (
            <div key={item.i} className="boards-grid__item">
              {children(item.i)}
            </div>
          ))}
        </ReactGridLayout>
      )}
    </div>
  );
}
