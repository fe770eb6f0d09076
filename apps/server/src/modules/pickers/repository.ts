// Picker queries: one page of orders, projects, loans or contract/order entries of the caller's enterprise.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  CONTRACT_TYPE_NAMES,
  CONTRACT_TYPE_PREFIX,
  type ContractEntry,
  type ContractTypeKey,
  type ContractTypeSuffix,
  type LoanPickRow,
  type ProjectPickRow,
  type PurchaseOrderPickRow,
  type SalesOrderPickRow,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

type Paged<T> = { content: T[]; total: number };

async function paged<O, R>(rows: Promise<O[]>, count: Promise<{ n: number | string | bigint }>, map: (row: O) => R): Promise<Paged<R>> {
  const [list, c] = await Promise.all([rows, count]);
  return { content: list.map(map), total: Number(c.n) };
}

export async function pageSalesOrders(db: Kysely<DB>, ent: string, name: string | undefined, w: PageWindow): Promise<Paged<SalesOrderPickRow>> {
  let q = db.selectFrom('sales_orders').where('enterprise_id', '=', ent);
  if (name) {
    const p = likePattern(name);
    q = q.where((eb) => eb.or([eb('order_code', 'ilike', p), eb('enterprise_name', 'ilike', p)]));
  }
  return paged(
    q.select(['id', 'order_code', 'enterprise_name', 'money_demand', 'sales_date', 'money']).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (r) => ({ ...r, money: Number(r.money) }),
  );
}

export async function pagePurchaseOrders(
  db: Kysely<DB>,
  ent: string,
  name: string | undefined,
  w: PageWindow,
): Promise<Paged<PurchaseOrderPickRow>> {
  let q = db.selectFrom('purchase_orders').where('enterprise_id', '=', ent);
  if (name) {
    const p = likePattern(name);
    q = q.where((eb) => eb.or([eb('purchase_order_code', 'ilike', p), eb('supplier_name', 'ilike', p)]));
  }
  return paged(
    q.select(['id', 'purchase_order_code', 'supplier_name', 'is_precondition', 'purchase_date', 'money']).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (r) => ({ ...r, money: Number(r.money) }),
  );
}

export async function pageProjects(
  db: Kysely<DB>,
  ent: string,
  f: { codeName: string | undefined; type: number | undefined },
  w: PageWindow,
): Promise<Paged<ProjectPickRow>> {
  let q = db.selectFrom('projects').where('enterprise_id', '=', ent);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.codeName) {
    const p = likePattern(f.codeName);
    q = q.where((eb) => eb.or([eb('project_code', 'ilike', p), eb('project_name', 'ilike', p)]));
  }
  return paged(
    q
      .select(['id', 'project_code', 'project_name', 'enterprise_name', 'supplier_name', 'project_take_effect_time', 'type'])
      .orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (r) => ({
      id: r.id,
      projectCode: r.project_code,
      projectName: r.project_name,
      enterpriseName: r.enterprise_name,
      supplierName: r.supplier_name,
      projectTakeEffectTime: r.project_take_effect_time,
      type: r.type,
    }),
  );
}

export async function pageLoans(
  db: Kysely<DB>,
  ent: string,
  f: { search: string | undefined; time: string | undefined },
  w: PageWindow,
): Promise<Paged<LoanPickRow>> {
  let q = db.selectFrom('loan_applications').where('enterprise_id', '=', ent);
  if (f.time) q = q.where('create_date', '=', f.time);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb('application_form_num', 'ilike', p),
        eb('applicant_name', 'ilike', p),
        eb('contract_num', 'ilike', p),
        eb('corporate_name', 'ilike', p),
      ]),
    );
  }
  return paged(
    q
      .select(['id', 'application_form_num', 'applicant_name', 'create_date', 'contract_num', 'contract_amount', 'corporate_name'])
      .orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    (r) => ({
      id: r.id,
      applicationFormNum: r.application_form_num,
      applicantName: r.applicant_name,
      createDate: r.create_date,
      contractNum: r.contract_num,
      contractAmount: Number(r.contract_amount),
      corporateName: r.corporate_name,
    }),
  );
}

// ---- Contract/order entries: contracts and both order tables as one list, newest first ----

const SALES_KEY: ContractTypeKey = `${CONTRACT_TYPE_PREFIX}XSDD`;
const PURCHASE_KEY: ContractTypeKey = `${CONTRACT_TYPE_PREFIX}CGDD`;

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

export async function pageContractEntries(db: Kysely<DB>, ent: string, f: EntryFilter, w: PageWindow): Promise<Paged<ContractEntry>> {
  const wants = (key: ContractTypeKey) => f.types === undefined || f.types.includes(key);
  const contractTypes = f.types?.filter((k) => k !== SALES_KEY && k !== PURCHASE_KEY);
  const p = f.search ? likePattern(f.search) : undefined;

  // Each branch with its own order: the page takes the first offset + limit rows of each (by the created_at indexes)
  // and orders only those, rather than sorting every contract and order of the enterprise.
  const branches: { rows: RawBuilder<unknown>; order: RawBuilder<unknown> }[] = [];
  if (contractTypes === undefined || contractTypes.length > 0) {
    const conds = [sql`enterprise_id = ${ent}`];
    if (contractTypes !== undefined) conds.push(sql`contract_type IN (${sql.join(contractTypes)})`);
    if (p) conds.push(sql`(code ILIKE ${p} OR contract_relevance_code ILIKE ${p} OR enterprise_name ILIKE ${p})`);
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
    branches.push({
      rows: sql`SELECT id, code, contract_relevance_code, contract_type, enterprise_name, money, status, created_at
        FROM contracts WHERE ${sql.join(conds, sql` AND `)}`,
      order: sql`created_at DESC, contract_type, id DESC`,
    });
  }
  if (wants(SALES_KEY)) {
    const conds = [sql`enterprise_id = ${ent}`];
    if (p) conds.push(sql`(order_code ILIKE ${p} OR enterprise_name ILIKE ${p})`);
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
    branches.push({
      rows: sql`SELECT id, order_code AS code, ''::text AS contract_relevance_code, ${SALES_KEY}::text AS contract_type,
        enterprise_name, money, status, created_at FROM sales_orders WHERE ${sql.join(conds, sql` AND `)}`,
      order: sql`created_at DESC, id DESC`,
    });
  }
  if (wants(PURCHASE_KEY)) {
    const conds = [sql`enterprise_id = ${ent}`];
    if (p) conds.push(sql`(purchase_order_code ILIKE ${p} OR supplier_name ILIKE ${p})`);
    if (f.id !== undefined) conds.push(sql`id = ${f.id}`);
    branches.push({
      rows: sql`SELECT id, purchase_order_code AS code, ''::text AS contract_relevance_code, ${PURCHASE_KEY}::text AS contract_type,
        supplier_name AS enterprise_name, money, status, created_at FROM purchase_orders WHERE ${sql.join(conds, sql` AND `)}`,
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
  const [rows, count] = await Promise.all([
    sql<EntryRow>`SELECT * FROM (${firstRows}) e ORDER BY e.created_at DESC, e.contract_type, e.id DESC LIMIT ${w.limit} OFFSET ${w.offset}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (${union}) e`.execute(db),
  ]);
  return {
    total: Number(count.rows[0]?.n ?? 0),
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
