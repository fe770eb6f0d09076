// The charts' tooltip content as DOM nodes with CSS classes. ECharts' own tooltip markup carries style attributes,
// which the page's CSP refuses (style-src-attr 'none'): a formatter that returns nodes keeps them out.
import { paletteSlot } from './palette';

export type TooltipRow = { name: string; value: string; slot: number };

/** A title line and a row per series (a marker in the series' colour, its name and the figure). */
export function tooltipNode(title: string, rows: readonly TooltipRow[]): HTMLElement {
  const root = document.createElement('div');
  root.className = 'tfb-chart-tip';
  if (title) {
    const head = document.createElement('div');
    head.className = 'tfb-chart-tip__title';
    head.textContent = title;
    root.append(head);
  }
  for (const row of rows) {
    const line = document.createElement('div');
    line.className = 'tfb-chart-tip__row';
    const dot = document.createElement('span');
    dot.className = `tfb-chart-tip__dot tfb-chart-tip__dot--${paletteSlot(row.slot)}`;
    const name = document.createElement('span');
    name.className = 'tfb-chart-tip__name';
    name.textContent = row.name;
    const value = document.createElement('span');
    value.className = 'tfb-chart-tip__value';
    value.textContent = row.value;
    line.append(dot, name, value);
    root.append(line);
  }
  return root;
}
