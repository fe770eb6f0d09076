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
import { COUNT_CAP, cappedTotal, likePattern, type PageWindow, type Paged } from '../../lib/paging.js';

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
 * Rows where any of `columns` holds `text` (case-insensitive), found through the table's index of their pieces
 * (migration 0016): a row holding `text` holds every one- and two-character piece of it, so the index gives the
 * candidates and ILIKE checks them. `columns` in the order of the index's expression.
 */
function holding(columns: readonly string[], text: string): RawBuilder<unknown> {
  const p = likePattern(text);
  const refs = columns.map((c) => sql.ref(c));
  const any = sql.join(
    refs.map((c) => sql`${c} ILIKE ${p}`),
    sql` OR `,
  );
  return sql`(${any}) AND search_pieces(${sql.join(refs)}) @> search_pieces(${text}::text)`;
}

/**
 * Whether more than COUNT_CAP entries of `types` (undefined: every type) match a search of one or two characters, read
 * from the piece counts of migration 0016: such a text is a single piece, held by exactly the entries it matches.
 * False for a longer text (its count is taken as usual).
 */
async function heldPastCap(db: Kysely<DB>, ent: string, types: readonly ContractTypeKey[] | undefined, text: string): Promise<boolean> {
  if ([...text].length > 2) return false;
  const r = await sql<{ n: string | number }>`SELECT coalesce(sum(n), 0) AS n FROM entry_search_piece_counts
    WHERE enterprise_id = ${ent} AND piece = lower(${text}) ${types === undefined ? sql`` : sql`AND entry_type IN (${sql.join(types)})`}`.execute(
    db,
  );
  return Number(r.rows[0]?.n ?? 0) > COUNT_CAP;
}

export async function pageContractEntries(db: Kysely<DB>, ent: string, f: EntryFilter, w: PageWindow): Promise<Paged<ContractEntry>> {
  const wants = (key: ContractTypeKey) => f.types === undefined || f.types.includes(key);
  const contractTypes = f.types?.filter((k) => k !== SALES_KEY && k !== PURCHASE_KEY);
  const search = f.search || undefined;

  // Each branch with its own order: the page takes the first offset + limit rows of each (by the created_at indexes)
  // and orders only those, rather than sorting every contract and order of the enterprise.
  const branches: { rows: RawBuilder<unknown>; order: RawBuilder<unknown> }[] = [];
  if (contractTypes === undefined || contractTypes.length > 0) {
    const conds = [sql`enterprise_id = ${ent}`];
    if (contractTypes !== undefined) conds.push(sql`contract_type IN (${sql.join(contractTypes)})`);
    if (search) conds.push(holding(['code', 'contract_relevance_code', 'enterprise_name'], search));
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
    branches.push({
      rows: sql`SELECT id, code, contract_relevance_code, contract_type, enterprise_name, money, status, created_at
        FROM contracts WHERE ${sql.join(conds, sql` AND `)}`,
      order: sql`created_at DESC, contract_type, id DESC`,
    });
  }
  for (const o of ORDER_BRANCHES) {
    if (!wants(o.key)) continue;
    const code = sql.ref(o.code);
    const name = sql.ref(o.name);
    const conds = [sql`enterprise_id = ${ent}`];
    if (search) conds.push(holding([o.code, o.name], search));
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
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
  const pastCap = search !== undefined && f.id === undefined && (await heldPastCap(db, ent, f.types, search));
  const [rows, count] = await Promise.all([
    sql<EntryRow>`SELECT * FROM (${firstRows}) e ORDER BY e.created_at DESC, e.contract_type, e.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`.execute(
      db,
    ),
    pastCap ? undefined : sql<{ n: number }>`SELECT count(*)::int AS n FROM (${union} LIMIT ${COUNT_CAP + 1}) e`.execute(db),
  ]);
  return {
    ...cappedTotal(count ? Number(count.rows[0]?.n ?? 0) : COUNT_CAP + 1),
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
