// The pickers of spec 7.2: orders (snake_case rows), available projects, loans, contract/order entries in
// three variants, a sales order's goods and chooseSettle. Data is made through the API with a unique tag
// per run, so the assertions hold whatever the demo seed holds.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BUSINESS_PATHS, PICKER_API_PATHS, PICKER_PATHS } from '@tfb/contract';
import { COUNT_CAP, likePattern } from '../src/lib/paging.js';
import { api } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Json = Record<string, unknown>;

describeEachDatabase('pickers', (t) => {
  let a: TestSession;
  let b: TestSession;
  const tag = `PK${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const ids = {
    sales: [] as number[],
    purchase: [] as number[],
    projects1: [] as number[],
    projects2: [] as number[],
    contracts: [] as number[],
  };

  const { get, create: post } = api(t);
  /** A project of enterprise A between the same two parties; type 1 purchase, 2 sales. */
  const project = async (name: string, type: 1 | 2, extra: Json = {}) =>
    (
      await post(a, BUSINESS_PATHS.projects, {
        projectName: `${tag} ${name}`,
        type,
        enterpriseName: '买方',
        supplierName: '卖方',
        ...extra,
      })
    ).id;

  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    for (let i = 0; i < 12; i++) {
      ids.sales.push(
        (
          await post(a, BUSINESS_PATHS.salesOrders, {
            enterpriseName: `${tag} 买方 ${i}`,
            moneyDemand: i % 2,
            salesDate: 30 + i,
            money: 1000 + i,
            goods: [{ goodsName: `${tag} 线材`, quantity: 2, price: 10 }],
          })
        ).id,
      );
    }
    for (let i = 0; i < 3; i++) {
      ids.purchase.push(
        (
          await post(a, BUSINESS_PATHS.purchaseOrders, {
            supplierName: `${tag} 供应商 ${i}`,
            isPrecondition: 1,
            purchaseDate: 15,
            money: 500,
          })
        ).id,
      );
    }
    for (let i = 0; i < 3; i++) {
      ids.projects1.push(await project(`采购项目 ${i}`, 1, { projectTakeEffectTime: '2026-01-02' }));
      ids.projects2.push(await project(`销售项目 ${i}`, 2));
    }
    for (const contractType of ['MLZZHFWPT_CONTACTTYPE_CGHT', 'MLZZHFWPT_CONTACTTYPE_XSHT', 'MLZZHFWPT_CONTACTTYPE_WLHT']) {
      ids.contracts.push(
        (
          await post(a, BUSINESS_PATHS.contracts, {
            contractType,
            enterpriseName: `${tag} 对方`,
            contractRelevanceCode: `${tag}-PAPER`,
            money: 88000,
          })
        ).id,
      );
    }
    await post(a, BUSINESS_PATHS.loans, { contractId: ids.contracts[0], loanAmount: 50000 });
    await post(a, BUSINESS_PATHS.settlements, { contractId: ids.contracts[1], type: 1, money: 300, remark: tag });
    await post(a, BUSINESS_PATHS.settlements, { contractId: ids.contracts[2], type: 2, money: 400 });
  });

  it('findSalesOrder: zero-based pages of snake_case rows, searchable by name', async () => {
    const p0 = (await get(a, PICKER_API_PATHS.salesOrders, { pageNumber: 0, pageSize: 10, name: tag })).json();
    const p1 = (await get(a, PICKER_API_PATHS.salesOrders, { pageNumber: 1, pageSize: 10, name: tag })).json();
    expect(p0.code).toBe(0);
    expect(p0.data.totalElements).toBe(12);
    expect(p0.data.content).toHaveLength(10);
    expect(p1.data.content).toHaveLength(2);
    const row = p0.data.content[0];
    expect(Object.keys(row).sort()).toEqual(['enterprise_name', 'id', 'money', 'money_demand', 'order_code', 'sales_date'].sort());
    expect(row.enterprise_name).toContain(tag);
    expect([0, 1]).toContain(row.money_demand);
    // By order code too.
    const code = row.order_code as string;
    const byCode = (await get(a, PICKER_API_PATHS.salesOrders, { name: code })).json();
    expect(byCode.data.content.map((r: Json) => r.order_code)).toContain(code);
  });

  it('findAllPurchaseOrder: snake_case rows, served as written and under /api', async () => {
    for (const url of [PICKER_PATHS.purchaseOrders, PICKER_API_PATHS.purchaseOrders]) {
      const res = await get(a, url, { pageNumber: 0, pageSize: 10, name: tag });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.totalElements).toBe(3);
      expect(data.content[0]).toMatchObject({ is_precondition: 1, purchase_date: 15 });
      expect(Object.keys(data.content[0])).toEqual(
        expect.arrayContaining(['id', 'purchase_order_code', 'supplier_name', 'is_precondition', 'purchase_date']),
      );
    }
  });

  it('findAvailableProjectList: type 1 or 2 and codeName', async () => {
    const t1 = (await get(a, PICKER_API_PATHS.availableProjects, { codeName: tag, type: 1 })).json().data;
    const t2 = (await get(a, PICKER_API_PATHS.availableProjects, { codeName: tag, type: 2 })).json().data;
    const all = (await get(a, PICKER_API_PATHS.availableProjects, { codeName: tag })).json().data;
    expect(t1.content.map((r: Json) => r.id).sort()).toEqual([...ids.projects1].sort());
    expect(t2.content.map((r: Json) => r.id).sort()).toEqual([...ids.projects2].sort());
    expect(all.totalElements).toBe(6);
    expect(t1.content[0]).toMatchObject({ enterpriseName: '买方', supplierName: '卖方', projectTakeEffectTime: '2026-01-02', type: 1 });
    expect(t1.content[0].projectCode).toMatch(/^XM-/);
    expect((await get(a, PICKER_API_PATHS.availableProjects, { type: 3 })).statusCode).toBe(400);
  });

  it('findPageLoansList: the loan fields, search and the date filter', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const found = (await get(a, PICKER_API_PATHS.loans, { search: `${tag} 对方`, time: today })).json().data;
    expect(found.totalElements).toBe(1);
    expect(found.content[0]).toMatchObject({ contractAmount: 88000, corporateName: `${tag} 对方` });
    expect(Object.keys(found.content[0]).sort()).toEqual(
      ['applicantName', 'applicationFormNum', 'contractAmount', 'contractNum', 'corporateName', 'createDate', 'id'].sort(),
    );
    const otherDay = (await get(a, PICKER_API_PATHS.loans, { search: `${tag} 对方`, time: '2001-01-01' })).json().data;
    expect(otherDay.totalElements).toBe(0);
    expect((await get(a, PICKER_API_PATHS.loans, { time: '2026-02-30' })).statusCode).toBe(400);
    expect((await get(a, PICKER_API_PATHS.loans, { time: 'yesterday' })).statusCode).toBe(400);
  });

  it('findFundContactAndOrder: contracts and orders in data.result, filtered by type and id', async () => {
    const all = (await get(a, PICKER_API_PATHS.fundContracts, { blurry: tag })).json().data;
    expect(all.totalElements).toBe(3 + 12 + 3);
    expect(all.result).toHaveLength(10);
    expect(all).not.toHaveProperty('content');
    const onlyCght = (await get(a, PICKER_API_PATHS.fundContracts, { blurry: tag, type: 'MLZZHFWPT_CONTACTTYPE_CGHT' })).json().data;
    expect(onlyCght.totalElements).toBe(1);
    expect(onlyCght.result[0]).toMatchObject({
      id: ids.contracts[0],
      type: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      contractRelevanceCode: `${tag}-PAPER`,
      enterpriseName: `${tag} 对方`,
      money: 88000,
    });
    const orders = (
      await get(a, PICKER_API_PATHS.fundContracts, {
        blurry: tag,
        type: 'MLZZHFWPT_CONTACTTYPE_XSDD,MLZZHFWPT_CONTACTTYPE_CGDD',
        pageSize: 100,
      })
    ).json().data;
    expect(orders.totalElements).toBe(15);
    expect(new Set(orders.result.map((r: Json) => r.type))).toEqual(new Set(['MLZZHFWPT_CONTACTTYPE_XSDD', 'MLZZHFWPT_CONTACTTYPE_CGDD']));
    const one = (await get(a, PICKER_API_PATHS.fundContracts, { id: ids.sales[0]!, type: 'MLZZHFWPT_CONTACTTYPE_XSDD' })).json().data;
    expect(one.result.map((r: Json) => r.id)).toEqual([ids.sales[0]]);
    expect((await get(a, PICKER_API_PATHS.fundContracts, { id: 1 })).statusCode).toBe(400);
    expect((await get(a, PICKER_API_PATHS.fundContracts, { type: 'MLZZHFWPT_CONTACTTYPE_NOPE' })).statusCode).toBe(400);
  });

  it('findFundContactAndOrder: a total asked again is the same, and follows a new order and a deleted one at once', async () => {
    const total = async (s: TestSession) => (await get(s, PICKER_API_PATHS.fundContracts, { blurry: tag })).json().data.totalElements;
    expect(await total(a)).toBe(18);
    expect(await total(a)).toBe(18);
    // Another enterprise asking the same gets its own count.
    expect(await total(b)).toBe(0);
    const order = await post(a, BUSINESS_PATHS.purchaseOrders, {
      supplierName: `${tag} 供应商 新`,
      isPrecondition: 1,
      purchaseDate: 15,
      money: 500,
    });
    expect(await total(a)).toBe(19);
    await t().database.db.deleteFrom('purchase_orders').where('id', '=', order.id).execute();
    expect(await total(a)).toBe(18);
  });

  it('findFundContactAndOrder searches through the pieces index: the same rows and totals as ILIKE alone', async () => {
    const db = t().database.db;
    const ent = a.user.enterpriseId;
    // Every entry of the enterprise holding `text` in a searched column, newest first, as the picker orders them.
    const expected = async (text: string) => {
      const p = likePattern(text);
      const rows = await sql<{ id: string; type: string }>`SELECT id, type FROM (
          SELECT id, contract_type AS type, created_at FROM contracts WHERE enterprise_id = ${ent}
            AND (code ILIKE ${p} OR contract_relevance_code ILIKE ${p} OR enterprise_name ILIKE ${p})
          UNION ALL SELECT id, 'MLZZHFWPT_CONTACTTYPE_XSDD', created_at FROM sales_orders WHERE enterprise_id = ${ent}
            AND (order_code ILIKE ${p} OR enterprise_name ILIKE ${p})
          UNION ALL SELECT id, 'MLZZHFWPT_CONTACTTYPE_CGDD', created_at FROM purchase_orders WHERE enterprise_id = ${ent}
            AND (purchase_order_code ILIKE ${p} OR supplier_name ILIKE ${p})
        ) e ORDER BY created_at DESC, type, id DESC`.execute(db);
      return rows.rows.map((r) => `${r.type}:${Number(r.id)}`);
    };
    const salesCode = (await get(a, PICKER_API_PATHS.fundContracts, { id: ids.sales[0]!, type: 'MLZZHFWPT_CONTACTTYPE_XSDD' })).json().data
      .result[0].code as string;
    const texts = [
      tag,
      tag.toLowerCase(),
      // One and two characters (below any trigram index), in either case.
      tag.slice(2, 4),
      tag.slice(2, 4).toLowerCase(),
      tag.slice(-1),
      `${tag}-paper`,
      salesCode,
      salesCode.slice(-2),
      '对方',
      '方',
      // Pieces spread over two columns (the code's end, the counterparty's start) match no column.
      `${tag.slice(-1)}对`,
      `PAPER${tag.slice(0, 1)}`,
      // LIKE wildcards are searched literally.
      '%',
      '_',
      'no such entry',
    ];
    for (const text of texts) {
      const want = await expected(text);
      const page = (await get(a, PICKER_API_PATHS.fundContracts, { blurry: text, pageSize: 1000 })).json().data;
      expect(page.totalElements, text).toBe(want.length);
      expect(
        page.result.map((r: Json) => `${r.type as string}:${r.id as number}`),
        text,
      ).toEqual(want);
    }
    // The pieces a search needs: each one- and two-character piece of each text, lower-cased, once.
    const pieces = await sql<{ p: string[] }>`SELECT search_pieces('AbA', 'c') AS p`.execute(db);
    expect([...pieces.rows[0]!.p].sort()).toEqual(['a', 'ab', 'b', 'ba', 'c']);
  });

  // Ten thousand orders through the search-piece triggers: slow on a busy machine, so a longer timeout than the rest.
  it('findFundContactAndOrder: a one- or two-character search past the count cap is estimated from the piece counts', async () => {
    // In enterprise B (the other tests' searches name the tag, which these orders do not hold): COUNT_CAP + 5 sales
    // orders and 3 purchase orders whose counterparty holds "ω".
    const db = t().database.db;
    const ent = b.user.enterpriseId;
    // Codes that do not hold the tag itself (its hex part only).
    const bulk = `BULK${tag.slice(2)}`;
    await sql`INSERT INTO sales_orders (enterprise_id, order_code, enterprise_name)
      SELECT ${ent}, ${`${bulk}-S-`} || g, 'Ω 批量买方' FROM generate_series(1, ${COUNT_CAP + 5}) AS g`.execute(db);
    await sql`INSERT INTO purchase_orders (enterprise_id, purchase_order_code, supplier_name)
      SELECT ${ent}, ${`${bulk}-P-`} || g, 'Ω 批量供应商' FROM generate_series(1, 3) AS g`.execute(db);
    // The counts equal a fresh count of the pieces, after those inserts and an update and a delete.
    await sql`UPDATE purchase_orders SET supplier_name = '另一供应商' WHERE purchase_order_code = ${`${bulk}-P-1`}`.execute(db);
    await sql`DELETE FROM purchase_orders WHERE purchase_order_code = ${`${bulk}-P-2`}`.execute(db);
    const counts = async (from: ReturnType<typeof sql>) =>
      (await sql<{ k: string }>`SELECT entry_type || ' ' || piece || ' ' || n AS k FROM ${from} ORDER BY 1`.execute(db)).rows.map(
        (r) => r.k,
      );
    expect(await counts(sql`entry_search_piece_counts WHERE enterprise_id = ${ent}`)).toEqual(
      await counts(sql`(SELECT e.entry_type, p.piece, count(*) AS n FROM (
          SELECT enterprise_id, contract_type AS entry_type, search_pieces(code, contract_relevance_code, enterprise_name) AS pieces FROM contracts
          UNION ALL SELECT enterprise_id, 'MLZZHFWPT_CONTACTTYPE_XSDD', search_pieces(order_code, enterprise_name) FROM sales_orders
          UNION ALL SELECT enterprise_id, 'MLZZHFWPT_CONTACTTYPE_CGDD', search_pieces(purchase_order_code, supplier_name) FROM purchase_orders
        ) e CROSS JOIN LATERAL unnest(e.pieces) AS p(piece) WHERE e.enterprise_id = ${ent} GROUP BY e.entry_type, p.piece) fresh`),
    );
    // Past the cap: estimated, and the page still the newest entries holding it.
    const newest = await sql<{ k: string }>`SELECT k FROM (
        SELECT 'MLZZHFWPT_CONTACTTYPE_XSDD:' || id AS k, created_at, 'MLZZHFWPT_CONTACTTYPE_XSDD' AS type, id FROM sales_orders
          WHERE enterprise_id = ${ent} AND enterprise_name ILIKE '%ω%'
        UNION ALL SELECT 'MLZZHFWPT_CONTACTTYPE_CGDD:' || id, created_at, 'MLZZHFWPT_CONTACTTYPE_CGDD', id FROM purchase_orders
          WHERE enterprise_id = ${ent} AND supplier_name ILIKE '%ω%'
      ) e ORDER BY created_at DESC, type, id DESC LIMIT 30`.execute(db);
    for (const pageNumber of [0, 2]) {
      const page = (await get(b, PICKER_API_PATHS.fundContracts, { blurry: 'Ω', pageNumber, pageSize: 10 })).json().data;
      expect(page).toMatchObject({ totalElements: COUNT_CAP, estimated: true });
      expect(page.result.map((r: Json) => `${r.type as string}:${r.id as number}`)).toEqual(
        newest.rows.slice(pageNumber * 10, pageNumber * 10 + 10).map((r) => r.k),
      );
    }
    // The purchase orders alone are few: counted exactly.
    const purchases = (await get(b, PICKER_API_PATHS.fundContracts, { blurry: 'ω', type: 'MLZZHFWPT_CONTACTTYPE_CGDD' })).json().data;
    expect(purchases.totalElements).toBe(1);
    expect(purchases).not.toHaveProperty('estimated');
  }, 90_000);

  it('findInStorageNoticeContract: the spec’s 1e9 page size is clamped to a bounded first page and says so', async () => {
    const res = await get(a, PICKER_API_PATHS.inStorageContracts, {
      search: tag,
      pageNumber: 0,
      pageSize: 1000000000,
      enterpriseId: a.user.enterpriseId,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ pageSize: 1000, pageNumber: 0, clamped: true });
    // Purchase contracts and purchase orders only.
    expect(data.totalElements).toBe(1 + 3);
    expect(new Set(data.content.map((r: Json) => r.type))).toEqual(new Set(['MLZZHFWPT_CONTACTTYPE_CGHT', 'MLZZHFWPT_CONTACTTYPE_CGDD']));
    expect((await get(a, PICKER_API_PATHS.inStorageContracts, { enterpriseId: b.user.enterpriseId })).statusCode).toBe(403);
  });

  it('findCourierByContractPage: search, contract-type filter and paging', async () => {
    const wl = (
      await get(a, PICKER_PATHS.courierContracts, { search: tag, contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT', pageNumber: 0, pageSize: 10 })
    ).json().data;
    expect(wl.totalElements).toBe(1);
    expect(wl.content[0].id).toBe(ids.contracts[2]);
    const page1 = (await get(a, PICKER_API_PATHS.courierContracts, { search: tag, pageNumber: 1, pageSize: 10 })).json().data;
    expect(page1.totalElements).toBe(18);
    expect(page1.content).toHaveLength(8);
  });

  it('findGoodsList: the goods lines of one sales order; another enterprise’s order is 404', async () => {
    const res = await get(a, BUSINESS_PATHS.salesOrderGoods, { id: ids.sales[0]! });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ goodsName: `${tag} 线材`, quantity: 2, price: 10, goodsId: null })]);
    expect((await get(b, BUSINESS_PATHS.salesOrderGoods, { id: ids.sales[0]! })).statusCode).toBe(404);
    expect((await get(a, BUSINESS_PATHS.salesOrderGoods, {})).statusCode).toBe(400);
    expect((await get(a, BUSINESS_PATHS.salesOrderGoods, { id: 'abc' })).statusCode).toBe(400);
  });

  it('chooseSettle: settlements paged, searched and filtered by type; enterpriseId must be the caller’s', async () => {
    const receivable = (
      await get(a, BUSINESS_PATHS.chooseSettle, { pageNumber: 0, pageSize: 10, search: tag, type: 1, enterpriseId: a.user.enterpriseId })
    ).json().data;
    expect(receivable.totalElements).toBe(1);
    expect(receivable.content[0]).toMatchObject({
      type: 1,
      money: 300,
      contractId: ids.contracts[1],
      contractType: 'MLZZHFWPT_CONTACTTYPE_XSHT',
    });
    expect(receivable.content[0].settleCode).toMatch(/^JS-/);
    const both = (await get(a, BUSINESS_PATHS.chooseSettle, { search: `${tag} 对方` })).json().data;
    expect(both.totalElements).toBe(2);
    expect((await get(a, BUSINESS_PATHS.chooseSettle, { enterpriseId: b.user.enterpriseId })).statusCode).toBe(403);
    expect((await get(a, BUSINESS_PATHS.chooseSettle, { type: 'x' })).statusCode).toBe(400);
  });

  it('shows another enterprise nothing of this one', async () => {
    for (const url of [
      PICKER_API_PATHS.salesOrders,
      PICKER_API_PATHS.purchaseOrders,
      PICKER_API_PATHS.availableProjects,
      PICKER_API_PATHS.loans,
      PICKER_API_PATHS.courierContracts,
      PICKER_API_PATHS.inStorageContracts,
      BUSINESS_PATHS.chooseSettle,
    ]) {
      const query: Record<string, string> = url.includes('findAvailableProjectList')
        ? { codeName: tag }
        : url.includes('findAll') || url.includes('findSales')
          ? { name: tag }
          : { search: tag };
      const res = await get(b, url, query);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data.totalElements, url).toBe(0);
    }
    const fund = (await get(b, PICKER_API_PATHS.fundContracts, { blurry: tag })).json().data;
    expect(fund.totalElements).toBe(0);
    const pinned = (await get(b, PICKER_API_PATHS.fundContracts, { id: ids.contracts[0]!, type: 'MLZZHFWPT_CONTACTTYPE_CGHT' })).json()
      .data;
    expect(pinned.result).toEqual([]);
  });

  it('refuses bad paging and search input with 400, never 500', async () => {
    const invalid: Record<string, string | number>[] = [
      { pageNumber: -1 },
      { pageSize: 0 },
      { pageSize: 'ten' },
      { pageNumber: 1.5 },
      { name: 'x'.repeat(101) },
      { name: 'a\u0000b' },
    ];
    for (const query of invalid) {
      const res = await get(a, PICKER_API_PATHS.salesOrders, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().code).not.toBe(0);
    }
    // LIKE wildcards are searched literally.
    expect((await get(a, PICKER_API_PATHS.salesOrders, { name: '%' })).json().data.totalElements).toBe(0);
  });
});
