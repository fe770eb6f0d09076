// In-storage notices and delivery instructions of one enterprise, for the regulated-warehouse lists: list rows
// carry their first 3 goods lines and totals over all lines; details carry every line. Written once for both
// kinds: the kind's tables (kinds.ts) say where, its contract descriptor the wire names, which the SQL selects as.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { WAREHOUSE_MAX_GOODS_SHOWN, type SourceRow } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';
import type { Columns, KindTables } from './kinds.js';
import { ownedRecord } from '../../lib/owned.js';

/** The name of the enterprise's warehouse `id` (the caller's own, shown above the second list), or null. */
export async function warehouseName(db: Kysely<DB>, enterpriseId: string, id: number): Promise<string | null> {
  const w = await ownedRecord(db.selectFrom('warehouses').select('name'), enterpriseId, id);
  return w?.name ?? null;
}

/** A select list reading each column as its wire name. */
export const selectAs = (columns: Columns, from?: string): RawBuilder<unknown> =>
  sql.join(Object.entries(columns).map(([wire, column]) => sql`${sql.ref(from ? `${from}.${column}` : column)} AS ${sql.id(wire)}`));

/** Sums of numeric(18,3) values: keep them at three decimals. */
export const round3 = (n: number) => Math.round(Number(n) * 1000) / 1000;

/** Matches search text in any of the columns (case-insensitive, wildcards escaped). */
export const blurryMatch = (columns: readonly string[], text: string): RawBuilder<unknown> => {
  const p = likePattern(text);
  return sql`(${sql.join(
    columns.map((c) => sql`${sql.ref(c)} ilike ${p}`),
    sql` OR `,
  )})`;
};

// ---------------------------------------------------------------------------------------------------------------
// Goods lines of any document (source or order)

/** A table of goods lines: its parent column, the columns read as the wire line, and the two measures' wire names. */
export type LineTable = { table: string; parent: string; columns: Columns; measures: readonly [string, string] };

export type WireLine = { id: number } & Record<string, unknown>;
/** A document's lines (all, or the first few) with the count and the two measures' totals over ALL its lines. */
export type LinesOf = { lines: WireLine[]; count: number; totals: [number, number] };

const NO_LINES: LinesOf = { lines: [], count: 0, totals: [0, 0] };

/** The first WAREHOUSE_MAX_GOODS_SHOWN lines of each document, with count and totals over all its lines. */
export async function firstLines(db: Kysely<DB>, t: LineTable, ids: number[]): Promise<(id: number) => LinesOf> {
  if (!ids.length) return () => NO_LINES;
  const rows = await sql<WireLine & { parent_id: number; rn: number; goods_count: number; total_0: number; total_1: number }>`
    SELECT * FROM (
      SELECT ${selectAs(t.columns, 'g')}, g.${sql.ref(t.parent)} AS parent_id,
             row_number() OVER (PARTITION BY g.${sql.ref(t.parent)} ORDER BY g.id)::int AS rn,
             count(*) OVER (PARTITION BY g.${sql.ref(t.parent)})::int AS goods_count,
             sum(g.${sql.ref(t.columns[t.measures[0]]!)}) OVER (PARTITION BY g.${sql.ref(t.parent)}) AS total_0,
             sum(g.${sql.ref(t.columns[t.measures[1]]!)}) OVER (PARTITION BY g.${sql.ref(t.parent)}) AS total_1
      FROM ${sql.table(t.table)} g
      WHERE g.${sql.ref(t.parent)} IN (${sql.join(ids)})
    ) x WHERE x.rn <= ${WAREHOUSE_MAX_GOODS_SHOWN}
    ORDER BY x.parent_id, x.rn`.execute(db);
  const byParent = new Map<number, LinesOf>();
  for (const { parent_id, rn: _rn, goods_count, total_0, total_1, ...line } of rows.rows) {
    const of = byParent.get(parent_id) ?? { lines: [], count: goods_count, totals: [round3(total_0), round3(total_1)] };
    of.lines.push(line);
    byParent.set(parent_id, of);
  }
  return (id) => byParent.get(id) ?? NO_LINES;
}

/** Every line of one document, with count and totals. */
export async function allLines(db: Kysely<DB>, t: LineTable, id: number): Promise<LinesOf> {
  const rows = await sql<WireLine>`
    SELECT ${selectAs(t.columns)} FROM ${sql.table(t.table)} WHERE ${sql.ref(t.parent)} = ${id} ORDER BY id`.execute(db);
  const sum = (wire: string) => round3(rows.rows.reduce((n, l) => n + Number(l[wire]), 0));
  return { lines: rows.rows, count: rows.rows.length, totals: [sum(t.measures[0]), sum(t.measures[1])] };
}

/** A table of documents (notices, instructions or orders) and their goods lines, read as the wire. */
export type DocumentTable<R> = {
  table: string;
  columns: Columns;
  lines: LineTable;
  /** The wire document from its header and its lines (the kind's names). */
  toWire: (header: Record<string, unknown>, of: LinesOf) => R;
};

type Header = Record<string, unknown> & { id: number };

/** A page of the documents matching `where`, newest first, each with its first lines; `count` counts them all. */
export async function pageDocuments<R>(
  db: Kysely<DB>,
  d: DocumentTable<R>,
  where: RawBuilder<unknown>,
  count: RawBuilder<{ n: number }>,
  w: PageWindow,
): Promise<{ content: R[]; total: number }> {
  const [headers, total] = await Promise.all([
    sql<Header>`
      SELECT ${selectAs(d.columns)} FROM ${sql.table(d.table)} WHERE ${where}
      ORDER BY id DESC LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db),
    count.execute(db),
  ]);
  const linesOf = await firstLines(
    db,
    d.lines,
    headers.rows.map((h) => h.id),
  );
  return { total: Number(total.rows[0]?.n ?? 0), content: headers.rows.map((h) => d.toWire(h, linesOf(h.id))) };
}

/** One document of the enterprise with ALL its lines, or undefined (also for another enterprise's id). */
export async function findDocument<R>(db: Kysely<DB>, d: DocumentTable<R>, enterpriseId: string, id: number): Promise<R | undefined> {
  const header = await sql<Header>`
    SELECT ${selectAs(d.columns)} FROM ${sql.table(d.table)} WHERE id = ${id} AND enterprise_id = ${enterpriseId}`.execute(db);
  const h = header.rows[0];
  return h ? d.toWire(h, await allLines(db, d.lines, id)) : undefined;
}

/** A kind's goods lines in `table`: id, `first` (an order line's source line), goods, the two measures, reel number,
 * then the kind's own columns, each read as its wire name. */
export function lineTable(t: KindTables, table: string, parent: string, first: Columns = {}): LineTable {
  const measures = t.kind.names.measures;
  const columns = {
    id: 'id',
    ...first,
    goodsName: 'goods_name',
    specificationModels: 'specification_models',
    [measures[0]]: t.measures[0],
    [measures[1]]: t.measures[1],
    reelNumber: 'reel_number',
    ...t.lineExtra,
  };
  return { table, parent, columns, measures };
}

// ---------------------------------------------------------------------------------------------------------------
// Source documents (notices / instructions)

/** A kind's source documents: the header columns in the contract's order, and the wire row with its lines. */
const sources = (t: KindTables): DocumentTable<SourceRow> => ({
  table: t.source.table,
  columns: {
    id: 'id',
    code: 'code',
    contractRelevanceCode: 'contract_relevance_code',
    enterpriseName: 'enterprise_name',
    superviseName: 'supervise_name',
    warehouseName: 'warehouse_name',
    warehouseId: 'warehouse_id',
    collectionTime: 'collection_time',
    ...t.source.extra,
    isCreate: 'is_create',
  },
  lines: lineTable(t, t.source.lines, t.source.parent),
  toWire: (header, of) => {
    const n = t.kind.names;
    return { ...header, [n.lines]: of.lines, goodsCount: of.count, [n.totals[0]]: of.totals[0], [n.totals[1]]: of.totals[1] } as SourceRow;
  },
});

/** The equality filters a list may add; the counts table of the kind keeps each of them. */
export type SourceEquals = { warehouse_id?: number | undefined; supervise_id?: string | undefined; data_sources?: string | undefined };

export type SourceFilter = {
  enterpriseId: string;
  isCreate: number;
  blurry: string | undefined;
  /** The document's own date (collection_time / plan_delivery_time). */
  date: string | undefined;
  equals: SourceEquals;
};

export async function pageSources(
  db: Kysely<DB>,
  t: KindTables,
  f: SourceFilter,
  w: PageWindow,
): Promise<{ content: SourceRow[]; total: number }> {
  const equals = Object.entries(f.equals)
    .filter(([, v]) => v !== undefined && v !== '')
    .map(([column, v]) => sql`${sql.ref(column)} = ${v}`);
  const where = sql.join(
    [
      sql`enterprise_id = ${f.enterpriseId}`,
      sql`is_create = ${f.isCreate}`,
      ...equals,
      ...(f.date ? [sql`${sql.ref(t.source.date)} = ${f.date}`] : []),
      ...(f.blurry ? [blurryMatch(['code', 'contract_relevance_code', 'enterprise_name', 'warehouse_name'], f.blurry)] : []),
    ],
    sql` AND `,
  );
  // Without a search or a date the total is a sum over the trigger-kept counts (migration 0005), else counted.
  const counted = f.blurry || f.date;
  const count = sql<{ n: number }>`
    SELECT ${counted ? sql`count(*)` : sql`coalesce(sum(n), 0)`} AS n
    FROM ${sql.table(counted ? t.source.table : t.source.counts)}
    WHERE ${counted ? where : sql.join([sql`enterprise_id = ${f.enterpriseId}`, sql`is_create = ${f.isCreate}`, ...equals], sql` AND `)}`;
  return pageDocuments(db, sources(t), where, count, w);
}

/** One source document of the enterprise with ALL its goods lines, or undefined (also for another enterprise's id). */
export const findSource = (db: Kysely<DB>, t: KindTables, enterpriseId: string, id: number): Promise<SourceRow | undefined> =>
  findDocument(db, sources(t), enterpriseId, id);
