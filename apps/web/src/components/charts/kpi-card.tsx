// A KPI: this period's figure in its unit and the change from the previous period of equal length (↑ / ↓ %).
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartData } from '@tfb/contract';
import type { ChartTheme } from './build-options';
import { periodChange } from './format';
import { useChartContext } from './use-chart-context';
import './charts.css';

export function KpiFigure({ data, theme = 'light' }: { data: ChartData; theme?: ChartTheme }) {
  const { t } = useTranslation();
  const { format } = useChartContext(theme);
  const value = data.kpi?.value ?? data.series[0]?.values[0] ?? 0;
  const previous = data.kpi?.previous ?? null;
  const change = periodChange(value, previous);
  const direction = change === null ? 'none' : change > 0.05 ? 'up' : change < -0.05 ? 'down' : 'flat';
  const pct = change === null ? '' : format.value(Math.abs(change), 'percent');
  // Past ten times the previous period a percentage reads badly (a small previous period): say how many times.
  const times =
    direction === 'up' && previous && previous > 0 && value / previous >= 10 ? format.value(Math.round(value / previous), 'count') : null;
  const icon = { up: <ArrowUpOutlined />, down: <ArrowDownOutlined />, flat: <MinusOutlined />, none: null }[direction];
  const text = {
    up: times ? t('charts.kpi.upTimes', { times }) : t('charts.kpi.up', { pct }),
    down: t('charts.kpi.down', { pct }),
    flat: t('charts.kpi.flat'),
    none: t('charts.kpi.noPrevious'),
  }[direction];
  return (
    <div className={`tfb-kpi tfb-kpi--${theme}`}>
      <div className="tfb-kpi__value">{format.value(value, data.unit)}</div>
      <div className={`tfb-kpi__change tfb-kpi__change--${direction}`}>
        {icon}
        <span>{text}</span>
      </div>
    </div>
  );
}

/** A KPI on a card of its own, titled; `extra` beside the title (an export action). */
export function KpiCard({
  data,
  title,
  theme = 'light',
  extra,
}: {
  data: ChartData;
  title: string;
  theme?: ChartTheme;
  extra?: ReactNode;
}) {
  return (
    <Card size="small" className={`tfb-kpi-card tfb-kpi-card--${theme}`} variant="borderless">
      <div className="tfb-kpi-card__head">
        <Typography.Text type="secondary" className="tfb-kpi-card__title">
          {title}
        </Typography.Text>
        {extra}
      </div>
      <KpiFigure data={data} theme={theme} />
    </Card>
  );
}
