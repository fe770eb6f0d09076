// The per-day rollup of the orders, contracts and settlements (migration 0034): after inserts, updates (money, status,
// kind, a record moving to another day or enterprise, whole tables at once) and deletes, also from concurrent writers,
// and after a TRUNCATE, it holds exactly what the rows give when added up directly; and the figures the datasets give
// from it equal those computed from the rows (the raw path), whatever the scope and the dates.
import { expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../src/db/types.js';
import { DATASET_SQL, type QueryContext } from '../src/modules/data-portal/datasets.js';
import { DataPortalService, type AggregateSpec } from '../src/modules/data-portal/service.js';
import { describeEachDatabase } from './helpers/test-app.js';

type Row = Record<string, unknown>;

const CST_DAY = (col: string) => sql.raw(`(${col} AT TIME ZONE 'Asia/Shanghai')::date`);

/** Every record as the rollup counts it: dataset, enterprise, day, kind, status, party and money (a contract twice: by
 * type, and by counterparty and type). */
const RECORDS = sql`
  SELECT 'orders' AS dataset, enterprise_id, ${CST_DAY('created_at')} AS day, 'sale' AS kind, status, '' AS party, money
  FROM sales_orders
  UNION ALL
  SELECT 'orders', enterprise_id, ${CST_DAY('created_at')}, 'purchase', status, '', money FROM purchase_orders
  UNION ALL
  SELECT 'contracts', enterprise_id, coalesce(sign_date, ${CST_DAY('created_at')}), contract_type, '', '', money FROM contracts
  UNION ALL
  SELECT 'contractParties', enterprise_id, coalesce(sign_date, ${CST_DAY('created_at')}), contract_type, '', enterprise_name, money
  FROM contracts
  UNION ALL
  SELECT 'settlements', enterprise_id, coalesce(settle_date, ${CST_DAY('created_at')}), type::text, status, '', money FROM settlements`;

/** The rollup as the rows give it, and as kept (both as sorted text lines). */
async function rollupBoth(db: Kysely<DB>): Promise<[string[], string[]]> {
  const direct = await sql<Row>`
    SELECT concat_ws('|', dataset, enterprise_id, day, kind, status, party, sum(money), count(*)) AS line
    FROM (${RECORDS}) m
    GROUP BY dataset, enterprise_id, day, kind, status, party`.execute(db);
  const kept = await sql<Row>`
    SELECT concat_ws('|', dataset, enterprise_id, day, kind, status, party, amount, records) AS line
    FROM business_rollup`.execute(db);
  const lines = (rows: Row[]) => rows.map((r) => String(r.line)).sort();
  return [lines(direct.rows), lines(kept.rows)];
}

/** A query's figures as sorted lines of keys and values. */
const linesOf = (rows: { keys: string[]; values: number[] }[]) => rows.map((r) => [...r.keys, ...r.values].join('|')).sort();

/** The figures of `spec` computed from the records themselves: the dataset's raw rows (a dimension the rollup does not
 * keep is asked for, and left out of the grouping) aggregated by the dataset's own measures. */
async function fromRecords(db: Kysely<DB>, ctx: QueryContext, spec: AggregateSpec, rawOnly: string): Promise<string[]> {
  const def = DATASET_SQL[spec.dataset];
  const where = Object.entries(spec.where ?? {});
  const need = new Set([...spec.dimensions, ...spec.measures, ...where.map(([d]) => d), rawOnly]);
  const keys = spec.dimensions.map((d, i) => sql`coalesce(b.${sql.ref(d)}::text, '') AS ${sql.ref(`k${i}`)}`);
  const values = spec.measures.map((m, i) => sql`${def.measures[m]!} AS ${sql.ref(`v${i}`)}`);
  const positions = spec.dimensions.map((_, i) => sql.raw(String(i + 1)));
  const r = await sql<Row>`
    SELECT ${sql.join([...keys, ...values])}
    FROM (${def.rows(ctx, need)}) b
    ${
      where.length
        ? sql`WHERE ${sql.join(
            where.map(([d, v]) => sql`b.${sql.ref(d)} = ${v}`),
            sql` AND `,
          )}`
        : sql``
    }
    ${positions.length ? sql`GROUP BY ${sql.join(positions)}` : sql``}`.execute(db);
  return linesOf(
    r.rows.map((row) => ({
      keys: spec.dimensions.map((d, i) => {
        const raw = String(row[`k${i}`] ?? '');
        return def.labels?.[d]?.(raw) ?? raw;
      }),
      values: spec.measures.map((_, i) => Number(row[`v${i}`] ?? 0)),
    })),
  );
}

describeEachDatabase('statistics rollups: orders, contracts, settlements', (t) => {
  const db = () => t().database.db;
  const one = async <T extends Row>(q: ReturnType<typeof sql<T>>) => (await q.execute(db())).rows[0]!;
  const expectExact = async () => {
    const [direct, kept] = await rollupBoth(db());
    expect(direct.length).toBeGreaterThan(0);
    expect(kept).toEqual(direct);
  };

  it('is filled from the seeded rows, each dataset', async () => {
    await expectExact();
    const datasets = await sql<{ dataset: string }>`SELECT DISTINCT dataset FROM business_rollup ORDER BY 1`.execute(db());
    expect(datasets.rows.map((r) => r.dataset)).toEqual(['contractParties', 'contracts', 'orders', 'settlements']);
  });

  it('follows records inserted, updated and deleted', async () => {
    // New orders, contracts and settlements of the same day as existing ones, and of a day no record has.
    await sql`INSERT INTO sales_orders (enterprise_id, order_code, enterprise_name, money, status, created_at)
              SELECT enterprise_id, order_code || '-r1', enterprise_name, money + 0.01, status, created_at
              FROM sales_orders ORDER BY id LIMIT 3`.execute(db());
    await sql`INSERT INTO purchase_orders (enterprise_id, purchase_order_code, supplier_name, money, status, created_at)
              VALUES ('ent-a', 'rollup-p1', 'a supplier', 1234.56, 'submitted', '2019-03-31T16:30:00Z')`.execute(db());
    await sql`INSERT INTO contracts (enterprise_id, code, contract_type, enterprise_name, money, sign_date)
              SELECT enterprise_id, code || '-r1', contract_type, enterprise_name, 99.99, NULL FROM contracts ORDER BY id LIMIT 2`.execute(
      db(),
    );
    await sql`INSERT INTO settlements (enterprise_id, enterprise_name, type, status, money, settle_code, settle_date)
              SELECT enterprise_id, enterprise_name, type, status, 10.5, settle_code || '-r1', settle_date FROM settlements ORDER BY id LIMIT 2`.execute(
      db(),
    );
    await expectExact();
    // Money, status and kind changed; records moved to another day and another enterprise; a change of nothing counted.
    await sql`UPDATE sales_orders SET money = money + 100.25 WHERE id = (SELECT min(id) FROM sales_orders)`.execute(db());
    await sql`UPDATE sales_orders SET status = 'submitted', created_at = created_at + interval '9 hours'
              WHERE id IN (SELECT id FROM sales_orders ORDER BY id DESC LIMIT 2)`.execute(db());
    await sql`UPDATE purchase_orders SET enterprise_id = 'ent-b' WHERE purchase_order_code = 'rollup-p1'`.execute(db());
    await sql`UPDATE contracts SET sign_date = DATE '2020-02-29', money = money * 2 WHERE id = (SELECT max(id) FROM contracts)`.execute(
      db(),
    );
    await sql`UPDATE contracts SET contract_type = 'MLZZHFWPT_CONTACTTYPE_RRGL' WHERE id = (SELECT min(id) FROM contracts)`.execute(db());
    await sql`UPDATE contracts SET enterprise_name = 'a renamed counterparty' WHERE id IN (SELECT id FROM contracts ORDER BY id LIMIT 2 OFFSET 1)`.execute(
      db(),
    );
    await sql`UPDATE settlements SET type = 3 - type, status = 'draft' WHERE id IN (SELECT id FROM settlements ORDER BY id LIMIT 3)`.execute(
      db(),
    );
    await sql`UPDATE settlements SET settle_date = NULL WHERE id = (SELECT max(id) FROM settlements)`.execute(db());
    await sql`UPDATE sales_orders SET updated_at = now()`.execute(db());
    await expectExact();
    // Every record of a table at once.
    await sql`UPDATE purchase_orders SET created_at = created_at - interval '1 day'`.execute(db());
    await sql`UPDATE contracts SET money = money + 1`.execute(db());
    await expectExact();
    // Deleted: some, and every record of a day.
    await sql`DELETE FROM purchase_orders WHERE purchase_order_code = 'rollup-p1'`.execute(db());
    await sql`DELETE FROM settlements WHERE settle_code LIKE '%-r1'`.execute(db());
    await sql`DELETE FROM contracts WHERE code LIKE '%-r1'`.execute(db());
    await sql`DELETE FROM sales_orders WHERE order_code LIKE '%-r1'`.execute(db());
    await expectExact();
    const gone = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM business_rollup WHERE records <= 0`);
    expect(gone.n).toBe(0);
  });

  it('adds up every concurrent writer', async () => {
    const day = await one(sql<{ created_at: string; enterprise_id: string }>`
      SELECT created_at, enterprise_id FROM sales_orders ORDER BY id LIMIT 1`);
    const writers = Array.from({ length: 12 }, (_, i) =>
      db()
        .transaction()
        .execute(async (trx) => {
          // The same rollup rows from every writer, each listing its records in its own order.
          const kinds = i % 2 ? ['submitted', 'draft'] : ['draft', 'submitted'];
          const rows = kinds.map(
            (status, k) =>
              sql`(${day.enterprise_id}, ${`rollup-c${i}-${k}`}, 'a customer', ${10 + i + k / 100}, ${status}, ${day.created_at})`,
          );
          await sql`INSERT INTO sales_orders (enterprise_id, order_code, enterprise_name, money, status, created_at)
                    VALUES ${sql.join(rows)}`.execute(trx);
          await sql`INSERT INTO settlements (enterprise_id, enterprise_name, type, status, money, settle_code, settle_date)
                    VALUES (${day.enterprise_id}, 'x', ${1 + (i % 2)}, 'submitted', ${i}, ${`rollup-s${i}`}, DATE '2024-05-05')`.execute(
            trx,
          );
          if (i % 3 === 0) {
            await sql`UPDATE sales_orders SET money = money + 1 WHERE order_code LIKE 'rollup-c%'`.execute(trx);
          }
          if (i === 7) await sql`DELETE FROM settlements WHERE settle_code = 'rollup-s7'`.execute(trx);
        }),
    );
    await Promise.all(writers);
    await expectExact();
  });

  it('gives the figures of the records, whatever the scope and the dates', async () => {
    const svc = new DataPortalService(db(), () => new Date());
    const span = await one(sql<{ first: string; last: string; mid: string }>`
      SELECT min(day)::text AS first, max(day)::text AS last, (min(day) + (max(day) - min(day)) / 2)::text AS mid
      FROM business_rollup WHERE dataset = 'orders'`);
    const periods: { from?: string; to?: string }[] = [
      {},
      { from: span.mid, to: span.mid }, // one day
      { from: span.first, to: span.first },
      { from: `${span.mid.slice(0, 7)}-10`, to: `${span.last.slice(0, 7)}-20` }, // cutting months
      { from: span.mid },
      { to: span.mid },
      { from: '2000-01-01', to: '2000-01-31' }, // no record
    ];
    const party = await one(sql<{ name: string }>`SELECT enterprise_name AS name FROM contracts ORDER BY id LIMIT 1`);
    const specs: (AggregateSpec & { rawOnly: string })[] = [
      { dataset: 'orders', dimensions: [], measures: ['amount'], limit: 1000, rawOnly: 'counterparty' },
      { dataset: 'orders', dimensions: ['month', 'orderKind'], measures: ['amount', 'count'], limit: 1000, rawOnly: 'counterparty' },
      {
        dataset: 'orders',
        dimensions: ['status'],
        measures: ['count'],
        where: { orderKind: 'sale' },
        limit: 1000,
        rawOnly: 'counterparty',
      },
      { dataset: 'contracts', dimensions: [], measures: ['amount', 'count'], limit: 1000, rawOnly: 'status' },
      { dataset: 'contracts', dimensions: ['month'], measures: ['amount', 'count'], limit: 1000, rawOnly: 'status' },
      { dataset: 'contracts', dimensions: ['contractType'], measures: ['amount'], limit: 1000, rawOnly: 'status' },
      { dataset: 'contracts', dimensions: ['counterparty', 'contractType'], measures: ['amount'], limit: 1000, rawOnly: 'status' },
      {
        dataset: 'contracts',
        dimensions: ['month'],
        measures: ['count'],
        where: { counterparty: party.name },
        limit: 1000,
        rawOnly: 'status',
      },
    ];
    let compared = 0;
    for (const enterpriseId of ['ent-p', 'ent-a', 'ent-b']) {
      for (const period of periods) {
        const caller = await svc.enterpriseCaller(enterpriseId, period);
        for (const { rawOnly, ...spec } of specs) {
          const got = linesOf((await svc.aggregate(caller, spec)).rows);
          const expected = await fromRecords(db(), caller.ctx, spec, rawOnly);
          expect(got, `${enterpriseId} ${JSON.stringify(period)} ${JSON.stringify(spec)}`).toEqual(expected);
          compared += got.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(50);
  });

  it('gives the settlements of the records, whatever the scope and the dates', async () => {
    const svc = new DataPortalService(db(), () => new Date());
    const expected = async (ids: string[] | null, from: string | undefined, to: string | undefined, by: 'typeMonth' | 'status') => {
      const day = sql`coalesce(s.settle_date, (s.created_at AT TIME ZONE 'Asia/Shanghai')::date)`;
      const keys =
        by === 'typeMonth'
          ? sql`to_char(${day}, 'YYYY-MM') || '|' || CASE s.type WHEN 1 THEN 'receivable' ELSE 'payable' END`
          : sql`s.status`;
      const r = await sql<{ line: string }>`
        SELECT ${keys} || '|' || sum(s.money)::float8 || '|' || count(*) AS line
        FROM settlements s
        WHERE ${ids ? sql`s.enterprise_id IN (${sql.join(ids)})` : sql`true`}
          AND ${from ? sql`${day} >= ${from}::date` : sql`true`} AND ${to ? sql`${day} <= ${to}::date` : sql`true`}
        GROUP BY ${keys}`.execute(db());
      return r.rows.map((x) => x.line).sort();
    };
    const span = await one(sql<{ mid: string }>`
      SELECT (min(day) + (max(day) - min(day)) / 2)::text AS mid FROM business_rollup WHERE dataset = 'settlements'`);
    let compared = 0;
    for (const [enterpriseId, ids] of [
      ['ent-p', null],
      ['ent-a', ['ent-a']],
    ] as const) {
      for (const [from, to] of [
        [undefined, undefined],
        [span.mid, span.mid],
        [`${span.mid.slice(0, 7)}-15`, undefined],
      ] as const) {
        const caller = await svc.enterpriseCaller(enterpriseId, { ...(from ? { from } : {}), ...(to ? { to } : {}) });
        const specs: [AggregateSpec, 'typeMonth' | 'status'][] = [
          [{ dataset: 'settlements', dimensions: ['month', 'settlementType'], measures: ['amount', 'count'], limit: 1000 }, 'typeMonth'],
          [{ dataset: 'settlements', dimensions: ['status'], measures: ['amount', 'count'], limit: 1000 }, 'status'],
        ];
        for (const [spec, by] of specs) {
          const got = linesOf((await svc.aggregate(caller, spec)).rows);
          expect(got, `${enterpriseId} ${from}–${to} ${by}`).toEqual(await expected(ids ? [...ids] : null, from, to, by));
          compared += got.length;
        }
      }
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('is emptied with its table, and filled again as records come', async () => {
    await sql`TRUNCATE settlements`.execute(db());
    await sql`TRUNCATE sales_orders CASCADE`.execute(db());
    const left = await sql<{ dataset: string; kind: string }>`SELECT DISTINCT dataset, kind FROM business_rollup
                                                              WHERE dataset = 'settlements' OR kind = 'sale'`.execute(db());
    expect(left.rows).toEqual([]);
    await sql`INSERT INTO sales_orders (enterprise_id, order_code, enterprise_name, money, status)
              VALUES ('ent-a', 'after-truncate', 'a customer', 5, 'draft')`.execute(db());
    await expectExact();
  });
});
