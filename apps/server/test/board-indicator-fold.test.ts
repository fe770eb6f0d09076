// How a widget bound to an indicator combines the periods of the indicator's frequency (the rules of
// modules/data-portal-boards/indicators.ts), on hand-made rows.
import { describe, expect, it } from 'vitest';
import { combine, foldRows, monthsBetween, periodsOf } from '../src/modules/data-portal-boards/indicators.js';

describe('indicator folds', () => {
  it('lists the months a date range touches, across years', () => {
    expect(monthsBetween('2025-11-15', '2026-02-01')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03-01', '2026-03-31')).toEqual(['2026-03']);
  });

  it('groups months into calendar quarters and years; day and week indicators are taken per month', () => {
    const months = monthsBetween('2025-11-01', '2026-04-30');
    expect(periodsOf('quarter', months)).toEqual([['2025-11', '2025-12'], ['2026-01', '2026-02', '2026-03'], ['2026-04']]);
    expect(periodsOf('year', months)).toEqual([
      ['2025-11', '2025-12'],
      ['2026-01', '2026-02', '2026-03', '2026-04'],
    ]);
    expect(periodsOf('week', months)).toEqual(months.map((m) => [m]));
  });

  it('combines period figures by the aggregation', () => {
    expect(combine('sum', [1, 2, 3])).toBe(6);
    expect(combine('count', [1, 2, 3])).toBe(6);
    expect(combine('avg', [0, 2, 4])).toBe(2);
    expect(combine('max', [0, 7, 4])).toBe(7);
    expect(combine('min', [3, 7, 4])).toBe(3);
    expect(combine('latest', [5, 6, 0])).toBe(6);
    expect(combine('latest', [0, 0])).toBe(0);
    expect(combine('avg', [])).toBe(0);
  });

  it('folds rows keyed by dimension and month, counting months without rows as zero, the largest first', () => {
    const rows = [
      { keys: ['A', '2026-01'], values: [10] },
      { keys: ['A', '2026-03'], values: [20] },
      { keys: ['B', '2026-02'], values: [90] },
    ];
    const avg = foldRows(rows, { aggregation: 'avg', frequency: 'month' }, '2026-01-01', '2026-03-31', 20);
    expect(avg).toEqual({
      rows: [
        { keys: ['B'], values: [30] },
        { keys: ['A'], values: [10] },
      ],
      truncated: false,
    });
    const min = foldRows(rows, { aggregation: 'min', frequency: 'month' }, '2026-01-01', '2026-03-31', 1);
    expect(min).toEqual({ rows: [{ keys: ['A'], values: [0] }], truncated: true });
    const latest = foldRows(rows, { aggregation: 'latest', frequency: 'month' }, '2026-01-01', '2026-03-31', 20);
    expect(latest.rows).toEqual([
      { keys: ['B'], values: [90] },
      { keys: ['A'], values: [20] },
    ]);
  });
});
