// The data portal's built-in datasets (issue 13): every dataset's figures equal the same figures computed here from
// the seeded rows; the caller's data scope (own enterprise, group, platform) decides whose rows count and a filter
// never reaches outside it; bad queries are refused naming the field; the permissions of the table; and the cache
// gives the new figure as soon as a table behind it changes, whichever process changed it.
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  BUILT_IN_DATASET_IDS,
  BUSINESS_PATHS,
  DATASET_PREVIEW_ROWS,
  DATA_PORTAL_MESSAGES,
  DATA_PORTAL_PATHS,
  PERMISSION_MESSAGES,
  RISK_TYPES,
  type DataQueryBody,
  type DataQueryResult,
  type DatasetDetail,
  type DatasetSummary,
} from '@tfb/contract';
import { provinceOf } from '../src/modules/data-portal/province.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Row = Record<string, unknown>;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
/** The CST date (yyyy-MM-dd) of an ISO time. */
const cstDay = (iso: string) => new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 10);
const STATUS_OF_PROCESS: Record<string, string> = { running: 'approving', approved: 'approved', rejected: 'rejected' };

/** Sums per key: key → [values…]. */
function fold<T>(rows: readonly T[], key: (r: T) => string, values: (r: T) => number[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const r of rows) {
    const k = key(r);
    const v = values(r);
    const acc = out.get(k) ?? v.map(() => 0);
    out.set(
      k,
      acc.map((a, i) => a + v[i]!),
    );
  }
  return out;
}
/** A query's rows as key → values (keys joined by '|'). */
const asMap = (r: DataQueryResult, digits = 2) =>
  new Map(r.rows.map((row) => [row.keys.join('|'), row.values.map((v) => round(v, digits))]));
const rounded = (m: Map<string, number[]>, digits = 2) => new Map([...m].map(([k, v]) => [k, v.map((x) => round(x, digits))]));

describeEachDatabase('data portal datasets', (t) => {
  let staffA: TestSession; // ent-a
  let staffB: TestSession; // ent-b
  let group: TestSession; // group of ent-a and ent-b
  let internal: TestSession; // platform enterprise: every enterprise
  let supervisor: TestSession; // warehouse only: no statistics:read
  let portalAdmin: TestSession; // portalWebsites:read only

  beforeAll(async () => {
    [staffA, staffB, group, internal, supervisor, portalAdmin] = await Promise.all([
      t().enter('demo-a-staff'),
      t().enter('demo-b-staff'),
      t().enter('demo-group'),
      t().enter('demo-internal'),
      t().enter('demo-supervisor'),
      t().enter('demo-portal-admin'),
    ]);
  });

  const db = () => t().database.db;
  const rowsOf = async <T extends Row>(q: ReturnType<typeof sql<T>>) => (await q.execute(db())).rows;
  const post = (s: TestSession, body: DataQueryBody | Row) =>
    t().app.inject({ method: 'POST', url: DATA_PORTAL_PATHS.query, headers: s.headers, payload: body as object });
  const query = async (s: TestSession, body: DataQueryBody): Promise<DataQueryResult> => {
    const res = await post(s, { limit: 1000, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DataQueryResult;
  };

  describe('each dataset equals the seeded rows, for ent-a', () => {
    it('contracts by month within a date range (sign date, else the CST day of creation)', async () => {
      const raw = await rowsOf(sql<{ sign_date: string | null; created_at: string; money: number }>`
        SELECT sign_date, created_at, money FROM contracts WHERE enterprise_id = 'ent-a'`);
      const inRange = raw
        .map((r) => ({ day: r.sign_date ?? cstDay(r.created_at), money: Number(r.money) }))
        .filter((r) => r.day >= '2026-01-01' && r.day <= '2026-06-30');
      expect(inRange.length).toBeGreaterThan(3);
      const r = await query(staffA, {
        dataset: 'contracts',
        dimensions: ['month'],
        measures: ['amount', 'count'],
        filter: { from: '2026-01-01', to: '2026-06-30' },
      });
      expect(asMap(r)).toEqual(
        rounded(
          fold(
            inRange,
            (x) => x.day.slice(0, 7),
            (x) => [x.money, 1],
          ),
        ),
      );
      // Months come in order.
      expect(r.rows.map((x) => x.keys[0])).toEqual([...r.rows.map((x) => x.keys[0]!)].sort());
    });

    it('contracts by type and by counterparty, largest first', async () => {
      const raw = await rowsOf(sql<{ contract_type: string; enterprise_name: string; money: number }>`
        SELECT contract_type, enterprise_name, money FROM contracts WHERE enterprise_id = 'ent-a'`);
      const byType = await query(staffA, { dataset: 'contracts', dimensions: ['contractType'], measures: ['amount', 'count'] });
      expect(asMap(byType)).toEqual(
        rounded(
          fold(
            raw,
            (x) => x.contract_type,
            (x) => [Number(x.money), 1],
          ),
        ),
      );
      const amounts = byType.rows.map((x) => x.values[0]!);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
      const byName = await query(staffA, { dataset: 'contracts', dimensions: ['counterparty'], measures: ['count'] });
      expect(asMap(byName)).toEqual(
        rounded(
          fold(
            raw,
            (x) => x.enterprise_name,
            () => [1],
          ),
        ),
      );
    });

    it('orders by kind (sales and purchase orders)', async () => {
      const sales = await rowsOf(sql<{ money: number }>`SELECT money FROM sales_orders WHERE enterprise_id = 'ent-a'`);
      const purchases = await rowsOf(sql<{ money: number }>`SELECT money FROM purchase_orders WHERE enterprise_id = 'ent-a'`);
      const total = (xs: { money: number }[]) => round(xs.reduce((s, x) => s + Number(x.money), 0));
      const r = await query(staffA, { dataset: 'orders', dimensions: ['orderKind'], measures: ['amount', 'count'] });
      expect(asMap(r)).toEqual(
        new Map([
          ['sale', [total(sales), sales.length]],
          ['purchase', [total(purchases), purchases.length]],
        ]),
      );
    });

    it('loans by status with approved amounts and balances (approved less the repayments of the contract, pro rata)', async () => {
      const loans = await rowsOf(sql<{ status: string; process: string | null; contract_id: number | null; loan_amount: number }>`
        SELECT l.status, pi.status AS process, l.contract_id, l.loan_amount
        FROM loan_applications l LEFT JOIN process_instances pi ON pi.id = l.process_instance_id
        WHERE l.enterprise_id = 'ent-a'`);
      const repaid = await rowsOf(sql<{ contract_id: number; money: number }>`
        SELECT contract_id, money FROM settlements
        WHERE enterprise_id = 'ent-a' AND type = 2 AND status = 'submitted' AND contract_id IS NOT NULL`);
      const status = (l: (typeof loans)[number]) => (l.status === 'submitted' && l.process ? STATUS_OF_PROCESS[l.process]! : l.status);
      const approvedOf = fold(
        loans.filter((l) => status(l) === 'approved' && l.contract_id !== null),
        (l) => String(l.contract_id),
        (l) => [Number(l.loan_amount)],
      );
      const repaidOf = fold(
        repaid,
        (s) => String(s.contract_id),
        (s) => [Number(s.money)],
      );
      const balance = (l: (typeof loans)[number]) => {
        if (status(l) !== 'approved') return 0;
        const approved = l.contract_id === null ? 0 : (approvedOf.get(String(l.contract_id))?.[0] ?? 0);
        if (approved <= 0) return Number(l.loan_amount);
        return Number(l.loan_amount) * Math.max(0, 1 - (repaidOf.get(String(l.contract_id))?.[0] ?? 0) / approved);
      };
      const expected = fold(loans, status, (l) => [
        Number(l.loan_amount),
        status(l) === 'approved' ? Number(l.loan_amount) : 0,
        balance(l),
        1,
      ]);
      expect(expected.get('approved')?.[0]).toBeGreaterThan(0);
      const r = await query(staffA, {
        dataset: 'loans',
        dimensions: ['status'],
        measures: ['loanAmount', 'approvedAmount', 'balance', 'count'],
      });
      expect(asMap(r)).toEqual(rounded(expected));
    });

    it('settlements by type', async () => {
      const raw = await rowsOf(sql<{ type: number; money: number }>`SELECT type, money FROM settlements WHERE enterprise_id = 'ent-a'`);
      const r = await query(staffA, { dataset: 'settlements', dimensions: ['settlementType'], measures: ['amount', 'count'] });
      expect(asMap(r)).toEqual(
        rounded(
          fold(
            raw,
            (x) => (x.type === 1 ? 'receivable' : 'payable'),
            (x) => [Number(x.money), 1],
          ),
        ),
      );
    });

    it('warehouse flow by direction: the goods lines of in-storage and outbound orders', async () => {
      const lines = await rowsOf(sql<{ direction: string; order_id: number; weight: number; pieces: number }>`
        SELECT 'in' AS direction, o.id AS order_id, g.storage_number AS weight, g.weight AS pieces
        FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id WHERE o.enterprise_id = 'ent-a'
        UNION ALL
        SELECT 'out', o.id, g.delivery_weight_number, g.delivery_number
        FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id WHERE o.enterprise_id = 'ent-a'`);
      const orders = (d: string) => new Set(lines.filter((l) => l.direction === d).map((l) => l.order_id)).size;
      const sums = fold(
        lines,
        (l) => l.direction,
        (l) => [Number(l.weight), Number(l.pieces)],
      );
      const r = await query(staffA, { dataset: 'warehouseFlow', dimensions: ['direction'], measures: ['weight', 'pieces', 'count'] });
      expect(asMap(r, 3)).toEqual(
        new Map(['in', 'out'].map((d) => [d, [round(sums.get(d)![0]!, 3), round(sums.get(d)![1]!, 3), orders(d)]])),
      );
    });

    it('warehouse stock by warehouse and province: in less out per warehouse and goods, never below zero', async () => {
      const lines = await rowsOf(sql<{ warehouse_id: number; goods: string; weight: number; pieces: number }>`
        SELECT o.warehouse_id, coalesce(g.goods_id::text, g.goods_name) AS goods, g.storage_number AS weight, g.weight AS pieces
        FROM in_storage_orders o JOIN in_storage_order_goods g ON g.order_id = o.id WHERE o.enterprise_id = 'ent-a'
        UNION ALL
        SELECT o.warehouse_id, coalesce(g.goods_id::text, g.goods_name), -g.delivery_weight_number, -g.delivery_number
        FROM outbound_orders o JOIN outbound_order_goods g ON g.order_id = o.id WHERE o.enterprise_id = 'ent-a'`);
      const warehouses = await rowsOf(sql<{ id: number; name: string; address: string }>`SELECT id, name, address FROM warehouses`);
      const perGoods = fold(
        lines,
        (l) => `${l.warehouse_id}|${l.goods}`,
        (l) => [Number(l.weight), Number(l.pieces)],
      );
      const stock = [...perGoods].map(([k, [w, p]]) => ({
        warehouse: Number(k.split('|')[0]),
        weight: Math.max(0, w!),
        pieces: Math.max(0, p!),
      }));
      const nameOf = (id: number) => warehouses.find((w) => Number(w.id) === id)!.name;
      const provinceOfId = (id: number) => provinceOf(warehouses.find((w) => Number(w.id) === id)!.address) ?? '';
      const byWarehouse = await query(staffA, { dataset: 'warehouseStock', dimensions: ['warehouse'], measures: ['weight', 'pieces'] });
      expect(asMap(byWarehouse, 3)).toEqual(
        rounded(
          fold(
            stock,
            (s) => nameOf(s.warehouse),
            (s) => [s.weight, s.pieces],
          ),
          3,
        ),
      );
      const byProvince = await query(staffA, { dataset: 'warehouseStock', dimensions: ['province'], measures: ['weight'] });
      expect(asMap(byProvince, 3)).toEqual(
        rounded(
          fold(
            stock,
            (s) => provinceOfId(s.warehouse),
            (s) => [s.weight],
          ),
          3,
        ),
      );
      for (const row of byProvince.rows) expect(['上海', '天津', '河北', '湖北']).toContain(row.keys[0]);
      expect(byWarehouse.rows.every((row) => row.values.every((v) => v >= 0))).toBe(true);
    });

    it('warehouse notices by kind and state (waiting: no order made yet)', async () => {
      const raw = await rowsOf(sql<{ kind: string; is_create: number }>`
        SELECT 'inStorage' AS kind, is_create FROM in_storage_notices WHERE enterprise_id = 'ent-a'
        UNION ALL SELECT 'delivery', is_create FROM delivery_instructions WHERE enterprise_id = 'ent-a'`);
      const r = await query(staffA, { dataset: 'warehouseNotices', dimensions: ['noticeKind', 'state'], measures: ['count'] });
      expect(asMap(r)).toEqual(
        fold(
          raw,
          (x) => `${x.kind}|${Number(x.is_create) === 0 ? 'waiting' : 'done'}`,
          () => [1],
        ),
      );
    });

    it('goods by top-level category (walking the category tree up)', async () => {
      const categories = await rowsOf(sql<{ id: number; parent_id: number | null; goods_category_name: string }>`
        SELECT id, parent_id, goods_category_name FROM goods_categories`);
      const byId = new Map(categories.map((c) => [Number(c.id), c]));
      const rootOf = (id: number): string => {
        const c = byId.get(id)!;
        return c.parent_id === null ? c.goods_category_name : rootOf(Number(c.parent_id));
      };
      const goods = await rowsOf(sql<{ category_id: number }>`SELECT category_id FROM goods WHERE enterprise_id = 'ent-a'`);
      const r = await query(staffA, { dataset: 'goods', dimensions: ['goodsCategory'], measures: ['count'] });
      expect(asMap(r)).toEqual(
        fold(
          goods,
          (g) => rootOf(Number(g.category_id)),
          () => [1],
        ),
      );
    });

    it('warnings by risk type (as the contract keys them) and by rule', async () => {
      const raw = await rowsOf(sql<{ risk_type: number; warn_rule: string }>`
        SELECT risk_type, warn_rule FROM company_risks WHERE enterprise_id = 'ent-a'`);
      expect(raw.length).toBeGreaterThan(0);
      const byType = await query(staffA, { dataset: 'warnings', dimensions: ['riskType'], measures: ['count'] });
      expect(asMap(byType)).toEqual(
        fold(
          raw,
          (x) => RISK_TYPES[x.risk_type as keyof typeof RISK_TYPES],
          () => [1],
        ),
      );
      const byRule = await query(staffA, { dataset: 'warnings', dimensions: ['rule'], measures: ['count'] });
      expect(asMap(byRule)).toEqual(
        fold(
          raw,
          (x) => x.warn_rule,
          () => [1],
        ),
      );
    });

    it('approvals by business type and status: number, and hours from start to end of finished ones', async () => {
      const raw = await rowsOf(sql<{ business_type: string; status: string; created_at: string; updated_at: string }>`
        SELECT business_type, status, created_at, updated_at FROM process_instances WHERE enterprise_id = 'ent-a'`);
      const r = await query(staffA, { dataset: 'approvals', dimensions: ['businessType', 'status'], measures: ['count', 'avgHours'] });
      const counts = fold(
        raw,
        (x) => `${x.business_type}|${x.status}`,
        () => [1],
      );
      expect(new Map(r.rows.map((row) => [row.keys.join('|'), row.values[0]]))).toEqual(new Map([...counts].map(([k, v]) => [k, v[0]])));
      const finished = raw.filter((x) => x.status !== 'running');
      expect(finished.length).toBeGreaterThan(0);
      const hours = fold(
        finished,
        (x) => `${x.business_type}|${x.status}`,
        (x) => [(Date.parse(x.updated_at) - Date.parse(x.created_at)) / 3600_000, 1],
      );
      for (const [k, [sum, n]] of hours) {
        expect(r.rows.find((row) => row.keys.join('|') === k)!.values[1]).toBeCloseTo(round(sum! / n!, 1), 1);
      }
    });
  });

  describe('data scope', () => {
    const total = async (s: TestSession, filter: DataQueryBody['filter'] = {}) =>
      (await query(s, { dataset: 'contracts', dimensions: [], measures: ['amount', 'count'], filter })).rows[0]!.values;
    const direct = async (ids: string[] | null) => {
      const r = await rowsOf(sql<{ amount: number; n: number }>`
        SELECT coalesce(sum(money), 0) AS amount, count(*) AS n FROM contracts
        ${ids ? sql`WHERE enterprise_id IN (${sql.join(ids)})` : sql``}`);
      return [round(Number(r[0]!.amount)), Number(r[0]!.n)];
    };

    it('business staff see their own enterprise only', async () => {
      const [a, b] = [await total(staffA), await total(staffB)];
      expect(a.map((v) => round(v))).toEqual(await direct(['ent-a']));
      expect(b.map((v) => round(v))).toEqual(await direct(['ent-b']));
      expect((await query(staffA, { dataset: 'contracts', dimensions: [], measures: ['count'] })).scope).toBe('enterprise');
      // ent-b's counterparties never show in ent-a's figures (unless ent-a deals with them too).
      const own = await rowsOf(sql<{ n: string }>`SELECT DISTINCT enterprise_name AS n FROM contracts WHERE enterprise_id = 'ent-a'`);
      const names = (await query(staffA, { dataset: 'contracts', dimensions: ['counterparty'], measures: ['count'] })).rows.map(
        (r) => r.keys[0],
      );
      expect(new Set(names)).toEqual(new Set(own.map((r) => r.n)));
    });

    it('a group user sees the member enterprises of the group together, or one of them', async () => {
      const r = await query(group, { dataset: 'contracts', dimensions: [], measures: ['amount', 'count'] });
      expect(r.scope).toBe('group');
      expect(r.rows[0]!.values.map((v) => round(v))).toEqual(await direct(['ent-a', 'ent-b']));
      expect((await total(group, { enterpriseId: 'ent-b' })).map((v) => round(v))).toEqual(await direct(['ent-b']));
    });

    it('the platform enterprise sees every enterprise', async () => {
      const r = await query(internal, { dataset: 'contracts', dimensions: [], measures: ['amount', 'count'] });
      expect(r.scope).toBe('all');
      expect(r.rows[0]!.values.map((v) => round(v))).toEqual(await direct(null));
      expect((await total(internal, { enterpriseId: 'ent-c' })).map((v) => round(v))).toEqual(await direct(['ent-c']));
    });

    it.each([
      ['demo-a-staff', 'ent-b'],
      ['demo-group', 'ent-c'],
      ['demo-group', 'ent-p'],
      ['demo-internal', 'ent-unknown'],
    ])('%s asking for %s is refused (403) naming the field', async (userId, enterpriseId) => {
      const s = await t().enter(userId);
      const res = await post(s, { dataset: 'contracts', measures: ['count'], filter: { enterpriseId } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 40300,
        message: DATA_PORTAL_MESSAGES.enterpriseOutOfScope,
        errors: [{ field: 'filter.enterpriseId', message: DATA_PORTAL_MESSAGES.enterpriseOutOfScope }],
      });
    });

    it('takes the scope from the session, never from the request', async () => {
      const res = await t().app.inject({
        method: 'POST',
        url: DATA_PORTAL_PATHS.query,
        headers: staffA.headers,
        payload: { dataset: 'contracts', measures: ['count'], enterpriseId: 'ent-b', scope: 'all' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.rows[0].values).toEqual([(await direct(['ent-a']))[1]]);
    });
  });

  describe('datasets', () => {
    it('lists every built-in dataset with its fields, its rows in the scope and its last change', async () => {
      const res = await t().app.inject({ method: 'GET', url: DATA_PORTAL_PATHS.datasets, headers: staffA.headers });
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().data as DatasetSummary[];
      expect(list.map((d) => d.id)).toEqual(BUILT_IN_DATASET_IDS);
      const contracts = list.find((d) => d.id === 'contracts')!;
      const n = await rowsOf(sql<{ n: number }>`SELECT count(*) AS n FROM contracts WHERE enterprise_id = 'ent-a'`);
      expect(contracts.rowCount).toBe(Number(n[0]!.n));
      expect(contracts.refreshedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(contracts.fields).toContainEqual({ name: 'contractType', role: 'dimension', kind: 'code', unit: null, title: null });
      expect(contracts.fields).toContainEqual({ name: 'amount', role: 'measure', kind: null, unit: 'yuan', title: null });
      const goods = list.find((d) => d.id === 'goods')!;
      const g = await rowsOf(sql<{ n: number }>`SELECT count(*) AS n FROM goods WHERE enterprise_id = 'ent-a'`);
      expect(goods.rowCount).toBe(Number(g[0]!.n));
    });

    it('shows one dataset with a preview aggregated by its first dimension', async () => {
      const res = await t().app.inject({
        method: 'GET',
        url: DATA_PORTAL_PATHS.dataset.replace(':id', 'contracts'),
        headers: staffA.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data as DatasetDetail;
      expect(d.preview.columns).toEqual(['month', 'amount', 'count']);
      expect(d.preview.rows.length).toBeGreaterThan(0);
      expect(d.preview.rows.length).toBeLessThanOrEqual(DATASET_PREVIEW_ROWS);
      const byMonth = await query(staffA, { dataset: 'contracts', dimensions: ['month'], measures: ['amount', 'count'] });
      expect(d.preview.rows).toEqual(byMonth.rows.slice(0, DATASET_PREVIEW_ROWS).map((r) => [...r.keys, ...r.values]));
      const missing = await t().app.inject({
        method: 'GET',
        url: DATA_PORTAL_PATHS.dataset.replace(':id', 'nope'),
        headers: staffA.headers,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(DATA_PORTAL_MESSAGES.unknownDataset);
    });

    it('truncates at the limit and says so', async () => {
      const r = await query(staffA, { dataset: 'contracts', dimensions: ['counterparty'], measures: ['count'], limit: 2 });
      expect(r.rows).toHaveLength(2);
      expect(r.truncated).toBe(true);
    });
  });

  describe('validation', () => {
    it.each([
      [{ dataset: 'nope', measures: ['count'] }, 'dataset', DATA_PORTAL_MESSAGES.unknownDataset],
      [{ dataset: 'contracts', dimensions: ['colour'], measures: ['count'] }, 'dimensions.0', DATA_PORTAL_MESSAGES.unknownField],
      [{ dataset: 'contracts', measures: ['count', 'weight'] }, 'measures.1', DATA_PORTAL_MESSAGES.unknownField],
      [
        { dataset: 'contracts', dimensions: ['month', 'status', 'counterparty'], measures: ['count'] },
        'dimensions',
        DATA_PORTAL_MESSAGES.tooManyDimensions,
      ],
      [{ dataset: 'contracts', measures: [] }, 'measures', DATA_PORTAL_MESSAGES.measureRequired],
      [{ dataset: 'contracts', measures: ['count'], filter: { from: '2026-13-01' } }, 'filter.from', null],
      [
        { dataset: 'contracts', measures: ['count'], filter: { from: '2026-05-01', to: '2026-04-01' } },
        'filter.to',
        DATA_PORTAL_MESSAGES.dateRange,
      ],
      [{ dataset: 'contracts', measures: ['count'], limit: 0 }, 'limit', null],
      [{ dataset: "contracts'; DROP TABLE contracts; --", measures: ['count'] }, 'dataset', DATA_PORTAL_MESSAGES.unknownDataset],
    ] as const)('%j: 400 naming %s', async (body, field, message) => {
      const res = await post(staffA, body);
      expect(res.statusCode, res.body).toBe(400);
      const errors = res.json().errors as { field: string; message: string }[];
      expect(errors[0]!.field).toBe(field);
      if (message) expect(errors[0]!.message).toBe(message);
    });
  });

  describe('permissions', () => {
    it('refuses a caller without statistics:read or portalWebsites:read', async () => {
      for (const [method, url] of [
        ['GET', DATA_PORTAL_PATHS.datasets],
        ['GET', DATA_PORTAL_PATHS.dataset.replace(':id', 'contracts')],
        ['POST', DATA_PORTAL_PATHS.query],
      ] as const) {
        const res = await t().app.inject({
          method,
          url,
          headers: supervisor.headers,
          ...(method === 'POST' ? { payload: { dataset: 'contracts', measures: ['count'] } } : {}),
        });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied(['statistics:read', 'portalWebsites:read']) });
      }
    });

    it('lets the data-portal administrator (portalWebsites:read) query, with the scope of the platform', async () => {
      const r = await query(portalAdmin, { dataset: 'contracts', measures: ['count'] });
      expect(r.scope).toBe('all');
    });
  });

  describe('cache', () => {
    const count = async () => await query(staffA, { dataset: 'contracts', dimensions: [], measures: ['count', 'amount'] });

    it('answers from the cache while nothing changes', async () => {
      const first = await count();
      const second = await count();
      expect(second.computedAt).toBe(first.computedAt);
      expect(second.rows).toEqual(first.rows);
    });

    it('gives the new figure at once after a contract is saved through the API', async () => {
      const before = await count();
      const res = await t().app.inject({
        method: 'POST',
        url: BUSINESS_PATHS.contracts,
        headers: staffA.headers,
        payload: {
          contractType: 'MLZZHFWPT_CONTACTTYPE_QTHT',
          contractName: '统计缓存测试合同',
          contractRelevanceCode: 'DP-CACHE-1',
          enterpriseName: '缓存测试对方企业',
          money: 1234.5,
          signType: 0,
          signDate: '2026-06-15',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const after = await count();
      expect(after.rows[0]!.values[0]).toBe(before.rows[0]!.values[0]! + 1);
      expect(round(after.rows[0]!.values[1]!)).toBe(round(before.rows[0]!.values[1]! + 1234.5));
      // Another enterprise's figures are computed apart and do not move.
      const b = await query(staffB, { dataset: 'contracts', dimensions: [], measures: ['count'] });
      expect(b.rows[0]!.values[0]).toBe(
        Number((await rowsOf(sql<{ n: number }>`SELECT count(*) AS n FROM contracts WHERE enterprise_id = 'ent-b'`))[0]!.n),
      );
    });

    it('gives the new figure after a change made outside this process (straight in the database)', async () => {
      const before = await count();
      await sql`UPDATE contracts SET money = money + 100 WHERE id = (SELECT min(id) FROM contracts WHERE enterprise_id = 'ent-a')`.execute(
        db(),
      );
      const after = await count();
      expect(round(after.rows[0]!.values[1]!)).toBe(round(before.rows[0]!.values[1]! + 100));
      expect(after.computedAt >= before.computedAt).toBe(true);
    });
  });
});
