// Zero-based paging with a hard upper bound, so no request materialises an unbounded table; one way to read a
// page of a query (its rows and the count of all of them) and one way to search text columns.
import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool, type StringReference } from 'kysely';
import { MAX_PAGE_SIZE, type Page, type PageQuery } from '@tfb/contract';

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
 * The window `w` of `filtered` as `rows` selects and orders it, each row mapped to the wire, with the count of
 * the rows the filter matches up to COUNT_CAP (both read at once).
 */
export async function fetchPage<D, TB extends keyof D, O, R>(
  /** The database the count runs on (any Kysely instance: the count names no table). */
  db: Parameters<RawBuilder<unknown>['execute']>[0],
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- Kysely's type of a query that selects nothing yet
  filtered: SelectQueryBuilder<D, TB, {}>,
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  rows: (q: SelectQueryBuilder<D, TB, {}>) => SelectQueryBuilder<D, TB, O>,
  w: Pick<PageWindow, 'offset' | 'limit'>,
  toWire: (row: O) => R,
): Promise<Paged<R>> {
  const matches = filtered.select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1);
  const [list, count] = await Promise.all([
    rows(filtered).limit(w.limit).offset(w.offset).execute(),
    sql<{ n: number }>`SELECT count(*) AS n FROM (${matches}) m`.execute(db),
  ]);
  return { content: list.map(toWire), ...cappedTotal(Number(count.rows[0]?.n ?? 0)) };
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
