// The KPI's change from the previous period: a percentage, or how many times the previous period once it is past ten.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChartData } from '@tfb/contract';
import { renderWithProviders } from '../../../test/render';
import { KpiFigure } from '../kpi-card';

const kpi = (value: number, previous: number | null): ChartData => ({
  id: 'k',
  kind: 'kpi',
  dataset: 'contracts',
  unit: 'count',
  categoryKind: null,
  categories: [],
  series: [{ key: 'count', keyKind: 'measure', unit: 'count', values: [value] }],
  kpi: { value, previous },
  max: null,
  drill: null,
});

describe('KPI figure', () => {
  it('shows the change in percent against the previous period', async () => {
    renderWithProviders(<KpiFigure data={kpi(150, 100)} />);
    expect(await screen.findByText(/^较上期增长 50(\.0)?%$/)).toBeInTheDocument();
  });

  it('says how many times the previous period a figure is once it is ten times or more', async () => {
    renderWithProviders(<KpiFigure data={kpi(168_297, 100)} />);
    expect(await screen.findByText('为上期的 1,683 倍')).toBeInTheDocument();
  });

  it('falls, stays flat, or has no previous period', async () => {
    renderWithProviders(
      <>
        <KpiFigure data={kpi(50, 100)} />
        <KpiFigure data={kpi(100, 100)} />
        <KpiFigure data={kpi(100, null)} />
      </>,
    );
    expect(await screen.findByText(/^较上期下降 50(\.0)?%$/)).toBeInTheDocument();
    expect(screen.getByText('与上期持平')).toBeInTheDocument();
    expect(screen.getByText('上期无数据')).toBeInTheDocument();
  });
});
