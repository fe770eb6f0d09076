// The flow per day and side and the category stock day by day (migration 0036): after inserts, updates (lines
// changing amounts or goods, orders moving to another day, warehouse or enterprise, goods moving to another
// category), deletes, a TRUNCATE and concurrent writers, flow_rollup holds what the goods lines add up to, and
// stock_category_days added up to any day gives each category's stock as of that day with every goods kept from going
// below zero. The flow figures read from the rollup equal those read from the lines, for any range, warehouse and scope.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DATA_PORTAL_PATHS, type DataQueryResult } from '@tfb/contract';
import type { DB } from '../src/db/types.js';
import { asText, MOVEMENTS, type Row } from './helpers/stock-movements.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

/** The flow as the lines give it, and as kept. */
async function flowBoth(db: Kysely<DB>): Promise<[string[], string[]]> {
  const cols = ['enterprise_id', 'wkey', 'warehouse_name', 'day', 'direction', 'weight', 'pieces', 'lines'];
  const direct = await sql<Row>`
    SELECT o.enterprise_id, coalesce(o.warehouse_id, 0)::text AS wkey, o.warehouse_name, o.in_storage_time::text AS day, 'in' AS direction,
           sum(g.storage_number)::text AS weight, sum(g.weight)::text AS pieces, count(*)::text AS lines
    FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id
    GROUP BY 1, 2, 3, 4
    UNION ALL
    SELECT o.enterprise_id, coalesce(o.warehouse_id, 0)::text, o.warehouse_name, o.delivery_time::text, 'out',
           sum(g.delivery_weight_number)::text, sum(g.delivery_number)::text, count(*)::text
    FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id
    GROUP BY 1, 2, 3, 4`.execute(db);
  const kept = await sql<Row>`
    SELECT enterprise_id, warehouse_key::text AS wkey, warehouse_name, day::text AS day, direction, weight::text AS weight,
           pieces::text AS pieces, lines::text AS lines
    FROM flow_rollup`.execute(db);
  return [asText(direct.rows, cols), asText(kept.rows, cols)];
}

/** Each category's stock as of every day a line is dated (and the day before the first, and long after), as the
 * lines give it (per goods, never below zero, goods with a line by then) and as stock_category_days adds up to it. */
async function stockDaysBoth(db: Kysely<DB>): Promise<[string[], string[]]> {
  const days = sql`(
    SELECT DISTINCT m.day FROM (${MOVEMENTS}) m
    UNION SELECT min(m.day) - 1 FROM (${MOVEMENTS}) m
    UNION SELECT '2099-12-31'::date) d`;
  const cols = ['asof', 'enterprise_id', 'wkey', 'wlabel', 'category_id', 'weight', 'pieces', 'goods'];
  const direct = await sql<Row>`
    SELECT d.day::text AS asof, s.enterprise_id, s.wkey::text AS wkey, s.wlabel, s.category_id::text AS category_id,
           sum(greatest(0, s.w))::text AS weight, sum(greatest(0, s.p))::text AS pieces, count(*)::text AS goods
    FROM ${days} CROSS JOIN LATERAL (
      SELECT m.enterprise_id, coalesce(m.warehouse_id, 0) AS wkey, CASE WHEN m.warehouse_id IS NULL THEN m.warehouse_name ELSE '' END AS wlabel,
             CASE WHEN m.goods_id IS NULL THEN 'n' || m.goods_name ELSE 'i' || m.goods_id END AS gkey,
             coalesce(gd.category_id, 0) AS category_id, sum(m.w) AS w, sum(m.p) AS p
      FROM (${MOVEMENTS}) m LEFT JOIN goods gd ON gd.id = m.goods_id
      WHERE m.day <= d.day
      GROUP BY 1, 2, 3, 4, 5
    ) s
    GROUP BY 1, 2, 3, 4, 5`.execute(db);
  const kept = await sql<Row>`
    SELECT d.day::text AS asof, c.enterprise_id, c.warehouse_key::text AS wkey, c.warehouse_label AS wlabel,
           c.category_id::text AS category_id, sum(c.weight)::text AS weight, sum(c.pieces)::text AS pieces, sum(c.goods)::text AS goods
    FROM ${days} JOIN stock_category_days c ON c.day <= d.day
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(c.goods) <> 0 OR sum(c.weight) <> 0 OR sum(c.pieces) <> 0`.execute(db);
  return [asText(direct.rows, cols), asText(kept.rows, cols)];
}

describeEachDatabase('statistics rollups: flow and stock by day', (t) => {
  const db = () => t().database.db;
  const one = async <T extends Row>(q: ReturnType<typeof sql<T>>) => (await q.execute(db())).rows[0]!;
  const expectExact = async () => {
    const [flowDirect, flowKept] = await flowBoth(db());
    expect(flowDirect.length).toBeGreaterThan(0);
    expect(flowKept, 'flow_rollup').toEqual(flowDirect);
    const [daysDirect, daysKept] = await stockDaysBoth(db());
    expect(daysDirect.length).toBeGreaterThan(0);
    expect(daysKept, 'stock_category_days').toEqual(daysDirect);
    // No row without a change.
    const idle = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM stock_category_days WHERE weight = 0 AND pieces = 0 AND goods = 0`);
    expect(idle.n).toBe(0);
  };

  const query = async (s: TestSession, payload: object): Promise<DataQueryResult> => {
    const res = await t().app.inject({ method: 'POST', url: DATA_PORTAL_PATHS.query, headers: s.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DataQueryResult;
  };

  it('are filled from the seeded rows', expectExact);

  it('follow goods lines inserted, updated and deleted, also dated before the stock they take', async () => {
    const inLine = await one(sql<{ id: number; order_id: number; goods_id: number; goods_name: string }>`
      SELECT id, order_id, goods_id, goods_name FROM in_storage_order_goods WHERE goods_id IS NOT NULL ORDER BY id LIMIT 1`);
    const outOrder = await one(sql<{ id: number }>`
      SELECT o.id FROM outbound_orders o ORDER BY o.delivery_time, o.id LIMIT 1`);
    // An outbound line of more than there is, on the earliest outbound day: the goods' stock goes below zero there.
    await sql`INSERT INTO outbound_order_goods (order_id, goods_id, goods_name, delivery_weight_number, delivery_number)
              VALUES (${outOrder.id}, ${inLine.goods_id}, ${inLine.goods_name}, 99999.5, 40)`.execute(db());
    await sql`INSERT INTO in_storage_order_goods (order_id, goods_id, goods_name, storage_number, weight)
              VALUES (${inLine.order_id}, NULL, 'loose goods named only', 7.25, 1)`.execute(db());
    await expectExact();
    await sql`UPDATE in_storage_order_goods SET storage_number = storage_number + 1.125, weight = weight + 2 WHERE id = ${inLine.id}`.execute(
      db(),
    );
    await sql`UPDATE outbound_order_goods SET delivery_weight_number = 3 WHERE goods_id = ${inLine.goods_id} AND delivery_number = 40`.execute(
      db(),
    );
    await sql`UPDATE in_storage_order_goods SET goods_id = NULL, goods_name = 'renamed' WHERE id = ${inLine.id}`.execute(db());
    await expectExact();
    await sql`DELETE FROM outbound_order_goods WHERE goods_id = ${inLine.goods_id} AND delivery_number = 40`.execute(db());
    await sql`DELETE FROM in_storage_order_goods WHERE goods_name = 'loose goods named only'`.execute(db());
    await expectExact();
  });

  it('follow orders moved to another day, warehouse or enterprise, deleted orders and a TRUNCATE', async () => {
    const wh = await one(sql<{ id: number; name: string }>`SELECT id, name FROM warehouses ORDER BY id DESC LIMIT 1`);
    const inOrder = await one(sql<{ id: number }>`
      SELECT o.id FROM in_storage_orders o WHERE EXISTS (SELECT 1 FROM in_storage_order_goods g WHERE g.order_id = o.id)
      ORDER BY o.in_storage_time DESC, o.id LIMIT 1`);
    // The latest in-storage order moved before everything else, then to a warehouse named only, then to another.
    await sql`UPDATE in_storage_orders SET in_storage_time = in_storage_time - 400 WHERE id = ${inOrder.id}`.execute(db());
    await expectExact();
    await sql`UPDATE in_storage_orders SET warehouse_id = NULL WHERE id = ${inOrder.id}`.execute(db());
    await sql`UPDATE in_storage_orders SET warehouse_id = ${wh.id}, warehouse_name = ${wh.name} WHERE id = ${inOrder.id}`.execute(db());
    await expectExact();
    const outOrder = await one(sql<{ id: number }>`
      SELECT o.id FROM outbound_orders o WHERE EXISTS (SELECT 1 FROM outbound_order_goods g WHERE g.order_id = o.id)
      ORDER BY o.id DESC LIMIT 1`);
    await sql`UPDATE outbound_orders SET delivery_time = delivery_time - 200, enterprise_id = 'ent-b' WHERE id = ${outOrder.id}`.execute(
      db(),
    );
    await sql`UPDATE outbound_orders SET delivery_time = delivery_time + 1`.execute(db());
    await expectExact();
    await sql`DELETE FROM outbound_orders WHERE id = ${outOrder.id}`.execute(db());
    await sql`DELETE FROM in_storage_orders WHERE id = ${inOrder.id}`.execute(db());
    await expectExact();
    await sql`TRUNCATE outbound_order_goods`.execute(db());
    await expectExact();
  });

  it('follow goods moved to another category', async () => {
    const moved = await one(sql<{ id: number; category_id: number }>`
      SELECT gd.id, gd.category_id FROM goods gd WHERE EXISTS (SELECT 1 FROM in_storage_order_goods g WHERE g.goods_id = gd.id)
      ORDER BY gd.id LIMIT 1`);
    const other = await one(sql<{ id: number }>`
      SELECT id FROM goods_categories WHERE id <> ${moved.category_id} AND parent_id IS NOT NULL ORDER BY id LIMIT 1`);
    await sql`UPDATE goods SET category_id = ${other.id} WHERE id = ${moved.id}`.execute(db());
    await expectExact();
    await sql`UPDATE goods SET category_id = CASE WHEN id % 2 = 0 THEN ${other.id} ELSE category_id END`.execute(db());
    await expectExact();
  });

  it('add up every concurrent writer of the same goods on different days', async () => {
    const goods = (
      await sql<{ id: number; name: string }>`
        SELECT DISTINCT gd.id, gd.goods_name AS name FROM goods gd JOIN in_storage_order_goods g ON g.goods_id = gd.id
        ORDER BY gd.id LIMIT 3`.execute(db())
    ).rows;
    const orders = (await sql<{ id: number }>`SELECT id FROM in_storage_orders ORDER BY in_storage_time, id`.execute(db())).rows;
    const outs = (await sql<{ id: number }>`SELECT id FROM outbound_orders ORDER BY delivery_time, id`.execute(db())).rows;
    expect(goods.length).toBeGreaterThan(1);
    // One statement each (a transaction writing several statements may meet another in the opposite order, as any
    // writer of shared rows may): lines in, lines out and an order moved, each on its own day.
    const writers = Array.from({ length: 12 }, (_, i) =>
      db()
        .transaction()
        .execute(async (trx) => {
          const mine = i % 3 ? [...goods].reverse() : goods;
          if (i === 6) {
            await sql`UPDATE in_storage_orders SET in_storage_time = in_storage_time - 30 WHERE id = ${orders[0]!.id}`.execute(trx);
          } else if (i % 2) {
            await sql`INSERT INTO outbound_order_goods (order_id, goods_id, goods_name, delivery_weight_number, delivery_number)
                      VALUES (${outs[(i * 5) % outs.length]!.id}, ${mine[0]!.id}, ${mine[0]!.name}, ${4 + i}, 1)`.execute(trx);
          } else {
            const order = orders[(i * 7) % orders.length]!;
            const rows = mine.map((g, k) => sql`(${order.id}, ${g.id}, ${g.name}, ${1 + ((i + k) % 5)}, ${i + k})`);
            await sql`INSERT INTO in_storage_order_goods (order_id, goods_id, goods_name, storage_number, weight)
                      VALUES ${sql.join(rows)}`.execute(trx);
          }
        }),
    );
    await Promise.all(writers);
    await expectExact();
  });

  it('give the flow figures of the lines for any range, warehouse and scope', async () => {
    const wh = await one(sql<{ id: number }>`
      SELECT warehouse_id AS id FROM in_storage_orders WHERE warehouse_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`);
    const span = await one(sql<{ first: string; last: string; mid: string }>`
      SELECT min(day)::text AS first, max(day)::text AS last, (min(day) + (max(day) - min(day)) / 2)::text AS mid FROM flow_rollup`);
    const filters = [
      {},
      { from: span.mid, to: span.mid },
      { from: span.last, to: span.last },
      { from: span.first, to: span.mid },
      { from: `${span.mid.slice(0, 8)}15`, to: `${span.last.slice(0, 8)}10` },
      { to: span.mid },
      { from: span.mid, warehouseId: wh.id },
    ];
    const specs = [['month', 'direction'], ['direction'], ['warehouse'], ['province', 'direction'], []];
    for (const user of ['demo-internal', 'demo-a-staff']) {
      const s = await t().enter(user);
      for (const filter of filters) {
        for (const dimensions of specs) {
          const base = { dataset: 'warehouseFlow', dimensions, filter, limit: 1000 };
          // The documents counted are not in the rollup: asking for them reads the lines.
          const rolled = await query(s, { ...base, measures: ['weight', 'pieces'] });
          const lines = await query(s, { ...base, measures: ['weight', 'pieces', 'count'] });
          const label = `${user} ${dimensions.join(',')} ${JSON.stringify(filter)}`;
          expect(rolled.rows, label).toEqual(lines.rows.map((r) => ({ ...r, values: r.values.slice(0, 2) })));
          if (!Object.keys(filter).length && dimensions.length) expect(rolled.rows.length, label).toBeGreaterThan(0);
        }
      }
    }
  });

  describe('stock as of a day', () => {
    it('is the stock of the lines for any day, warehouse and scope', async () => {
      // Goods taken out before they came in: kept at zero until they do.
      await sql`INSERT INTO outbound_order_goods (order_id, goods_id, goods_name, delivery_weight_number, delivery_number)
                SELECT (SELECT id FROM outbound_orders WHERE enterprise_id = 'ent-a' ORDER BY delivery_time, id LIMIT 1), g.goods_id,
                       g.goods_name, 5000, 9
                FROM in_storage_order_goods g JOIN in_storage_orders o ON o.id = g.order_id
                WHERE o.enterprise_id = 'ent-a' AND g.goods_id IS NOT NULL
                ORDER BY g.id LIMIT 3`.execute(db());
      const span = await one(sql<{ first: string; last: string; mid: string }>`
        SELECT min(day)::text AS first, max(day)::text AS last, (min(day) + (max(day) - min(day)) / 3)::text AS mid FROM stock_rollup`);
      for (const user of ['demo-internal', 'demo-a-staff']) {
        const s = await t().enter(user);
        const enterprises = user === 'demo-internal' ? null : ['ent-a'];
        for (const to of [span.first, span.mid, span.last, '2099-12-31']) {
          const res = await query(s, {
            dataset: 'warehouseStock',
            dimensions: ['warehouse'],
            measures: ['weight', 'pieces'],
            filter: { to },
            limit: 1000,
          });
          const expected = await sql<{ key: string; weight: string; pieces: string }>`
            SELECT coalesce(w.name, s.wlabel) AS key, round(sum(s.weight), 3)::text AS weight, round(sum(s.pieces), 3)::text AS pieces
            FROM (
              SELECT coalesce(m.warehouse_id, 0) AS wkey, CASE WHEN m.warehouse_id IS NULL THEN m.warehouse_name ELSE '' END AS wlabel,
                     greatest(0, sum(m.w)) AS weight, greatest(0, sum(m.p)) AS pieces
              FROM (${MOVEMENTS}) m
              WHERE m.day <= ${to}::date ${enterprises ? sql`AND m.enterprise_id IN (${sql.join(enterprises)})` : sql``}
              GROUP BY m.enterprise_id, 1, 2, coalesce(m.goods_id::text, m.goods_name)
            ) s
            LEFT JOIN warehouses w ON w.id = s.wkey
            GROUP BY 1`.execute(db());
          const got = new Map(res.rows.map((r) => [r.keys[0], r.values]));
          expect(got, `${user} to ${to}`).toEqual(new Map(expected.rows.map((r) => [r.key, [Number(r.weight), Number(r.pieces)]])));
        }
      }
    });
  });
});
