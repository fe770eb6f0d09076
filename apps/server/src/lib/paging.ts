// Zero-based paging with a hard upper bound, so no request materialises an unbounded table; one way to read a
// page of a query (its rows and the count of all of them) and one way to search text columns.
import {
  sql,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type StringReference,
} from 'kysely';
import { MAX_PAGE_SIZE, type Page, type PageQuery } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { FiguresCache, perDatabase, readVersion, versionKey, type DataVersion } from './version-cache.js';

export type PageWindow = {
  pageNumber: number;
  pageSize: number;
  offset: number;
  limit: number;
  clamped: boolean;
};

/**
 * How many rows a list counts at most. Counting every match of a large filter was most of a page's cost; past the
 * cap the total is a lower bound and the reply says so (`estimated`).
 */
export const COUNT_CAP = 10_000;

/** One page of rows and how many rows the whole filter matches (at least that many when `estimated`). */
export type Paged<T> = { content: T[]; total: number; estimated?: boolean };

export function pageWindow(query: PageQuery, max = MAX_PAGE_SIZE): PageWindow {
  const clamped = query.pageSize > max;
  const pageSize = clamped ? max : query.pageSize;
  // A clamped request (e.g. the spec's 1e9 page size with page 0, 7.2 and 7.3) is served as its first bounded page.
  const pageNumber = clamped ? 0 : query.pageNumber;
  return { pageNumber, pageSize, offset: pageNumber * pageSize, limit: pageSize, clamped };
}

export function pageOf<T>(content: T[], totalElements: number, w: PageWindow, estimated = false): Page<T> {
  return {
    content,
    totalElements,
    pageNumber: w.pageNumber,
    pageSize: w.pageSize,
    ...(w.clamped ? { clamped: true } : {}),
    ...(estimated ? { estimated: true } : {}),
  };
}

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Per database: the counts of recent filters of the lists that name their filter (`countKey`), kept under the data
 * version (migration 0021), so paging through a list, or many users opening the same list, counts once per change.
 */
const PAGE_COUNTS_KEPT = 2000;
const pageCountsOf = perDatabase(() => new FiguresCache<number>(PAGE_COUNTS_KEPT));

/**
 * The count of the filter `key` names under data version `version` (read before counting), or `count()` kept under
 * it; concurrent requests for one uncounted filter share one count.
 */
export const keptCount = (db: object, version: DataVersion, key: string, count: () => Promise<number>): Promise<number> =>
  pageCountsOf(db).get(`${versionKey(version)}|${key}`, count);

/**
 * The window `w` of `filtered` as `rows` selects and orders it, each row mapped to the wire, with the count of
 * the rows the filter matches up to COUNT_CAP (both read at once).
 *
 * `countKey` names the filter completely (its tables, enterprise and every condition) and may be given only when
 * every table it reads raises the data version: the count is then kept under the version, read with the rows and
 * before counting. Inside a transaction, whose own writes raise the version only at its commit, it always counts.
 */
export async function fetchPage<D, TB extends keyof D, O, R>(
  /** The database the list reads (any Kysely instance: the count and the version name no table of its type). */
  db: Parameters<RawBuilder<unknown>['execute']>[0] & Pick<Kysely<DB>, 'isTransaction'>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's type of a query that selects nothing yet
  filtered: SelectQueryBuilder<D, TB, {}>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  rows: (q: SelectQueryBuilder<D, TB, {}>) => SelectQueryBuilder<D, TB, O>,
  w: Pick<PageWindow, 'offset' | 'limit'>,
  toWire: (row: O) => R,
  countKey?: string,
): Promise<Paged<R>> {
  const matches = filtered.select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
  const count = () => sql<{ n: number }>`SELECT count(*) AS n FROM (${matches}) m`.execute(db).then((r) => Number(r.rows[0]?.n ?? 0));
  if (countKey === undefined || db.isTransaction) {
    const [list, n] = await Promise.all([rows(filtered).limit(w.limit).offset(w.offset).execute(), count()]);
    return { content: list.map(toWire), ...cappedTotal(n) };
  }
  // The version names no table of D: the data_version row is in every database of the product.
  const [list, version] = await Promise.all([
    rows(filtered).limit(w.limit).offset(w.offset).execute(),
    readVersion(db as unknown as Kysely<DB>),
  ]);
  const n = await keptCount(db, version, countKey, count);
  return { content: list.map(toWire), ...cappedTotal(n) };
}

/** A count taken up to COUNT_CAP (a query with LIMIT COUNT_CAP + 1) as a page's total. */
export const cappedTotal = (n: number): Pick<Paged<unknown>, 'total' | 'estimated'> =>
  n > COUNT_CAP ? { total: COUNT_CAP, estimated: true } : { total: n };

/** `q` narrowed to rows where any of `columns` contains `text` (case-insensitive); `q` itself without a text. */
export function matchingAny<D, TB extends keyof D, O>(
  q: SelectQueryBuilder<D, TB, O>,
  text: string | undefined,
  columns: readonly StringReference<D, TB>[],
): SelectQueryBuilder<D, TB, O> {
  if (!text) return q;
  const p = likePattern(text);
  return q.where((eb: ExpressionBuilder<D, TB>) => eb.or(columns.map((c) => sql<SqlBool>`${eb.ref(c)} ilike ${p}`)));
}
