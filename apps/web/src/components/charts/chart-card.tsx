// A titled card around a chart, with its actions (`extra`, e.g. an export) and a switch between the drawing and
// its table (the accessible alternative of a canvas: the same figures, and the same segments to open).
import { AreaChartOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartData } from '@tfb/contract';
import type { ChartTheme } from './build-options';
import { Chart } from './chart';
import { ChartTable } from './chart-table';
import './charts.css';

export type ChartCardProps = {
  title: string;
  data: ChartData;
  height?: number;
  theme?: ChartTheme;
  onSegmentClick?: (index: number) => void;
  /** Actions beside the title. */
  extra?: ReactNode;
  className?: string;
  /** What the categories are (the table view's first column). */
  categoryTitle?: string;
  /** Which categories open something (the table view links only those). */
  opens?: (index: number) => boolean;
};

export function ChartCard({
  title,
  data,
  height = 300,
  theme = 'light',
  onSegmentClick,
  extra,
  className,
  categoryTitle,
  opens,
}: ChartCardProps) {
  const { t } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const toggle = t(asTable ? 'charts.showChart' : 'charts.showTable', { title });
  return (
    <Card
      size="small"
      variant="borderless"
      className={['tfb-chart-card', `tfb-chart-card--${theme}`, className].filter(Boolean).join(' ')}
      // A region named by its title: the card is found by what it shows, its drawing is the img of the same name.
      role="region"
      aria-label={title}
      title={<h2 className="tfb-chart-card__title">{title}</h2>}
      extra={
        <div className="tfb-chart-card__actions">
          {extra}
          {data.kind === 'table' ? null : (
            <Tooltip title={toggle}>
              <Button
                type="text"
                size="small"
                aria-label={toggle}
                aria-pressed={asTable}
                icon={asTable ? <AreaChartOutlined /> : <TableOutlined />}
                onClick={() => setAsTable((v) => !v)}
              />
            </Tooltip>
          )}
        </div>
      }
    >
      {asTable ? (
        <div className="tfb-chart-card__table" style={{ minHeight: height }}>
          <ChartTable data={data} onSegmentClick={onSegmentClick} categoryTitle={categoryTitle} opens={opens} />
        </div>
      ) : (
        <Chart data={data} height={height} theme={theme} onSegmentClick={onSegmentClick} label={title} categoryTitle={categoryTitle} />
      )}
    </Card>
  );
}
