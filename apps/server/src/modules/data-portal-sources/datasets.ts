// Uploaded datasets as the data-portal calls see them (the seam the data-portal module lists, previews and
// aggregates them through): their fields, their first rows, and aggregates computed in SQL, never raw rows.
// An uploaded dataset belongs to the enterprise that uploaded it, whatever the caller's wider scope.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  DATA_PORTAL_MESSAGES,
  UPLOADED_COUNT_MEASURE,
  isUploadedDatasetId,
  type DataFilter,
  type DatasetDetail,
  type DatasetField,
  type DatasetSummary,
  type UploadedColumn,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { findDataset, firstRows, listDatasets, type DatasetRow, type Scope } from './repository.js';

export { isUploadedDatasetId };

const unknownDataset = () => new AppError(40400, DATA_PORTAL_MESSAGES.unknownDataset);

/** A column as a dataset field: dates are grouped by month, provinces by province, anything else as text. */
export function fieldOf(c: UploadedColumn): DatasetField {
  if (c.role === 'measure') return { name: c.name, role: 'measure', kind: null, unit: c.unit ?? 'count', title: c.title };
  const kind = c.type === 'date' ? 'month' : c.type === 'province' ? 'province' : 'text';
  return { name: c.name, role: 'dimension', kind, unit: null, title: c.title };
}

/** The row count every uploaded dataset offers besides its measure columns (the web names it). */
const COUNT_FIELD: DatasetField = { name: UPLOADED_COUNT_MEASURE, role: 'measure', kind: null, unit: 'count', title: null };

const summaryOf = (d: DatasetRow): DatasetSummary => ({
  id: d.id,
  kind: 'uploaded',
  name: d.name,
  fields: [...d.columns.map(fieldOf), COUNT_FIELD],
  rowCount: d.rowCount,
  refreshedAt: d.refreshedAt,
});

export async function uploadedSummaries(db: Kysely<DB>, scope: Scope): Promise<DatasetSummary[]> {
  return (await listDatasets(db, scope)).map(summaryOf);
}

/** An uploaded dataset with its first rows (values in the order of its columns); undefined when the caller has none
 * of that id. */
export async function uploadedDetail(db: Kysely<DB>, scope: Scope, id: string): Promise<DatasetDetail | undefined> {
  const d = isUploadedDatasetId(id) ? await findDataset(db, scope, id) : undefined;
  if (!d) return undefined;
  return { ...summaryOf(d), preview: { columns: d.columns.map((c) => c.name), rows: await firstRows(db, d.id) } };
}

/** The measures of an uploaded dataset of the caller's enterprise (its measure columns and the row count), by name;
 * undefined when the caller has no dataset of that id. */
export async function uploadedMeasures(db: Kysely<DB>, scope: Scope, id: string): Promise<DatasetField[] | undefined> {
  const d = isUploadedDatasetId(id) ? await findDataset(db, scope, id) : undefined;
  return d && summaryOf(d).fields.filter((f) => f.role === 'measure');
}

export type UploadedQuery = { dataset: string; dimensions: string[]; measures: string[]; filter: DataFilter; limit: number };
export type UploadedAggregate = {
  dataset: string;
  dimensions: string[];
  measures: string[];
  rows: { keys: string[]; values: number[] }[];
  truncated: boolean;
};

/**
 * Sums (and counts) of an uploaded dataset's rows by up to two of its dimensions. The filter's period applies to
 * its first date column (a dataset without one is not limited by period); an enterprise other than the caller's
 * has none of its rows; a warehouse does not apply.
 */
export async function queryUploaded(db: Kysely<DB>, scope: Scope, q: UploadedQuery): Promise<UploadedAggregate> {
  const d = isUploadedDatasetId(q.dataset) ? await findDataset(db, scope, q.dataset) : undefined;
  if (!d) throw unknownDataset();
  const index = new Map(d.columns.map((c, i) => [c.name, i]));
  const cell = (i: number) => sql<string>`(cells ->> ${sql.lit(i)})`;

  const keys: RawBuilder<string>[] = q.dimensions.map((name) => {
    const i = index.get(name);
    const c = i === undefined ? undefined : d.columns[i]!;
    if (i === undefined || c?.role !== 'dimension') throw fieldError('dimensions', DATA_PORTAL_MESSAGES.unknownField);
    return c.type === 'date' ? sql<string>`coalesce(substr(${cell(i)}, 1, 7), '')` : sql<string>`coalesce(${cell(i)}, '')`;
  });
  const values: RawBuilder<string>[] = q.measures.map((name) => {
    if (name === UPLOADED_COUNT_MEASURE) return sql<string>`count(*)`;
    const i = index.get(name);
    if (i === undefined || d.columns[i]!.role !== 'measure') throw fieldError('measures', DATA_PORTAL_MESSAGES.unknownField);
    return sql<string>`coalesce(sum(${cell(i)}::numeric), 0)`;
  });

  if (q.filter.enterpriseId !== undefined && q.filter.enterpriseId !== scope.enterpriseId)
    return { dataset: d.id, dimensions: q.dimensions, measures: q.measures, rows: [], truncated: false };

  const dateIndex = d.columns.findIndex((c) => c.type === 'date');
  const where: RawBuilder<unknown>[] = [sql`dataset_id = ${d.id}`];
  if (dateIndex >= 0 && q.filter.from) where.push(sql`${cell(dateIndex)} >= ${q.filter.from}`);
  if (dateIndex >= 0 && q.filter.to) where.push(sql`${cell(dateIndex)} <= ${q.filter.to}`);

  const selected = [...keys.map((k, i) => sql`${k} as ${sql.ref(`k${i}`)}`), ...values.map((v, i) => sql`${v} as ${sql.ref(`v${i}`)}`)];
  const groupBy = keys.length ? sql`group by ${sql.join(keys.map((_, i) => sql.lit(i + 1)))}` : sql``;
  const byMonth = q.dimensions.findIndex((name) => d.columns[index.get(name)!]!.type === 'date');
  const orderBy =
    keys.length === 0
      ? sql``
      : byMonth >= 0
        ? sql`order by ${sql.join(keys.map((_, i) => sql.lit(i + 1)))}`
        : sql`order by ${sql.lit(keys.length + 1)} desc, ${sql.join(keys.map((_, i) => sql.lit(i + 1)))}`;
  const result = await sql<Record<string, string | number>>`
    select ${sql.join(selected)} from uploaded_dataset_rows
    where ${sql.join(where, sql` and `)} ${groupBy} ${orderBy} limit ${q.limit + 1}`.execute(db);
  const rows = result.rows.map((r) => ({
    keys: keys.map((_, i) => String(r[`k${i}`])),
    values: values.map((_, i) => Number(r[`v${i}`])),
  }));
  return { dataset: d.id, dimensions: q.dimensions, measures: q.measures, rows: rows.slice(0, q.limit), truncated: rows.length > q.limit };
}
