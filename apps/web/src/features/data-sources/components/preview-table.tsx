// A dataset's first rows: one column per field, numbers in the user's language, empty cells said as such.
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';

type Cell = string | number | null;

export function PreviewTable({ titles, rows, label }: { titles: string[]; rows: Cell[][]; label: string }) {
  const { t, i18n } = useTranslation();
  const show = (v: Cell) => (v === null ? t('dataSources.empty') : typeof v === 'number' ? v.toLocaleString(i18n.language) : v);
  return (
    <Table<{ key: number; cells: Cell[] }>
      aria-label={label}
      size="small"
      pagination={false}
      scroll={{ x: 'max-content', y: 360 }}
      dataSource={rows.map((cells, key) => ({ key, cells }))}
      columns={titles.map((title, i) => ({
        title,
        key: String(i),
        align: rows.some((r) => typeof r[i] === 'number') ? 'right' : 'left',
        render: (_, r) => show(r.cells[i] ?? null),
      }))}
    />
  );
}
