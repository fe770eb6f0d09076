// The columns of an uploaded dataset as the user confirms or edits them: each column's title, type, role and (for a
// measure) unit. The problems a save would be refused for are shown under the cell (columnProblems).
import { Input, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MEASURE_UNITS, UPLOAD_COLUMN_ROLES, UPLOAD_COLUMN_TYPES, type UploadedColumn } from '@tfb/contract';

export type ColumnProblem = { column: string; field: 'title' | 'type' | 'unit'; key: string };

/** What the server would refuse in these columns, as locale keys per column and field. */
export function columnProblems(columns: readonly UploadedColumn[]): ColumnProblem[] {
  return columns.flatMap((c): ColumnProblem[] => [
    ...(c.title.trim() === '' ? [{ column: c.name, field: 'title' as const, key: 'dataSources.wizard.titleRequired' }] : []),
    ...(c.role === 'measure' && c.type !== 'number'
      ? [{ column: c.name, field: 'type' as const, key: 'dataSources.wizard.measureNotNumber' }]
      : []),
    ...(c.role === 'measure' && c.unit === null
      ? [{ column: c.name, field: 'unit' as const, key: 'dataSources.wizard.unitRequired' }]
      : []),
  ]);
}

/** The edit the server takes for each column. */
export const columnEdits = (columns: readonly UploadedColumn[]) =>
  columns.map(({ name, title, type, role, unit }) => ({ name, title: title.trim(), type, role, unit: role === 'measure' ? unit : null }));

type Props = { value: UploadedColumn[]; onChange: (next: UploadedColumn[]) => void };

export function ColumnEditor({ value, onChange }: Props) {
  const { t } = useTranslation();
  const problems = columnProblems(value);
  const problem = (column: string, field: ColumnProblem['field']) => {
    const p = problems.find((x) => x.column === column && x.field === field);
    return p ? (
      <Typography.Text type="danger" className="data-sources__problem">
        {t(p.key)}
      </Typography.Text>
    ) : null;
  };
  const patch = (name: string, change: Partial<UploadedColumn>) =>
    onChange(
      value.map((c) => {
        if (c.name !== name) return c;
        const next = { ...c, ...change };
        // A column made a measure is counted in something; one made a dimension in nothing.
        if (change.role === 'measure' && next.unit === null) next.unit = 'count';
        if (change.role === 'dimension') next.unit = null;
        return next;
      }),
    );
  return (
    <Table<UploadedColumn>
      size="small"
      rowKey="name"
      pagination={false}
      dataSource={value}
      scroll={{ y: 320 }}
      columns={[
        { title: t('dataSources.column.header'), dataIndex: 'header', width: 160 },
        {
          title: t('dataSources.column.title'),
          key: 'title',
          render: (_, c) => (
            <>
              <Input
                aria-label={`${t('dataSources.column.title')} ${c.header}`}
                value={c.title}
                maxLength={64}
                status={problems.some((p) => p.column === c.name && p.field === 'title') ? 'error' : undefined}
                onChange={(e) => patch(c.name, { title: e.target.value })}
              />
              {problem(c.name, 'title')}
            </>
          ),
        },
        {
          title: t('dataSources.column.type'),
          key: 'type',
          width: 130,
          render: (_, c) => (
            <>
              <Select
                aria-label={`${t('dataSources.column.type')} ${c.header}`}
                className="data-sources__select"
                value={c.type}
                options={UPLOAD_COLUMN_TYPES.map((v) => ({ value: v, label: t(`dataSources.type.${v}`) }))}
                onChange={(type) => patch(c.name, { type })}
              />
              {problem(c.name, 'type')}
            </>
          ),
        },
        {
          title: t('dataSources.column.role'),
          key: 'role',
          width: 120,
          render: (_, c) => (
            <Select
              aria-label={`${t('dataSources.column.role')} ${c.header}`}
              className="data-sources__select"
              value={c.role}
              options={UPLOAD_COLUMN_ROLES.map((v) => ({ value: v, label: t(`dataSources.role.${v}`) }))}
              onChange={(role) => patch(c.name, { role })}
            />
          ),
        },
        {
          title: t('dataSources.column.unit'),
          key: 'unit',
          width: 110,
          render: (_, c) =>
            c.role === 'measure' ? (
              <>
                <Select
                  aria-label={`${t('dataSources.column.unit')} ${c.header}`}
                  className="data-sources__select"
                  value={c.unit ?? undefined}
                  options={MEASURE_UNITS.map((v) => ({ value: v, label: t(`charts.unitName.${v}`) }))}
                  onChange={(unit) => patch(c.name, { unit })}
                />
                {problem(c.name, 'unit')}
              </>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            ),
        },
      ]}
    />
  );
}
