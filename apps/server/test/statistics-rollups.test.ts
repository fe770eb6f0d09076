// The rollups the statistics charts read (migrations 0025, 0033): after inserts, updates (an order moving to another
// warehouse, enterprise or day, a line changing goods or amounts, goods moving to another category, a process being
// approved) and deletes, also from concurrent writers, each rollup holds exactly what the rows give when added up
// directly, and the stock and balance figures follow.
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { DATA_PORTAL_PATHS, type DataQueryResult } from '@tfb/contract';
import type { DB } from '../src/db/types.js';
import { asText, MOVEMENTS, type Row } from './helpers/stock-movements.js';
import { describeEachDatabase } from './helpers/test-app.js';

/** Stock per enterprise, warehouse (its id, or the name an order without one wrote) and goods, from the lines. */
const GOODS_STOCK = sql`
  SELECT m.enterprise_id, coalesce(m.warehouse_id, 0) AS wkey, CASE WHEN m.warehouse_id IS NULL THEN m.warehouse_name ELSE '' END AS wlabel,
         CASE WHEN m.goods_id IS NULL THEN 'n' || m.goods_name ELSE 'i' || m.goods_id END AS gkey, m.goods_id,
         coalesce(gd.category_id, 0) AS category_id, sum(m.w) AS weight, sum(m.p) AS pieces, count(*) AS lines
  FROM (${MOVEMENTS}) m LEFT JOIN goods gd ON gd.id = m.goods_id
  GROUP BY 1, 2, 3, 4, 5, 6`;

/** Each stock table as the rows give it, and as kept (both as sorted text lines). */
async function stockBoth(db: Kysely<DB>): Promise<Record<'daily' | 'goods' | 'categories', [string[], string[]]>> {
  const direct = await sql<Row>`
    SELECT enterprise_id, coalesce(warehouse_id, 0) AS wkey, warehouse_name,
           CASE WHEN goods_id IS NULL THEN 'n' || goods_name ELSE 'i' || goods_id END AS gkey, goods_id, day::text AS day,
           sum(w)::numeric::text AS weight, sum(p)::numeric::text AS pieces, count(*)::text AS lines
    FROM (${MOVEMENTS}) m
    GROUP BY 1, 2, 3, 4, 5, 6`.execute(db);
  const kept = await sql<Row>`
    SELECT enterprise_id, warehouse_key AS wkey, warehouse_name, goods_key AS gkey, goods_id, day::text AS day,
           weight::numeric::text AS weight, pieces::numeric::text AS pieces, lines::text AS lines
    FROM stock_rollup`.execute(db);
  const daily = ['enterprise_id', 'wkey', 'warehouse_name', 'gkey', 'goods_id', 'day', 'weight', 'pieces', 'lines'];
  const goodsCols = ['enterprise_id', 'wkey', 'wlabel', 'gkey', 'goods_id', 'category_id', 'weight', 'pieces', 'lines'];
  const goodsDirect = await sql<Row>`
    SELECT enterprise_id, wkey::text, wlabel, gkey, goods_id::text, category_id::text, weight::text, pieces::text, lines::text
    FROM (${GOODS_STOCK}) s`.execute(db);
  const goodsKept = await sql<Row>`
    SELECT enterprise_id, warehouse_key::text AS wkey, warehouse_label AS wlabel, goods_key AS gkey, goods_id::text,
           category_id::text, weight::text, pieces::text, lines::text
    FROM stock_goods`.execute(db);
  const categoryCols = ['enterprise_id', 'wkey', 'wlabel', 'category_id', 'weight', 'pieces', 'goods'];
  const categoriesDirect = await sql<Row>`
    SELECT enterprise_id, wkey::text, wlabel, category_id::text, sum(greatest(0, weight))::text AS weight,
           sum(greatest(0, pieces))::text AS pieces, count(*)::text AS goods
    FROM (${GOODS_STOCK}) s
    GROUP BY 1, 2, 3, 4`.execute(db);
  const categoriesKept = await sql<Row>`
    SELECT enterprise_id, warehouse_key::text AS wkey, warehouse_label AS wlabel, category_id::text, weight::text, pieces::text,
           goods::text
    FROM stock_by_category`.execute(db);
  return {
    daily: [asText(direct.rows, daily), asText(kept.rows, daily)],
    goods: [asText(goodsDirect.rows, goodsCols), asText(goodsKept.rows, goodsCols)],
    categories: [asText(categoriesDirect.rows, categoryCols), asText(categoriesKept.rows, categoryCols)],
  };
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
    const tables = await stockBoth(db());
    for (const [name, [direct, kept]] of Object.entries(tables)) {
      expect(direct.length, name).toBeGreaterThan(0);
      expect(kept, name).toEqual(direct);
    }
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

    it('follows goods moved to another category', async () => {
      const moved = await one(sql<{ id: number; category_id: number }>`
        SELECT gd.id, gd.category_id FROM goods gd WHERE EXISTS (SELECT 1 FROM in_storage_order_goods g WHERE g.goods_id = gd.id)
        ORDER BY gd.id LIMIT 1`);
      const other = await one(sql<{ id: number }>`
        SELECT id FROM goods_categories WHERE id <> ${moved.category_id} AND parent_id IS NOT NULL ORDER BY id LIMIT 1`);
      await sql`UPDATE goods SET category_id = ${other.id} WHERE id = ${moved.id}`.execute(db());
      await expectStockExact();
      // Every goods at once, half of them somewhere else, then back.
      await sql`UPDATE goods SET category_id = CASE WHEN id % 2 = 0 THEN ${other.id} ELSE category_id END, goods_name = goods_name`.execute(
        db(),
      );
      await expectStockExact();
      await sql`UPDATE goods SET category_id = ${moved.category_id} WHERE id = ${moved.id}`.execute(db());
      await expectStockExact();
    });

    it('adds up every concurrent writer: lines of the same goods in different orders, and a change of category', async () => {
      const goods = (
        await sql<{ id: number; name: string; category_id: number }>`
          SELECT DISTINCT ON (gd.category_id) gd.id, gd.goods_name AS name, gd.category_id
          FROM goods gd JOIN in_storage_order_goods g ON g.goods_id = gd.id
          ORDER BY gd.category_id, gd.id LIMIT 4`.execute(db())
      ).rows;
      expect(goods.length).toBeGreaterThan(1);
      const inOrder = await one(sql<{ id: number }>`SELECT id FROM in_storage_orders ORDER BY id LIMIT 1`);
      const outOrder = await one(sql<{ id: number }>`SELECT id FROM outbound_orders ORDER BY id LIMIT 1`);
      const writers = Array.from({ length: 12 }, (_, i) =>
        db()
          .transaction()
          .execute(async (trx) => {
            // Each writer lists the goods in its own order: the rollup rows are still written in key order.
            const mine = i % 2 ? [...goods].reverse() : goods;
            const rows = mine.map((g, k) => sql`(${inOrder.id}, ${g.id}, ${g.name}, ${1 + ((i + k) % 5)}, ${i + k})`);
            await sql`INSERT INTO in_storage_order_goods (order_id, goods_id, goods_name, storage_number, weight)
                      VALUES ${sql.join(rows)}`.execute(trx);
            await sql`INSERT INTO outbound_order_goods (order_id, goods_id, goods_name, delivery_weight_number, delivery_number)
                      VALUES (${outOrder.id}, ${mine[0]!.id}, ${mine[0]!.name}, ${2 + i}, 1)`.execute(trx);
            if (i === 5) await sql`UPDATE goods SET category_id = ${goods[1]!.category_id} WHERE id = ${goods[0]!.id}`.execute(trx);
            if (i === 9) {
              await sql`DELETE FROM in_storage_order_goods WHERE id = (SELECT max(id) FROM in_storage_order_goods WHERE order_id = ${inOrder.id})`.execute(
                trx,
              );
            }
          }),
      );
      await Promise.all(writers);
      await expectStockExact();
    });

    it('gives the stock figures of the rows: in less out per enterprise, warehouse and goods up to the day, never below zero', async () => {
      const s = await t().enter('demo-internal');
      // Now; before the last movements (taken off the stock now); after the first ones (added up); and halfway.
      const days = await one(sql<{ first: string; beforeLast: string; last: string; mid: string }>`
        SELECT min(day)::text AS first, (max(day) - 1)::text AS "beforeLast", max(day)::text AS last,
               (min(day) + (max(day) - min(day)) / 2)::text AS mid
        FROM stock_rollup`);
      for (const to of ['2030-12-31', days.last, days.beforeLast, days.first, days.mid]) {
        for (const dimension of ['warehouse', 'goodsCategory']) {
          const res = await t().app.inject({
            method: 'POST',
            url: DATA_PORTAL_PATHS.query,
            headers: s.headers,
            payload: { dataset: 'warehouseStock', dimensions: [dimension], measures: ['weight', 'pieces'], filter: { to }, limit: 1000 },
          });
          expect(res.statusCode, res.body).toBe(200);
          const got = new Map((res.json().data as DataQueryResult).rows.map((r) => [r.keys[0], r.values]));
          const expected = await sql<{ key: string; weight: string; pieces: string }>`
            SELECT ${dimension === 'warehouse' ? sql`coalesce(w.name, s.wlabel)` : sql`coalesce(root.goods_category_name, '未分类')`} AS key,
                   round(sum(s.weight), 3)::text AS weight, round(sum(s.pieces), 3)::text AS pieces
            FROM (
              SELECT m.enterprise_id, coalesce(m.warehouse_id, 0) AS wkey,
                     CASE WHEN m.warehouse_id IS NULL THEN m.warehouse_name ELSE '' END AS wlabel,
                     coalesce(m.goods_id::text, m.goods_name) AS gkey, max(m.goods_id) AS goods_id,
                     greatest(0, sum(m.w)) AS weight, greatest(0, sum(m.p)) AS pieces
              FROM (${MOVEMENTS}) m
              WHERE m.day <= ${to}::date
              GROUP BY 1, 2, 3, 4
            ) s
            LEFT JOIN warehouses w ON w.id = s.wkey
            LEFT JOIN goods gd ON gd.id = s.goods_id
            LEFT JOIN (goods_category_tree gt JOIN goods_categories root ON root.id = gt.ancestor_id AND root.parent_id IS NULL)
              ON gt.descendant_id = gd.category_id
            GROUP BY 1`.execute(db());
          expect(expected.rows.length).toBeGreaterThan(0);
          expect(got, `${dimension} to ${to}`).toEqual(new Map(expected.rows.map((r) => [r.key, [Number(r.weight), Number(r.pieces)]])));
        }
      }
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
