// The contract/order entry pickers' query: one page of the caller's enterprise's contracts and orders as one list
// (the order, project and loan pickers use their own modules' list queries).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  CONTRACT_TYPE_NAMES,
  CONTRACT_TYPE_PREFIX,
  type ContractEntry,
  type ContractTypeKey,
  type ContractTypeSuffix,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { COUNT_CAP, cappedTotal, keptCount, likePattern, type PageWindow, type Paged } from '../../lib/paging.js';
import { readVersion } from '../../lib/version-cache.js';

const SALES_KEY: ContractTypeKey = `${CONTRACT_TYPE_PREFIX}XSDD`;
const PURCHASE_KEY: ContractTypeKey = `${CONTRACT_TYPE_PREFIX}CGDD`;

/** Sales and purchase orders as contract entries, in this order: each kind's code and counterparty columns. */
const ORDER_BRANCHES = [
  { key: SALES_KEY, table: 'sales_orders', code: 'order_code', name: 'enterprise_name' },
  { key: PURCHASE_KEY, table: 'purchase_orders', code: 'purchase_order_code', name: 'supplier_name' },
] as const;

export type EntryFilter = {
  /** Only these type keys; undefined = every type. */
  types: readonly ContractTypeKey[] | undefined;
  search: string | undefined;
  /** With a single type: just that entry. */
  id?: number | undefined;
};

type EntryRow = {
  id: number;
  code: string;
  contract_relevance_code: string;
  contract_type: string;
  enterprise_name: string;
  money: number | string;
  status: string;
  created_at: string;
};

const typeName = (key: string): string => {
  const suffix = key.startsWith(CONTRACT_TYPE_PREFIX) ? key.slice(CONTRACT_TYPE_PREFIX.length) : '';
  return (CONTRACT_TYPE_NAMES as Record<string, string>)[suffix as ContractTypeSuffix] ?? key;
};

/**
 * A branch whose matches are more than this many is read newest first along its created_at index, each row checked
 * with ILIKE alone: its matches come often enough, and the pieces condition would only work out each row's pieces again.
 */
const PIECES_INDEX_MAX = 1000;

/**
 * Rows where any of `columns` holds `text` (case-insensitive); `byPieces`: found through the table's index of their
 * pieces (migration 0016): a row holding `text` holds every one- and two-character piece of it, so the index gives
 * the candidates and ILIKE checks them. `columns` in the order of the index's expression.
 */
function holding(columns: readonly string[], text: string, byPieces: boolean): RawBuilder<unknown> {
  const p = likePattern(text);
  const refs = columns.map((c) => sql.ref(c));
  const any = sql.join(
    refs.map((c) => sql`${c} ILIKE ${p}`),
    sql` OR `,
  );
  return byPieces ? sql`(${any}) AND search_pieces(${sql.join(refs)}) @> search_pieces(${text}::text)` : sql`(${any})`;
}

/**
 * How many entries of each type match a search of one or two characters (lower-cased): such a text is a single
 * piece, held by exactly the entries it matches (ILIKE compares lower-cased texts), and migration 0016 keeps the
 * count of each. Undefined for a longer text.
 */
async function matchCounts(db: Kysely<DB>, ent: string, text: string): Promise<Map<string, number> | undefined> {
  if ([...text].length > 2) return undefined;
  const r = await sql<{ entry_type: string | null; n: string | number | null }>`
    SELECT c.entry_type, c.n FROM (SELECT lower(${text}) AS piece) t
    LEFT JOIN entry_search_piece_counts c ON c.enterprise_id = ${ent} AND c.piece = t.piece
    WHERE length(t.piece) <= 2`.execute(db);
  if (r.rows.length === 0) return undefined;
  return new Map(r.rows.flatMap((c) => (c.entry_type === null ? [] : [[c.entry_type, Number(c.n)] as const])));
}

export async function pageContractEntries(db: Kysely<DB>, ent: string, f: EntryFilter, w: PageWindow): Promise<Paged<ContractEntry>> {
  const wants = (key: ContractTypeKey) => f.types === undefined || f.types.includes(key);
  const contractTypes = f.types?.filter((k) => k !== SALES_KEY && k !== PURCHASE_KEY);
  const search = f.search || undefined;
  // A short search's matches per type, when known: the total without counting rows, and which branches to read how.
  const counts = search !== undefined && f.id === undefined ? await matchCounts(db, ent, search) : undefined;
  const held = (isBranchType: (type: string) => boolean): number | undefined =>
    counts && [...counts].reduce((sum, [type, n]) => (isBranchType(type) ? sum + n : sum), 0);
  let knownTotal = 0;

  // Each branch with its own order: the page takes the first offset + limit rows of each (by the created_at indexes)
  // and orders only those, rather than sorting every contract and order of the enterprise. A branch no entry of which
  // holds a short search is left out.
  const branches: { rows: RawBuilder<unknown>; order: RawBuilder<unknown> }[] = [];
  const contractsHeld = held(
    (type) => type !== SALES_KEY && type !== PURCHASE_KEY && (contractTypes?.includes(type as ContractTypeKey) ?? true),
  );
  if ((contractTypes === undefined || contractTypes.length > 0) && contractsHeld !== 0) {
    const conds = [sql`enterprise_id = ${ent}`];
    if (contractTypes !== undefined) conds.push(sql`contract_type IN (${sql.join(contractTypes)})`);
    if (search)
      conds.push(holding(['code', 'contract_relevance_code', 'enterprise_name'], search, (contractsHeld ?? 0) <= PIECES_INDEX_MAX));
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
    knownTotal += contractsHeld ?? 0;
    branches.push({
      rows: sql`SELECT id, code, contract_relevance_code, contract_type, enterprise_name, money, status, created_at
        FROM contracts WHERE ${sql.join(conds, sql` AND `)}`,
      order: sql`created_at DESC, contract_type, id DESC`,
    });
  }
  for (const o of ORDER_BRANCHES) {
    const orderHeld = held((type) => type === o.key);
    if (!wants(o.key) || orderHeld === 0) continue;
    const code = sql.ref(o.code);
    const name = sql.ref(o.name);
    const conds = [sql`enterprise_id = ${ent}`];
    if (search) conds.push(holding([o.code, o.name], search, (orderHeld ?? 0) <= PIECES_INDEX_MAX));
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
    knownTotal += orderHeld ?? 0;
    branches.push({
      rows: sql`SELECT id, ${code} AS code, ''::text AS contract_relevance_code, ${o.key}::text AS contract_type,
        ${name} AS enterprise_name, money, status, created_at FROM ${sql.table(o.table)} WHERE ${sql.join(conds, sql` AND `)}`,
      order: sql`created_at DESC, id DESC`,
    });
  }
  if (branches.length === 0) return { content: [], total: 0 };

  const union = sql.join(
    branches.map((b) => sql`(${b.rows})`),
    sql` UNION ALL `,
  );
  const firstRows = sql.join(
    branches.map((b) => sql`(${b.rows} ORDER BY ${b.order} LIMIT ${w.offset + w.limit})`),
    sql` UNION ALL `,
  );
  // The count (up to COUNT_CAP) is kept under the data version (migration 0021: any change to contracts or orders
  // makes a new one), read before counting, so paging through the picker counts once.
  const [rows, version] = await Promise.all([
    sql<EntryRow>`SELECT * FROM (${firstRows}) e ORDER BY e.created_at DESC, e.contract_type, e.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`.execute(
      db,
    ),
    counts ? undefined : readVersion(db),
  ]);
  const total =
    version === undefined
      ? knownTotal
      : await keptCount(db, version, `entries|${ent}|${f.types?.join(',') ?? ''}|${f.id ?? ''}|${search ?? ''}`, () =>
          sql<{ n: number }>`SELECT count(*)::int AS n FROM (${union} LIMIT ${COUNT_CAP + 1}) e`
            .execute(db)
            .then((r) => Number(r.rows[0]?.n ?? 0)),
        );
  return {
    ...cappedTotal(total),
    content: rows.rows.map((r) => ({
      id: Number(r.id),
      code: r.code,
      contractRelevanceCode: r.contract_relevance_code,
      type: r.contract_type,
      contractType: r.contract_type,
      contractTypeName: typeName(r.contract_type),
      enterpriseName: r.enterprise_name,
      money: Number(r.money),
      status: r.status,
      createTime: r.created_at,
    })),
  };
}
