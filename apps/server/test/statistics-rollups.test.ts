// The rollups the statistics charts read (migration 0025): after inserts, updates (an order moving to another
// warehouse, enterprise or day, a line changing goods or amounts, a process being approved) and deletes, each rollup
// holds exactly what the rows give when added up directly, and the stock and balance figures follow.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DATA_PORTAL_PATHS, type DataQueryResult } from '@tfb/contract';
import type { DB } from '../src/db/types.js';
import { describeEachDatabase } from './helpers/test-app.js';

type Row = Record<string, unknown>;

/** The stock rollup as the rows give it, and as kept (both as sorted text lines). */
async function stockBoth(db: Kysely<DB>): Promise<[string[], string[]]> {
  const direct = await sql<Row>`
    SELECT enterprise_id, coalesce(warehouse_id, 0) AS wkey, warehouse_name,
           CASE WHEN goods_id IS NULL THEN 'n' || goods_name ELSE 'i' || goods_id END AS gkey, goods_id, day::text AS day,
           sum(w)::numeric::text AS weight, sum(p)::numeric::text AS pieces, count(*)::text AS lines
    FROM (
      SELECT o.enterprise_id, o.warehouse_id, o.warehouse_name, g.goods_id, g.goods_name, o.in_storage_time AS day,
             g.storage_number AS w, g.weight AS p
      FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id
      UNION ALL
      SELECT o.enterprise_id, o.warehouse_id, o.warehouse_name, g.goods_id, g.goods_name, o.delivery_time,
             -g.delivery_weight_number, -g.delivery_number
      FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id
    ) m
    GROUP BY 1, 2, 3, 4, 5, 6`.execute(db);
  const kept = await sql<Row>`
    SELECT enterprise_id, warehouse_key AS wkey, warehouse_name, goods_key AS gkey, goods_id, day::text AS day,
           weight::numeric::text AS weight, pieces::numeric::text AS pieces, lines::text AS lines
    FROM stock_rollup`.execute(db);
  const text = (rows: Row[]) =>
    rows
      .map((r) =>
        [r.enterprise_id, r.wkey, r.warehouse_name, r.gkey, r.goods_id, r.day, Number(r.weight), Number(r.pieces), r.lines].join('|'),
      )
      .sort();
  return [text(direct.rows), text(kept.rows)];
}

/** The loan totals per contract as the rows give them, and as kept (contracts with a non-zero total). */
async function loanBoth(db: Kysely<DB>): Promise<[string[], string[]]> {
  const direct = await sql<Row>`
    SELECT contract_id, sum(approved) AS approved, sum(repaid) AS repaid
    FROM (
      SELECT a.contract_id, a.loan_amount AS approved, 0 AS repaid
      FROM loan_applications a LEFT JOIN process_instances pi ON pi.id = a.process_instance_id
      WHERE a.contract_id IS NOT NULL
        AND CASE WHEN a.status = 'submitted' AND pi.status IS NOT NULL
                 THEN CASE pi.status WHEN 'running' THEN 'approving' WHEN 'approved' THEN 'approved' ELSE 'rejected' END
                 ELSE a.status END = 'approved'
      UNION ALL
      SELECT contract_id, 0, money FROM settlements WHERE contract_id IS NOT NULL AND type = 2 AND status = 'submitted'
    ) m
    GROUP BY contract_id`.execute(db);
  const kept = await sql<Row>`SELECT contract_id, approved, repaid FROM loan_contract_totals`.execute(db);
  const text = (rows: Row[]) =>
    rows
      .filter((r) => Number(r.approved) !== 0 || Number(r.repaid) !== 0)
      .map((r) => `${r.contract_id}|${Number(r.approved).toFixed(2)}|${Number(r.repaid).toFixed(2)}`)
      .sort();
  return [text(direct.rows), text(kept.rows)];
}

describeEachDatabase('statistics rollups', (t) => {
  const db = () => t().database.db;
  const one = async <T extends Row>(q: ReturnType<typeof sql<T>>) => (await q.execute(db())).rows[0]!;
  const expectStockExact = async () => {
    const [direct, kept] = await stockBoth(db());
    expect(direct.length).toBeGreaterThan(0);
    expect(kept).toEqual(direct);
  };
  const expectLoansExact = async () => {
    const [direct, kept] = await loanBoth(db());
    expect(direct.length).toBeGreaterThan(0);
    expect(kept).toEqual(direct);
  };

  describe('stock', () => {
    it('is filled from the seeded rows', expectStockExact);

    it('follows goods lines inserted, updated and deleted', async () => {
      const inLine = await one(sql<{ id: number; order_id: number }>`SELECT id, order_id FROM in_storage_order_goods ORDER BY id LIMIT 1`);
      await sql`INSERT INTO in_storage_order_goods (order_id, goods_id, goods_name, storage_number, weight)
                SELECT order_id, goods_id, goods_name, 12.5, 3 FROM in_storage_order_goods WHERE id = ${inLine.id}`.execute(db());
      await sql`INSERT INTO in_storage_order_goods (order_id, goods_id, goods_name, storage_number, weight)
                VALUES (${inLine.order_id}, NULL, 'loose goods named only', 7.25, 1)`.execute(db());
      await expectStockExact();
      await sql`UPDATE in_storage_order_goods SET storage_number = storage_number + 1.125, weight = weight + 2 WHERE id = ${inLine.id}`.execute(
        db(),
      );
      await sql`UPDATE in_storage_order_goods SET goods_id = NULL, goods_name = 'renamed' WHERE id = ${inLine.id}`.execute(db());
      const outLine = await one(sql<{ id: number }>`SELECT id FROM outbound_order_goods ORDER BY id LIMIT 1`);
      await sql`UPDATE outbound_order_goods SET delivery_weight_number = delivery_weight_number + 4 WHERE id = ${outLine.id}`.execute(db());
      await expectStockExact();
      await sql`DELETE FROM outbound_order_goods WHERE id = ${outLine.id}`.execute(db());
      await sql`DELETE FROM in_storage_order_goods WHERE goods_name = 'loose goods named only'`.execute(db());
      await expectStockExact();
    });

    it('follows an order moved to another warehouse, enterprise or day, and deleted orders', async () => {
      const wh = await one(sql<{ id: number; name: string }>`SELECT id, name FROM warehouses ORDER BY id DESC LIMIT 1`);
      const inOrder = await one(sql<{ id: number }>`
        SELECT o.id FROM in_storage_orders o WHERE EXISTS (SELECT 1 FROM in_storage_order_goods g WHERE g.order_id = o.id)
        ORDER BY o.id LIMIT 1`);
      await sql`UPDATE in_storage_orders SET warehouse_id = ${wh.id}, warehouse_name = ${wh.name} WHERE id = ${inOrder.id}`.execute(db());
      await sql`UPDATE in_storage_orders SET in_storage_time = in_storage_time - 40 WHERE id = ${inOrder.id}`.execute(db());
      await sql`UPDATE in_storage_orders SET warehouse_id = NULL WHERE id = ${inOrder.id}`.execute(db());
      await expectStockExact();
      const outOrder = await one(sql<{ id: number }>`
        SELECT o.id FROM outbound_orders o WHERE EXISTS (SELECT 1 FROM outbound_order_goods g WHERE g.order_id = o.id)
        ORDER BY o.id DESC LIMIT 1`);
      await sql`UPDATE outbound_orders SET delivery_time = delivery_time + 3, enterprise_id = 'ent-b', remark = 'moved'
                WHERE id = ${outOrder.id}`.execute(db());
      await sql`UPDATE outbound_orders SET remark = 'only the remark' WHERE id = ${outOrder.id}`.execute(db());
      await expectStockExact();
      // Every order moved at once (one statement), then an order deleted with its lines (cascade), then lines first.
      await sql`UPDATE outbound_orders SET delivery_time = delivery_time + 1`.execute(db());
      await sql`DELETE FROM outbound_orders WHERE id = ${outOrder.id}`.execute(db());
      await sql`DELETE FROM in_storage_order_goods WHERE order_id = ${inOrder.id}`.execute(db());
      await sql`DELETE FROM in_storage_orders WHERE id = ${inOrder.id}`.execute(db());
      await expectStockExact();
      await sql`TRUNCATE outbound_order_goods`.execute(db());
      await expectStockExact();
    });

    it('gives the stock figures of the rows: in less out per warehouse and goods up to the day, never below zero', async () => {
      const s = await t().enter('demo-internal');
      const to = '2030-12-31';
      const res = await t().app.inject({
        method: 'POST',
        url: DATA_PORTAL_PATHS.query,
        headers: s.headers,
        payload: { dataset: 'warehouseStock', dimensions: ['warehouse'], measures: ['weight', 'pieces'], filter: { to }, limit: 1000 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const got = new Map((res.json().data as DataQueryResult).rows.map((r) => [r.keys[0], r.values]));
      const expected = await sql<{ warehouse: string; weight: string; pieces: string }>`
        SELECT coalesce(w.name, s.wname) AS warehouse, round(sum(s.weight), 3)::text AS weight, round(sum(s.pieces), 3)::text AS pieces
        FROM (
          SELECT l.wkey, max(l.wname) AS wname, greatest(0, sum(l.w)) AS weight, greatest(0, sum(l.p)) AS pieces
          FROM (
            SELECT coalesce(o.warehouse_id, 0) AS wkey, o.warehouse_name AS wname, coalesce(g.goods_id::text, g.goods_name) AS gkey,
                   g.goods_id, g.storage_number AS w, g.weight AS p
            FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id WHERE o.in_storage_time <= ${to}::date
            UNION ALL
            SELECT coalesce(o.warehouse_id, 0), o.warehouse_name, coalesce(g.goods_id::text, g.goods_name), g.goods_id,
                   -g.delivery_weight_number, -g.delivery_number
            FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id WHERE o.delivery_time <= ${to}::date
          ) l
          GROUP BY l.wkey, l.gkey, l.goods_id
        ) s LEFT JOIN warehouses w ON w.id = s.wkey
        GROUP BY 1`.execute(db());
      expect(expected.rows.length).toBeGreaterThan(0);
      expect(new Map(expected.rows.map((r) => [r.warehouse, [Number(r.weight), Number(r.pieces)]]))).toEqual(got);
    });
  });

  describe('loan totals', () => {
    it('are filled from the seeded rows', expectLoansExact);

    it('follow applications, repayments and approvals inserted, updated and deleted', async () => {
      const contract = await one(sql<{ contract_id: number }>`
        SELECT contract_id FROM loan_applications WHERE contract_id IS NOT NULL ORDER BY id LIMIT 1`);
      const app = await one(sql<{ id: number }>`
        SELECT a.id FROM loan_applications a JOIN process_instances pi ON pi.id = a.process_instance_id
        WHERE a.status = 'submitted' AND a.contract_id IS NOT NULL ORDER BY a.id LIMIT 1`);
      // An approval decided and undone: the process changes, not the application.
      await sql`UPDATE process_instances SET status = 'approved' WHERE id = (SELECT process_instance_id FROM loan_applications WHERE id = ${app.id})`.execute(
        db(),
      );
      await expectLoansExact();
      await sql`UPDATE loan_applications SET loan_amount = loan_amount + 1000.5, contract_id = ${contract.contract_id} WHERE id = ${app.id}`.execute(
        db(),
      );
      await sql`UPDATE loan_applications SET status = 'approved' WHERE id IN (SELECT id FROM loan_applications WHERE contract_id IS NOT NULL ORDER BY id DESC LIMIT 2)`.execute(
        db(),
      );
      await expectLoansExact();
      await sql`UPDATE process_instances SET status = 'rejected' WHERE id = (SELECT process_instance_id FROM loan_applications WHERE id = ${app.id})`.execute(
        db(),
      );
      await expectLoansExact();
      // Repayments: a new one, one changed from receivable to payable, one withdrawn, one deleted.
      await sql`INSERT INTO settlements (enterprise_id, enterprise_name, contract_id, type, status, money, settle_code)
                SELECT enterprise_id, enterprise_name, ${contract.contract_id}, 2, 'submitted', 333.33, settle_code || '-r'
                FROM settlements ORDER BY id LIMIT 1`.execute(db());
      await sql`UPDATE settlements SET type = 3 - type WHERE id IN (SELECT id FROM settlements WHERE contract_id IS NOT NULL ORDER BY id LIMIT 3)`.execute(
        db(),
      );
      await sql`UPDATE settlements SET status = 'draft' WHERE id = (SELECT max(id) FROM settlements WHERE type = 2 AND status = 'submitted')`.execute(
        db(),
      );
      await sql`DELETE FROM settlements WHERE id = (SELECT min(id) FROM settlements WHERE type = 2 AND status = 'submitted' AND contract_id IS NOT NULL)`.execute(
        db(),
      );
      await expectLoansExact();
      await sql`DELETE FROM process_instances WHERE id = (SELECT max(process_instance_id) FROM loan_applications WHERE status = 'submitted' AND contract_id IS NOT NULL)`.execute(
        db(),
      );
      await sql`DELETE FROM loan_applications WHERE id = ${app.id}`.execute(db());
      await expectLoansExact();
    });
  });
});
