// A chart's figures as a table: the table kind, and every chart's accessible alternative (the card's table view).
// A category whose chart opens a list is a link here too.
import { Button, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartData } from '@tfb/contract';
import { useChartContext } from './use-chart-context';

type Row = { index: number; name: string; values: number[] };

export type ChartTableProps = {
  data: ChartData;
  onSegmentClick?: (index: number) => void;
  caption?: string;
  /** The first column's title (what the categories are); a generic one unless given. */
  categoryTitle?: string;
  /** Which categories open something (all of them, with onSegmentClick, unless told). */
  opens?: (index: number) => boolean;
};

export function ChartTable({ data, onSegmentClick, caption, categoryTitle, opens }: ChartTableProps) {
  const { t } = useTranslation();
  const { names, format } = useChartContext();
  const single = data.kind === 'kpi' || data.kind === 'gauge';
  const rows: Row[] = single
    ? [
        {
          index: 0,
          name: data.series[0] ? names.series(data.series[0]) : '',
          values: [data.kpi?.value ?? data.series[0]?.values[0] ?? 0],
        },
      ]
    : data.categories.map((key, index) => ({
        index,
        name: names.category(key, data.categoryKind),
        values: data.series.map((s) => s.values[index] ?? 0),
      }));
  const series = single ? [data.series[0] ?? { key: 'value', keyKind: 'measure' as const, unit: data.unit, values: [] }] : data.series;
  const columns: TableColumnsType<Row> = [
    {
      title: single ? t('charts.table.measure') : (categoryTitle ?? t('charts.table.category')),
      key: 'name',
      ellipsis: true,
      render: (_, row) =>
        onSegmentClick && !single && (opens?.(row.index) ?? true) ? (
          <Button type="link" size="small" className="tfb-chart-table__link" onClick={() => onSegmentClick(row.index)}>
            {row.name}
          </Button>
        ) : (
          row.name
        ),
    },
    ...series.map((s, i) => ({
      title: single ? t('charts.table.value') : names.series(s),
      key: `s${i}`,
      align: 'right' as const,
      render: (_: unknown, row: Row) => <span className="tfb-chart-table__num">{format.value(row.values[i] ?? 0, s.unit)}</span>,
    })),
  ];
  return (
    <Table<Row>
      className="tfb-chart-table"
      size="small"
      rowKey="index"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ y: 260 }}
      title={caption ? () => caption : undefined}
      locale={{ emptyText: t('charts.empty') }}
    />
  );
}
