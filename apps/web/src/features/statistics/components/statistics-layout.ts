// How a statistics page lays its charts out on wide screens: KPI figures in a row of their own, then the charts in
// rows of 24 columns, a small chart (pie, ring, gauge) beside a wide one (16 + 8), two wide ones side by side, three
// small ones in a row. Narrow screens stack every chart (the page's grid does that).
import type { ChartData, ChartKind } from '@tfb/contract';

const SMALL: readonly ChartKind[] = ['pie', 'ring', 'gauge'];
export const isSmall = (c: Pick<ChartData, 'kind'>): boolean => SMALL.includes(c.kind);

export type PlacedChart = { chart: ChartData; span: number };

/** The charts (KPI figures left out) in rows, each with its share of the row's 24 columns. */
export function layoutRows(charts: readonly ChartData[]): PlacedChart[][] {
  const rows: PlacedChart[][] = [];
  let i = 0;
  while (i < charts.length) {
    const [a, b, c] = [charts[i]!, charts[i + 1], charts[i + 2]];
    if (b && !isSmall(a) && isSmall(b)) {
      rows.push([
        { chart: a, span: 16 },
        { chart: b, span: 8 },
      ]);
      i += 2;
    } else if (b && isSmall(a) && !isSmall(b)) {
      rows.push([
        { chart: a, span: 8 },
        { chart: b, span: 16 },
      ]);
      i += 2;
    } else if (b && c && isSmall(a) && isSmall(b) && isSmall(c)) {
      rows.push([a, b, c].map((chart) => ({ chart, span: 8 })));
      i += 3;
    } else if (b) {
      rows.push([
        { chart: a, span: 12 },
        { chart: b, span: 12 },
      ]);
      i += 2;
    } else {
      rows.push([{ chart: a, span: 24 }]);
      i += 1;
    }
  }
  return rows;
}
