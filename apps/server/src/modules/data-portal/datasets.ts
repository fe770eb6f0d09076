// The built-in datasets as SQL: for each, the rows it aggregates (only the dimension columns a query needs, named
// after the dimensions, and the raw columns its measures add up), already narrowed to the caller's enterprises, the
// date range and the warehouse; and its measures as aggregates over those rows. Every value a user sends reaches
// the SQL as a parameter; dimension and measure names are whitelisted by the contract before they get here.
import { sql, type RawBuilder } from 'kysely';
import { PROCESS_ARCHIVE_TASK, RISK_TYPES, type BuiltInDatasetId } from '@tfb/contract';
import type { EnterpriseIds } from './scope.js';

/** A warehouse as the figures name it: its name and the province of its address ('' when it names none). */
export type WarehouseInfo = { id: number; name: string; province: string };

export type QueryContext = {
  /** The enterprises covered (null: every enterprise). */
  ids: EnterpriseIds;
  from: string | undefined;
  to: string | undefined;
  warehouseId: number | undefined;
  warehouses: readonly WarehouseInfo[];
  /** The time durations of running processes are measured up to (ISO, whole hours). */
  now: string;
};

/** The names a query needs of the dataset: its dimensions and measures. */
export type Need = ReadonlySet<string>;

export type DatasetSql = {
  /** The tables the figures are computed from (each raises the data version that keys the cache: migration 0021). */
  tables: readonly string[];
  /** The rows aggregated: a SELECT with a column per needed dimension (named after it) and the measures' raw columns. */
  rows: (c: QueryContext, need: Need) => RawBuilder<unknown>;
  /** Each measure as an aggregate over the rows (alias `b`). */
  measures: Record<string, RawBuilder<unknown>>;
  /** The rows behind the dataset in the scope (`n`), for the data-source list. */
  count: (c: QueryContext) => RawBuilder<unknown>;
  /** Stored codes shown as the contract's keys (e.g. a risk type number as its key). */
  labels?: Record<string, (raw: string) => string>;
  /** The figures change with the time (running durations): the cache key carries the hour. */
  timeDependent?: boolean;
};

type Exprs = Record<string, RawBuilder<unknown>>;

const CST = sql.lit('Asia/Shanghai');
/** The China Standard Time date of a timestamptz column. */
export const cstDate = (col: RawBuilder<unknown>) => sql`(${col} AT TIME ZONE ${CST})::date`;
const monthOf = (day: RawBuilder<unknown>) => sql`to_char(${day}, 'YYYY-MM')`;

const inScope = (c: QueryContext, col: RawBuilder<unknown>) =>
  c.ids === null ? sql`true` : sql`${col} IN (${sql.join(c.ids.map((id) => sql`${id}`))})`;
const fromOn = (c: QueryContext, day: RawBuilder<unknown>) => (c.from ? sql`${day} >= ${c.from}::date` : sql`true`);
const toOn = (c: QueryContext, day: RawBuilder<unknown>) => (c.to ? sql`${day} <= ${c.to}::date` : sql`true`);
const inRange = (c: QueryContext, day: RawBuilder<unknown>) => sql`${fromOn(c, day)} AND ${toOn(c, day)}`;
const atWarehouse = (c: QueryContext, col: RawBuilder<unknown>) => (c.warehouseId ? sql`${col} = ${c.warehouseId}` : sql`true`);

/** The SELECT list: the needed dimensions under their names, then the raw measure columns. */
function selectList(need: Need, dims: Exprs, raw: Exprs): RawBuilder<unknown> {
  const parts = [
    ...Object.entries(dims)
      .filter(([name]) => need.has(name))
      .map(([name, e]) => sql`${e} AS ${sql.ref(name)}`),
    ...Object.entries(raw).map(([name, e]) => sql`${e} AS ${sql.ref(name)}`),
  ];
  return parts.length ? sql.join(parts) : sql`1 AS one`;
}

/** The warehouses as a table `wh(id, name, province)`. */
function warehouseTable(c: QueryContext): RawBuilder<unknown> {
  if (!c.warehouses.length) return sql`(SELECT NULL::bigint, NULL::text, NULL::text WHERE false) AS wh(id, name, province)`;
  return sql`(VALUES ${sql.join(c.warehouses.map((w) => sql`(${w.id}::bigint, ${w.name}::text, ${w.province}::text)`))}) AS wh(id, name, province)`;
}
const needsAny = (need: Need, names: readonly string[]) => names.some((n) => need.has(n));

/** The top-level goods category of a category (alias `root`), joined through the category closure. */
const rootOfCategory = (categoryIdCol: RawBuilder<unknown>) => sql`
  LEFT JOIN (goods_category_tree gt JOIN goods_categories root ON root.id = gt.ancestor_id AND root.parent_id IS NULL)
    ON gt.descendant_id = ${categoryIdCol}`;
/** The top-level goods category of a goods line (alias `root`). */
const rootCategoryJoin = (goodsIdCol: RawBuilder<unknown>) => sql`
  LEFT JOIN goods gd ON gd.id = ${goodsIdCol}
  ${rootOfCategory(sql`gd.category_id`)}`;
const UNCATEGORISED = '未分类';

const sum = (col: string) => sql`coalesce(sum(b.${sql.ref(col)}), 0)`;
const countRows = sql`count(*)`;

// ---- contracts ----

/** The per-day totals the triggers keep of the orders, contracts and settlements (migration 0034: business_rollup, a
 * row per enterprise, day, kind, status and party, a few rows however many records), with the dimensions `dims` names
 * (each over the rollup's columns, alias `r`), for a query that needs none but these and the amount and count
 * measures. */
type BusinessRollup = { dataset: 'orders' | 'contracts' | 'contractParties' | 'settlements'; dims: Exprs };
const fitsRollup = (need: Need, r: BusinessRollup) => [...need].every((n) => n === 'amount' || n === 'count' || Object.hasOwn(r.dims, n));
const businessRollupRows = (c: QueryContext, need: Need, r: BusinessRollup) => sql`
  SELECT ${selectList(need, r.dims, { amount_raw: sql`r.amount`, n_raw: sql`r.records` })}
  FROM business_rollup r
  WHERE r.dataset = ${sql.lit(r.dataset)} AND ${inScope(c, sql`r.enterprise_id`)} AND ${inRange(c, sql`r.day`)}`;
/** The amount and count of a dataset's rows (`n_raw`: 1 per record, or the records a rollup row adds up). */
const amountAndCount = { amount: sum('amount_raw'), count: sum('n_raw') };

/** A contract's or loan application's status: the stored one, except that a record submitted into an approval process
 * takes the process's state (approving, approved, rejected) where the record itself still says `submitted` (records
 * written before the approval module kept the outcome on the process only, as the demo data does). */
const effectiveStatus = (row: string) => sql`CASE WHEN ${sql.ref(`${row}.status`)} = 'submitted' AND pi.status IS NOT NULL
  THEN CASE pi.status WHEN 'running' THEN 'approving' WHEN 'approved' THEN 'approved' ELSE 'rejected' END
  ELSE ${sql.ref(`${row}.status`)} END`;
const processJoin = (row: string) => sql`LEFT JOIN process_instances pi ON pi.id = ${sql.ref(`${row}.process_instance_id`)}`;

const contractDay = cstDateOr(sql`c.sign_date`, sql`c.created_at`);
function cstDateOr(date: RawBuilder<unknown>, created: RawBuilder<unknown>) {
  return sql`coalesce(${date}, ${cstDate(created)})`;
}

// The contracts by type, and again by counterparty and type (the rows by type stay few however many counterparties
// there are). The status as shown follows the approval process: it reads the contracts.
const CONTRACT_ROLLUPS: readonly BusinessRollup[] = [
  { dataset: 'contracts', dims: { month: monthOf(sql`r.day`), contractType: sql`r.kind` } },
  { dataset: 'contractParties', dims: { month: monthOf(sql`r.day`), contractType: sql`r.kind`, counterparty: sql`r.party` } },
];
const contracts: DatasetSql = {
  tables: ['contracts', 'process_instances'],
  rows: (c, need) => {
    const rollup = CONTRACT_ROLLUPS.find((r) => fitsRollup(need, r));
    if (rollup) return businessRollupRows(c, need, rollup);
    return sql`
    SELECT ${selectList(
      need,
      {
        month: monthOf(contractDay),
        contractType: sql`c.contract_type`,
        status: effectiveStatus('c'),
        counterparty: sql`c.enterprise_name`,
      },
      { amount_raw: sql`c.money`, n_raw: sql`1` },
    )}
    FROM contracts c
    ${need.has('status') ? processJoin('c') : sql``}
    WHERE ${inScope(c, sql`c.enterprise_id`)} AND ${inRange(c, contractDay)}`;
  },
  measures: amountAndCount,
  count: (c) => sql`SELECT count(*) AS n FROM contracts c WHERE ${inScope(c, sql`c.enterprise_id`)}`,
};

// ---- orders ----

const orderBranch = (c: QueryContext, need: Need, table: 'sales_orders' | 'purchase_orders') => {
  const kind = table === 'sales_orders' ? 'sale' : 'purchase';
  const counterparty = table === 'sales_orders' ? sql`o.enterprise_name` : sql`o.supplier_name`;
  const day = cstDate(sql`o.created_at`);
  return sql`
    SELECT ${selectList(
      need,
      { month: monthOf(day), orderKind: sql`${kind}::text`, status: sql`o.status`, counterparty },
      { amount_raw: sql`o.money`, n_raw: sql`1` },
    )}
    FROM ${sql.table(table)} o
    WHERE ${inScope(c, sql`o.enterprise_id`)} AND ${inRange(c, day)}`;
};
const ORDER_ROLLUP: BusinessRollup = {
  dataset: 'orders',
  dims: { month: monthOf(sql`r.day`), orderKind: sql`r.kind`, status: sql`r.status` },
};
const orders: DatasetSql = {
  tables: ['sales_orders', 'purchase_orders'],
  // The counterparties are many: those read the orders.
  rows: (c, need) =>
    fitsRollup(need, ORDER_ROLLUP)
      ? businessRollupRows(c, need, ORDER_ROLLUP)
      : sql`${orderBranch(c, need, 'sales_orders')} UNION ALL ${orderBranch(c, need, 'purchase_orders')}`,
  measures: amountAndCount,
  count: (c) => sql`
    SELECT (SELECT count(*) FROM sales_orders o WHERE ${inScope(c, sql`o.enterprise_id`)})
         + (SELECT count(*) FROM purchase_orders o WHERE ${inScope(c, sql`o.enterprise_id`)}) AS n`,
};

// ---- loans ----

const loans: DatasetSql = {
  tables: ['loan_applications', 'settlements', 'process_instances'],
  rows: (c, need) => {
    if (!need.has('counterparty')) {
      // Per enterprise, day and status, with the balance, as the triggers keep them (migration 0035: loan_daily).
      return sql`
        SELECT ${selectList(
          need,
          { month: monthOf(sql`r.day`), status: sql`r.status` },
          {
            loan_raw: sql`r.amount`,
            approved_raw: sql`CASE WHEN r.status = 'approved' THEN r.amount ELSE 0 END`,
            balance_raw: sql`r.balance`,
            n_raw: sql`r.applications`,
          },
        )}
        FROM loan_daily r
        WHERE ${inScope(c, sql`r.enterprise_id`)} AND ${inRange(c, sql`r.day`)}`;
    }
    const withBalance = need.has('balance');
    const status = effectiveStatus('l');
    // A contract's approved and repaid totals are kept by triggers (migration 0025: loan_contract_totals).
    const balance = withBalance
      ? sql`CASE WHEN ${status} <> 'approved' THEN 0
                 WHEN l.contract_id IS NULL OR t.approved IS NULL OR t.approved <= 0 THEN l.loan_amount
                 ELSE l.loan_amount * greatest(0, 1 - t.repaid / t.approved) END`
      : sql`0`;
    return sql`
      SELECT ${selectList(
        need,
        { month: monthOf(sql`l.create_date`), status, counterparty: sql`l.corporate_name` },
        {
          loan_raw: sql`l.loan_amount`,
          approved_raw: sql`CASE WHEN ${status} = 'approved' THEN l.loan_amount ELSE 0 END`,
          balance_raw: balance,
          n_raw: sql`1::bigint`,
        },
      )}
      FROM loan_applications l
      ${processJoin('l')}
      ${withBalance ? sql`LEFT JOIN loan_contract_totals t ON t.contract_id = l.contract_id` : sql``}
      WHERE ${inScope(c, sql`l.enterprise_id`)} AND ${inRange(c, sql`l.create_date`)}`;
  },
  measures: {
    loanAmount: sum('loan_raw'),
    approvedAmount: sum('approved_raw'),
    balance: sql`round(${sum('balance_raw')}, 2)`,
    count: sum('n_raw'),
  },
  count: (c) => sql`SELECT count(*) AS n FROM loan_applications l WHERE ${inScope(c, sql`l.enterprise_id`)}`,
};

// ---- settlements ----

const SETTLEMENT_TYPES: Record<string, string> = { '1': 'receivable', '2': 'payable' };
// Every dimension of the settlements is in the rollup (the day is the settlement date, or the CST date of its creation
// when it has none; the type as stored, 1 or 2).
const SETTLEMENT_ROLLUP: BusinessRollup = {
  dataset: 'settlements',
  dims: { month: monthOf(sql`r.day`), settlementType: sql`r.kind`, status: sql`r.status` },
};
const settlements: DatasetSql = {
  tables: ['settlements'],
  rows: (c, need) => businessRollupRows(c, need, SETTLEMENT_ROLLUP),
  measures: amountAndCount,
  count: (c) => sql`SELECT count(*) AS n FROM settlements s WHERE ${inScope(c, sql`s.enterprise_id`)}`,
  labels: { settlementType: (raw) => SETTLEMENT_TYPES[raw] ?? raw },
};

// ---- warehouse flow and stock ----

type FlowSide = {
  direction: 'in' | 'out';
  header: string;
  lines: string;
  day: RawBuilder<unknown>;
  weight: RawBuilder<unknown>;
  pieces: RawBuilder<unknown>;
};
const IN_SIDE: FlowSide = {
  direction: 'in',
  header: 'in_storage_orders',
  lines: 'in_storage_order_goods',
  day: sql`o.in_storage_time`,
  weight: sql`g.storage_number`,
  pieces: sql`g.weight`,
};
const OUT_SIDE: FlowSide = {
  direction: 'out',
  header: 'outbound_orders',
  lines: 'outbound_order_goods',
  day: sql`o.delivery_time`,
  weight: sql`g.delivery_weight_number`,
  pieces: sql`g.delivery_number`,
};

/** One side's goods lines in the date range. */
function flowBranch(c: QueryContext, need: Need, side: FlowSide): RawBuilder<unknown> {
  const dims: Exprs = {
    warehouse: sql`coalesce(wh.name, o.warehouse_name)`,
    province: sql`coalesce(wh.province, '')`,
    goodsCategory: sql`coalesce(root.goods_category_name, ${UNCATEGORISED}::text)`,
    month: monthOf(side.day),
    direction: sql`${side.direction}::text`,
  };
  const raw: Exprs = {
    weight_raw: side.weight,
    pieces_raw: side.pieces,
    doc_raw: sql`${side.direction.charAt(0)}::text || o.id`,
  };
  return sql`
    SELECT ${selectList(need, dims, raw)}
    FROM ${sql.table(side.header)} o
    JOIN ${sql.table(side.lines)} g ON g.order_id = o.id
    ${needsAny(need, ['warehouse', 'province']) ? sql`LEFT JOIN ${warehouseTable(c)} ON wh.id = o.warehouse_id` : sql``}
    ${need.has('goodsCategory') ? rootCategoryJoin(sql`g.goods_id`) : sql``}
    WHERE ${inScope(c, sql`o.enterprise_id`)} AND ${inRange(c, side.day)} AND ${atWarehouse(c, sql`o.warehouse_id`)}`;
}

const FLOW_TABLES = [
  'in_storage_orders',
  'in_storage_order_goods',
  'outbound_orders',
  'outbound_order_goods',
  'warehouses',
  'goods',
  'goods_categories',
] as const;
const flowCount = (c: QueryContext) => sql`
  SELECT (SELECT count(*) FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id
          WHERE ${inScope(c, sql`o.enterprise_id`)} AND ${atWarehouse(c, sql`o.warehouse_id`)})
       + (SELECT count(*) FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id
          WHERE ${inScope(c, sql`o.enterprise_id`)} AND ${atWarehouse(c, sql`o.warehouse_id`)}) AS n`;

/** The flow per enterprise, warehouse, day and side the triggers keep (migration 0036: flow_rollup, a few rows a day),
 * which serves every query needing neither the goods' category nor the documents counted. */
const FLOW_ROLLUP_NAMES: ReadonlySet<string> = new Set(['warehouse', 'province', 'month', 'direction', 'weight', 'pieces']);
function flowRollup(c: QueryContext, need: Need): RawBuilder<unknown> {
  const dims: Exprs = {
    warehouse: sql`coalesce(wh.name, f.warehouse_name)`,
    province: sql`coalesce(wh.province, '')`,
    month: monthOf(sql`f.day`),
    direction: sql`f.direction`,
  };
  return sql`
    SELECT ${selectList(need, dims, { weight_raw: sql`f.weight`, pieces_raw: sql`f.pieces` })}
    FROM flow_rollup f
    ${needsAny(need, ['warehouse', 'province']) ? sql`LEFT JOIN ${warehouseTable(c)} ON wh.id = f.warehouse_key` : sql``}
    WHERE ${inScope(c, sql`f.enterprise_id`)} AND ${inRange(c, sql`f.day`)} AND ${atWarehouse(c, sql`f.warehouse_key`)}`;
}

const warehouseFlow: DatasetSql = {
  tables: FLOW_TABLES,
  rows: (c, need) =>
    [...need].every((n) => FLOW_ROLLUP_NAMES.has(n))
      ? flowRollup(c, need)
      : sql`
    ${flowBranch(c, need, IN_SIDE)}
    UNION ALL
    ${flowBranch(c, need, OUT_SIDE)}`,
  measures: {
    weight: sql`round(${sum('weight_raw')}, 3)`,
    pieces: sql`round(${sum('pieces_raw')}, 3)`,
    count: sql`count(DISTINCT b.doc_raw)`,
  },
  count: flowCount,
};

/** Stock is counted per enterprise, warehouse and goods (what came in less what went out, never below zero: an
 * outbound order recorded without its in-storage order does not make stock negative; an order naming no warehouse
 * id stocks under the name it wrote). Stock now is what the triggers keep per warehouse and goods category
 * (migration 0033: stock_by_category, a few rows however many movements). Stock as of an earlier day comes from how
 * each day changed the category's stock, the goods kept from going below zero and counted from their first line on
 * (migration 0036: stock_category_days): on whichever side of the day holds fewer rows, those up to it added up, or
 * those after it taken off the stock now. The warehouse's name and province and the category's top-level category
 * are looked up for the remaining few rows only. */
/** How far the rows on each side of the day are counted to tell which side holds fewer (when both hold more, those
 * after the day are taken: the recent past is what is asked for most). */
const SIDE_PROBE_ROWS = 5_000;
function stockAsOf(c: QueryContext): RawBuilder<unknown> {
  const now = sql`
    SELECT b.warehouse_key, b.warehouse_label, b.category_id, b.weight, b.pieces, b.goods
    FROM stock_by_category b
    WHERE ${inScope(c, sql`b.enterprise_id`)} AND ${atWarehouse(c, sql`b.warehouse_key`)}`;
  if (!c.to) return now;
  const to = sql`${c.to}::date`;
  const days = (side: RawBuilder<unknown>, sign: RawBuilder<unknown>) => sql`
    SELECT d.warehouse_key, d.warehouse_label, d.category_id, ${sign} * d.weight AS weight, ${sign} * d.pieces AS pieces,
           ${sign} * d.goods AS goods
    FROM stock_category_days d
    WHERE ${side} AND ${inScope(c, sql`d.enterprise_id`)} AND ${atWarehouse(c, sql`d.warehouse_key`)}`;
  const probe = (side: RawBuilder<unknown>) =>
    sql`(SELECT count(*) FROM (SELECT 1 FROM stock_category_days d WHERE ${side} LIMIT ${SIDE_PROBE_ROWS}) p)`;
  const forward = sql`(SELECT f.yes FROM forward f)`;
  return sql`
    WITH forward AS MATERIALIZED (
      SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM stock_category_days d WHERE d.day > ${to}) THEN false
                  ELSE ${probe(sql`d.day <= ${to}`)} < ${probe(sql`d.day > ${to}`)} END AS yes
    )
    SELECT * FROM (${days(sql`d.day <= ${to}`, sql`1`)}) a WHERE ${forward}
    UNION ALL
    SELECT * FROM (${now}) b WHERE NOT ${forward}
    UNION ALL
    SELECT * FROM (${days(sql`d.day > ${to}`, sql`-1`)}) a WHERE NOT ${forward}`;
}
const warehouseStock: DatasetSql = {
  tables: FLOW_TABLES,
  rows: (c, need) => sql`
    SELECT ${selectList(
      need,
      {
        warehouse: sql`coalesce(wh.name, s.wlabel)`,
        province: sql`coalesce(wh.province, '')`,
        goodsCategory: sql`coalesce(root.goods_category_name, ${UNCATEGORISED}::text)`,
      },
      { weight_raw: sql`s.weight`, pieces_raw: sql`s.pieces` },
    )}
    FROM (
      SELECT m.warehouse_key AS wkey, m.warehouse_label AS wlabel, m.category_id, sum(m.weight) AS weight, sum(m.pieces) AS pieces
      FROM (${stockAsOf(c)}) m
      GROUP BY 1, 2, 3
      HAVING sum(m.goods) > 0
    ) s
    ${needsAny(need, ['warehouse', 'province']) ? sql`LEFT JOIN ${warehouseTable(c)} ON wh.id = s.wkey` : sql``}
    ${need.has('goodsCategory') ? rootOfCategory(sql`s.category_id`) : sql``}`,
  measures: { weight: sql`round(${sum('weight_raw')}, 3)`, pieces: sql`round(${sum('pieces_raw')}, 3)` },
  count: flowCount,
};

// ---- notices ----

function noticeBranch(c: QueryContext, need: Need, table: 'in_storage_notices' | 'delivery_instructions'): RawBuilder<unknown> {
  const kind = sql`${table === 'in_storage_notices' ? 'inStorage' : 'delivery'}::text`;
  const state = (isCreate: RawBuilder<unknown>) => sql`CASE WHEN ${isCreate} = 0 THEN 'waiting' ELSE 'done' END`;
  if (!c.from && !c.to && !need.has('month')) {
    // No date asked: the per-warehouse counts the warehouse lists keep (migration 0005), a few rows however many
    // notices there are.
    const counts = table === 'in_storage_notices' ? 'in_storage_notice_counts' : 'delivery_instruction_counts';
    return sql`
      SELECT ${selectList(
        need,
        { noticeKind: kind, state: state(sql`n.is_create`), warehouse: sql`coalesce(wh.name, '')` },
        { n_raw: sql`n.n` },
      )}
      FROM ${sql.table(counts)} n
      ${need.has('warehouse') ? sql`LEFT JOIN ${warehouseTable(c)} ON wh.id = n.warehouse_id` : sql``}
      WHERE ${inScope(c, sql`n.enterprise_id`)} AND ${atWarehouse(c, sql`n.warehouse_id`)}`;
  }
  const day = cstDateOr(table === 'in_storage_notices' ? sql`n.collection_time` : sql`n.plan_delivery_time`, sql`n.created_at`);
  const dims: Exprs = {
    noticeKind: kind,
    state: state(sql`n.is_create`),
    warehouse: sql`coalesce(wh.name, n.warehouse_name)`,
    month: monthOf(day),
  };
  return sql`
    SELECT ${selectList(need, dims, { n_raw: sql`1` })}
    FROM ${sql.table(table)} n
    ${need.has('warehouse') ? sql`LEFT JOIN ${warehouseTable(c)} ON wh.id = n.warehouse_id` : sql``}
    WHERE ${inScope(c, sql`n.enterprise_id`)} AND ${inRange(c, day)} AND ${atWarehouse(c, sql`n.warehouse_id`)}`;
}
const warehouseNotices: DatasetSql = {
  tables: ['in_storage_notices', 'delivery_instructions', 'warehouses'],
  rows: (c, need) => sql`${noticeBranch(c, need, 'in_storage_notices')} UNION ALL ${noticeBranch(c, need, 'delivery_instructions')}`,
  measures: { count: sum('n_raw') },
  count: (c) => sql`
    SELECT (SELECT coalesce(sum(n), 0) FROM in_storage_notice_counts n WHERE ${inScope(c, sql`n.enterprise_id`)} AND ${atWarehouse(c, sql`n.warehouse_id`)})
         + (SELECT coalesce(sum(n), 0) FROM delivery_instruction_counts n WHERE ${inScope(c, sql`n.enterprise_id`)} AND ${atWarehouse(c, sql`n.warehouse_id`)}) AS n`,
};

// ---- goods (from the per-category counts the goods triggers keep, migration 0005) ----

const goods: DatasetSql = {
  tables: ['goods', 'goods_categories'],
  rows: (c, need) => sql`
    SELECT ${selectList(need, { goodsCategory: sql`coalesce(root.goods_category_name, ${UNCATEGORISED}::text)` }, { n_raw: sql`gc.n` })}
    FROM goods_category_counts gc
    ${need.has('goodsCategory') ? rootOfCategory(sql`gc.category_id`) : sql``}
    WHERE ${inScope(c, sql`gc.enterprise_id`)}`,
  measures: { count: sum('n_raw') },
  count: (c) => sql`SELECT coalesce(sum(n), 0) AS n FROM goods_enterprise_counts gc WHERE ${inScope(c, sql`gc.enterprise_id`)}`,
};

// ---- warnings ----

const warnings: DatasetSql = {
  tables: ['company_risks'],
  rows: (c, need) => sql`
    SELECT ${selectList(
      need,
      { month: monthOf(sql`r.warn_date`), rule: sql`r.warn_rule`, riskType: sql`r.risk_type::text`, company: sql`r.company_name` },
      {},
    )}
    FROM company_risks r
    WHERE ${inScope(c, sql`r.enterprise_id`)} AND ${inRange(c, sql`r.warn_date`)}`,
  measures: { count: countRows },
  count: (c) => sql`SELECT count(*) AS n FROM company_risks r WHERE ${inScope(c, sql`r.enterprise_id`)}`,
  labels: { riskType: (raw) => (RISK_TYPES as Record<string, string>)[raw] ?? raw },
};

// ---- approvals ----

// Per enterprise, day of start, business type, status and stage, as the triggers keep them (migration 0035:
// approval_daily): `seconds` plus processes * now is the processes' durations up to now (finished ones up to their
// end), so the average stays exact whatever the hour.
const approvals: DatasetSql = {
  tables: ['process_instances'],
  rows: (c, need) => sql`
    SELECT ${selectList(
      need,
      {
        month: monthOf(sql`r.day`),
        businessType: sql`r.business_type`,
        status: sql`r.status`,
        stage: sql`coalesce(r.stage, ${PROCESS_ARCHIVE_TASK}::text)`,
      },
      {
        n_raw: sql`r.processes`,
        seconds_raw: sql`r.seconds + CASE WHEN r.status = 'running' THEN r.processes * extract(epoch FROM ${c.now}::timestamptz) ELSE 0 END`,
      },
    )}
    FROM approval_daily r
    WHERE ${inScope(c, sql`r.enterprise_id`)} AND ${inRange(c, sql`r.day`)}`,
  measures: {
    count: sum('n_raw'),
    avgHours: sql`coalesce(round(sum(b.seconds_raw) / nullif(sum(b.n_raw), 0) / 3600, 1), 0)`,
  },
  count: (c) => sql`SELECT count(*) AS n FROM process_instances p WHERE ${inScope(c, sql`p.enterprise_id`)}`,
  timeDependent: true,
};

export const DATASET_SQL: Record<BuiltInDatasetId, DatasetSql> = {
  contracts,
  orders,
  loans,
  settlements,
  warehouseFlow,
  warehouseStock,
  warehouseNotices,
  goods,
  warnings,
  approvals,
};
