// Regulated-warehouse lists, details, print and the orders made from notices and instructions: filters, isCreate,
// the operator rule and the supervisor filter enforced on the server, print outcomes, cross-enterprise invisibility.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import {
  DELIVERY_DATA_SOURCE_APPLY,
  LIMIT_MESSAGES,
  MAX_PAGE_SIZE,
  PERMISSION_MESSAGES,
  WAREHOUSE_MAX_GOODS_SHOWN,
  WAREHOUSE_MESSAGES,
  WAREHOUSE_PATHS,
  type DeliveryInstructionDetail,
  type DeliveryInstructionRow,
  type InStorageNoticeDetail,
  type InStorageNoticeRow,
  type InStorageOrder,
  type OutboundOrder,
} from '@tfb/contract';
import { describeEachDatabase, type TestApp, type TestSession } from './helpers/test-app.js';
import { addTestUser } from './helpers/users.js';

type Reply<T> = { code: number; message: string; data: T };
type Page<T> = {
  content: T[];
  totalElements: number;
  pageNumber: number;
  pageSize: number;
  clamped?: boolean;
  canOperate: boolean;
  scope: string;
};

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
// CI installs poppler-utils; there a missing pdftotext is an error, not a quietly weaker test.
if (!hasPdftotext && process.env.CI) throw new Error('pdftotext (apt-get install -y poppler-utils) is needed to read the printed PDF');

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    fs.writeFileSync(file, pdf);
    const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    return r.stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describeEachDatabase('warehouse supervision', (t) => {
  let operator: TestSession;
  let staff: TestSession;
  let supervisor: TestSession;
  let bStaff: TestSession;
  /** A warehouse operator of enterprise B (warehouse:write), for the cross-enterprise checks of writes. */
  let bWarehouse: TestSession;
  /** A supervisor of enterprise A assigned to no warehouse. */
  let noWarehouse: TestSession;

  const call = async <T>(s: TestSession | undefined, method: 'GET' | 'POST', url: string, input?: Record<string, unknown>) => {
    const res = await t().app.inject({
      method,
      url,
      headers: s?.headers ?? {},
      ...(method === 'GET'
        ? { query: Object.fromEntries(Object.entries(input ?? {}).map(([k, v]) => [k, String(v)])) }
        : { payload: input ?? {} }),
    });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  const notices = (s: TestSession, q: Record<string, unknown> = {}) =>
    call<Page<InStorageNoticeRow>>(s, 'GET', WAREHOUSE_PATHS.inStoragePage, { pageNumber: 0, pageSize: 1000, isCreate: 0, ...q });
  const instructions = (s: TestSession, q: Record<string, unknown> = {}) =>
    call<Page<DeliveryInstructionRow>>(s, 'GET', WAREHOUSE_PATHS.deliveryPage, { pageNumber: 0, pageSize: 1000, isCreate: 0, ...q });

  const db = () => t().database.db;
  const enter = async (app: TestApp) => {
    [operator, staff, supervisor, bStaff] = await Promise.all([
      app.enter('demo-warehouse-operator'),
      app.enter('demo-a-staff'),
      app.enter('demo-supervisor'),
      app.enter('demo-b-staff'),
    ]);
    const bWarehouseId = await app.database.db
      .selectFrom('warehouses')
      .select('id')
      .where('enterprise_id', '=', 'ent-b')
      .executeTakeFirstOrThrow();
    await addTestUser(app.database.db, {
      id: 'test-b-warehouse',
      enterpriseId: 'ent-b',
      orgId: 'org-b-trade',
      roles: ['warehouse_operator'],
      warehouseId: Number(bWarehouseId.id),
    });
    await addTestUser(app.database.db, {
      id: 'test-a-no-warehouse',
      enterpriseId: 'ent-a',
      orgId: 'org-a-supervision',
      roles: ['supervisor'],
      isSupervisor: true,
    });
    [bWarehouse, noWarehouse] = await Promise.all([app.enter('test-b-warehouse'), app.enter('test-a-no-warehouse')]);
  };
  /** An open notice of ent-a with more than 3 goods lines, in the given warehouse (or any). */
  const bigNotice = async (warehouseId?: number, skip = 0) => {
    let q = db()
      .selectFrom('in_storage_notices as n')
      .select(['n.id', 'n.warehouse_id', 'n.code'])
      .where('n.enterprise_id', '=', 'ent-a')
      .where('n.is_create', '=', 0)
      .where(
        (eb) =>
          eb
            .selectFrom('in_storage_notice_goods as g')
            .select((e) => e.fn.countAll().as('c'))
            .whereRef('g.notice_id', '=', 'n.id'),
        '>',
        3,
      );
    if (warehouseId !== undefined) q = q.where('n.warehouse_id', '=', warehouseId);
    const rows = await q.orderBy('n.id').execute();
    return rows[skip]!;
  };

  it('first list: only the enterprise’s open notices, at most 3 goods per row, totals over all lines', async () => {
    await enter(t());
    const { status, body } = await notices(staff);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.message).toBe('成功');
    const open = await db()
      .selectFrom('in_storage_notices')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('is_create', '=', 0)
      .execute();
    expect(body.data.totalElements).toBe(open.length);
    expect(new Set(body.data.content.map((r) => r.id))).toEqual(new Set(open.map((r) => r.id)));
    expect(body.data.content.every((r) => r.isCreate === 0)).toBe(true);
    expect(body.data.content.every((r) => r.inStorageNoticeGoods.length <= WAREHOUSE_MAX_GOODS_SHOWN)).toBe(true);
    const big = body.data.content.find((r) => r.goodsCount > WAREHOUSE_MAX_GOODS_SHOWN)!;
    expect(big).toBeDefined();
    expect(big.inStorageNoticeGoods).toHaveLength(WAREHOUSE_MAX_GOODS_SHOWN);
    const all = await db().selectFrom('in_storage_notice_goods').selectAll().where('notice_id', '=', big.id).orderBy('id').execute();
    expect(big.goodsCount).toBe(all.length);
    expect(big.totalWeight).toBeCloseTo(
      all.reduce((n, l) => n + Number(l.weight), 0),
      3,
    );
    expect(big.totalStorageNumber).toBeCloseTo(
      all.reduce((n, l) => n + Number(l.storage_number), 0),
      3,
    );
    expect(big.inStorageNoticeGoods.map((g) => g.id)).toEqual(all.slice(0, 3).map((l) => l.id));
  });

  it('isCreate 1 lists the notices already turned into orders; filters by blurry and collectionTimeL', async () => {
    const created = await notices(staff, { isCreate: 1 });
    expect(created.body.data.totalElements).toBeGreaterThan(0);
    expect(created.body.data.content.every((r) => r.isCreate === 1)).toBe(true);

    const sample = (await notices(staff)).body.data.content[0]!;
    const byCode = await notices(staff, { blurry: sample.code.toLowerCase() });
    expect(byCode.body.data.content.map((r) => r.id)).toEqual([sample.id]);
    const byDate = await notices(staff, { collectionTimeL: sample.collectionTime });
    expect(byDate.body.data.content.length).toBeGreaterThan(0);
    expect(byDate.body.data.content.every((r) => r.collectionTime === sample.collectionTime)).toBe(true);
    const none = await notices(staff, { blurry: '100%_不存在' });
    expect(none.body.data).toMatchObject({ content: [], totalElements: 0 });
  });

  it('the operator rule: canOperate only for the warehouse-operator organisation in the first list', async () => {
    expect((await notices(operator)).body.data).toMatchObject({ scope: 'operator', canOperate: true });
    expect((await notices(staff)).body.data).toMatchObject({ scope: 'operator', canOperate: false });
    expect((await notices(supervisor)).body.data).toMatchObject({ scope: 'operator', canOperate: false });
    const perms = await call<{
      operator: { canOperate: boolean };
      warehouse: { canOperate: boolean; warehouseId: number | null; superviseId: string | null };
    }>(supervisor, 'GET', WAREHOUSE_PATHS.permissions);
    expect(perms.body.data.operator.canOperate).toBe(false);
    expect(perms.body.data.warehouse).toMatchObject({
      canOperate: true,
      warehouseId: supervisor.user.warehouseId ? Number(supervisor.user.warehouseId) : null,
      superviseId: 'demo-supervisor',
    });
    const staffPerms = await call<{ warehouse: { canOperate: boolean } }>(staff, 'GET', WAREHOUSE_PATHS.permissions);
    expect(staffPerms.body.data.warehouse.canOperate).toBe(false);
  });

  it('second list: limited to the caller’s own warehouse and enterprise, actions for everyone there', async () => {
    const own = Number(supervisor.user.warehouseId);
    const { body } = await notices(supervisor, { warehouseId: own, enterpriseId: 'ent-a' });
    expect(body.data).toMatchObject({ scope: 'warehouse', canOperate: true });
    expect(body.data.content.length).toBeGreaterThan(0);
    expect(body.data.content.every((r) => r.warehouseId === own)).toBe(true);
    const other = await db()
      .selectFrom('warehouses')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('id', '!=', own)
      .executeTakeFirstOrThrow();
    const refused = await notices(supervisor, { warehouseId: other.id, enterpriseId: 'ent-a' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(40300);
    expect((await notices(supervisor, { warehouseId: own, enterpriseId: 'ent-b' })).status).toBe(403);
    // Someone without a warehouse has no second list.
    expect((await notices(staff, { scope: 'warehouse' })).status).toBe(403);
    expect((await notices(staff, { warehouseId: own })).status).toBe(403);
  });

  it('another enterprise’s rows are invisible', async () => {
    const b = await notices(bStaff);
    const bIds = await db()
      .selectFrom('in_storage_notices')
      .select('id')
      .where('enterprise_id', '=', 'ent-b')
      .where('is_create', '=', 0)
      .execute();
    expect(b.body.data.totalElements).toBe(bIds.length);
    const aNotice = await bigNotice();
    const detail = await call(bStaff, 'GET', WAREHOUSE_PATHS.inStorageDetail, { id: aNotice.id });
    expect(detail.status).toBe(404);
    expect(detail.body.code).toBe(40400);
    expect((await call(bWarehouse, 'GET', WAREHOUSE_PATHS.printNotice, { id: aNotice.id, scope: 'warehouse' })).status).toBe(404);
    const aInstruction = await db()
      .selectFrom('delivery_instructions')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .executeTakeFirstOrThrow();
    expect((await call(bStaff, 'GET', WAREHOUSE_PATHS.deliveryDetail, { id: aInstruction.id })).status).toBe(404);
    expect(
      (await call(bWarehouse, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, { instructionId: aInstruction.id, deliveryTime: '2026-11-21' }))
        .status,
    ).toBe(404);
  });

  it('bad input is a 400 with the field, never a 500', async () => {
    for (const q of [
      { pageSize: 'abc' },
      { pageNumber: -1 },
      { isCreate: 2 },
      { collectionTimeL: '2024-02-30' },
      { warehouseId: 'x' },
      { blurry: 'a'.repeat(101) },
      { blurry: 'a\u0000b' },
      { scope: 'everyone' },
    ]) {
      const r = await notices(staff, q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.body.code).toBe(40000);
    }
    expect((await call(staff, 'GET', WAREHOUSE_PATHS.inStorageDetail, { id: 'abc' })).status).toBe(400);
    expect((await call(operator, 'GET', WAREHOUSE_PATHS.printNotice, {})).status).toBe(400);
    expect((await instructions(staff, { planDeliveryTime: '21-11-2026' })).status).toBe(400);
    expect((await notices(staff, { enterpriseId: 'ent-b' })).status).toBe(403);
    expect((await call(undefined, 'GET', WAREHOUSE_PATHS.inStoragePage, {})).status).toBe(401);
  });

  it('a page size of 1e9 is served as one bounded page and says so', async () => {
    const r = await instructions(staff, { pageSize: 1_000_000_000, dataSources: DELIVERY_DATA_SOURCE_APPLY });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ pageNumber: 0, pageSize: MAX_PAGE_SIZE, clamped: true });
  });

  it('delivery instructions: dataSources label, planDeliveryTime and the supervisor filter', async () => {
    const all = await instructions(staff);
    expect(all.body.data.content.length).toBeGreaterThan(0);
    const applied = await instructions(staff, { dataSources: DELIVERY_DATA_SOURCE_APPLY });
    expect(applied.body.data.content.length).toBeGreaterThan(0);
    expect(applied.body.data.content.length).toBeLessThan(all.body.data.content.length);
    expect(applied.body.data.content.every((r) => r.dataSources === DELIVERY_DATA_SOURCE_APPLY)).toBe(true);
    const day = all.body.data.content[0]!.planDeliveryTime!;
    const byDay = await instructions(staff, { planDeliveryTime: day });
    expect(byDay.body.data.content.every((r) => r.planDeliveryTime === day)).toBe(true);
    expect(all.body.data.content.every((r) => r.deliveryApplyGoods.length <= 3)).toBe(true);

    // A supervisor may ask only for their own id...
    const own = await instructions(supervisor, { superviseId: 'demo-supervisor' });
    expect(own.status).toBe(200);
    expect(own.body.data.content.length).toBeGreaterThan(0);
    expect(own.body.data.content.every((r) => r.superviseId === 'demo-supervisor')).toBe(true);
    const other = await instructions(supervisor, { superviseId: 'demo-a-staff' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(WAREHOUSE_MESSAGES.ownSupervisorOnly);
    // ...and in the second list sees only their own instructions even without asking.
    const second = await instructions(supervisor, { warehouseId: Number(supervisor.user.warehouseId), enterpriseId: 'ent-a' });
    expect(second.body.data.totalElements).toBe(
      own.body.data.content.filter((r) => r.warehouseId === Number(supervisor.user.warehouseId)).length,
    );
    expect(second.body.data.content.every((r) => r.superviseId === 'demo-supervisor')).toBe(true);
    // The operator (not a supervisor) sees the whole warehouse in the second list.
    const op = await instructions(operator, { warehouseId: Number(operator.user.warehouseId) });
    const whole = await db()
      .selectFrom('delivery_instructions')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('is_create', '=', 0)
      .where('warehouse_id', '=', Number(operator.user.warehouseId))
      .execute();
    expect(op.body.data.totalElements).toBe(whole.length);
  });

  it('the more-goods dialog gets ALL goods lines of a notice and of an instruction', async () => {
    const n = await bigNotice();
    const d = await call<InStorageNoticeDetail>(staff, 'GET', WAREHOUSE_PATHS.inStorageDetail, { id: n.id });
    expect(d.status).toBe(200);
    expect(d.body.data.inStorageNoticeGoods.length).toBeGreaterThan(3);
    expect(d.body.data.inStorageNoticeGoods.length).toBe(d.body.data.goodsCount);
    expect(d.body.data).toMatchObject({ scope: 'operator', canOperate: false });
    const opView = await call<InStorageNoticeDetail>(operator, 'GET', WAREHOUSE_PATHS.inStorageDetail, { id: n.id });
    expect(opView.body.data.canOperate).toBe(true);

    const ins = await db()
      .selectFrom('delivery_instructions as d')
      .select('d.id')
      .where('d.enterprise_id', '=', 'ent-a')
      .where(
        (eb) =>
          eb
            .selectFrom('delivery_apply_goods as g')
            .select((e) => e.fn.countAll().as('c'))
            .whereRef('g.instruction_id', '=', 'd.id'),
        '>',
        3,
      )
      .executeTakeFirstOrThrow();
    const di = await call<DeliveryInstructionDetail>(staff, 'GET', WAREHOUSE_PATHS.deliveryDetail, { id: ins.id });
    expect(di.body.data.deliveryApplyGoods.length).toBe(di.body.data.goodsCount);
    expect(di.body.data.goodsCount).toBeGreaterThan(3);
  });

  it('print: the operator gets the URL of a real PDF with the header and every goods line', async () => {
    const n = await bigNotice();
    const r = await call<string | null>(operator, 'GET', WAREHOUSE_PATHS.printNotice, { id: n.id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 0, message: '成功' });
    expect(r.body.data).toMatch(/^\/api\/businessperationService\/inStorageManage\/printFile\/[0-9a-f-]{36}$/);

    // Opened in a new window: the Token cookie is the credential.
    const file = await t().app.inject({ method: 'GET', url: r.body.data!, headers: { cookie: `Token=${operator.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^inline;/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const text = pdfText(file.rawPayload);
      const lines = await db().selectFrom('in_storage_notice_goods').selectAll().where('notice_id', '=', n.id).execute();
      expect(text).toContain('入库通知单');
      expect(text).toContain(n.code);
      for (const l of lines) {
        expect(text).toContain(l.goods_name);
        if (l.reel_number) expect(text).toContain(l.reel_number);
      }
      expect(text).toContain('合计');
    }
    // Only its requester can open it; without a session it is 401.
    expect((await t().app.inject({ method: 'GET', url: r.body.data!, headers: { cookie: `Token=${staff.token}` } })).statusCode).toBe(404);
    expect((await t().app.inject({ method: 'GET', url: r.body.data! })).statusCode).toBe(401);
    for (const bad of ['nope', '-'.repeat(36), 'a'.repeat(36)]) {
      const res = await t().app.inject({
        method: 'GET',
        url: WAREHOUSE_PATHS.printFile.replace(':printId', bad),
        headers: operator.headers,
      });
      expect(res.statusCode, bad).toBe(400);
    }
    const absent = WAREHOUSE_PATHS.printFile.replace(':printId', '00000000-0000-4000-8000-000000000000');
    expect((await t().app.inject({ method: 'GET', url: absent, headers: operator.headers })).statusCode).toBe(404);
  });

  it('print is refused on the server outside the operator rule (non-zero code with the message)', async () => {
    const n = await bigNotice(Number(supervisor.user.warehouseId));
    const staffTry = await call<null>(staff, 'GET', WAREHOUSE_PATHS.printNotice, { id: n.id });
    // Business staff do not hold warehouse:write at all; a supervisor does, yet only the operator organisation
    // acts from the first list, and only a user with a warehouse from the second.
    expect(staffTry.status).toBe(403);
    expect(staffTry.body).toEqual({ code: 40301, message: PERMISSION_MESSAGES.denied('warehouse:write'), data: null });
    const fromFirst = await call<null>(supervisor, 'GET', WAREHOUSE_PATHS.printNotice, { id: n.id });
    expect(fromFirst.status).toBe(403);
    expect(fromFirst.body).toEqual({ code: 40300, message: WAREHOUSE_MESSAGES.operatorOnly, data: null });
    expect((await call(noWarehouse, 'GET', WAREHOUSE_PATHS.printNotice, { id: n.id, scope: 'warehouse' })).body.message).toBe(
      WAREHOUSE_MESSAGES.noWarehouse,
    );
    // From the second list the supervisor may print a notice of their own warehouse, not another's.
    const ok = await call<string>(supervisor, 'GET', WAREHOUSE_PATHS.printNotice, { id: n.id, scope: 'warehouse' });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data).toMatch(/printFile/);
    const elsewhere = await db()
      .selectFrom('in_storage_notices')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('warehouse_id', '!=', Number(supervisor.user.warehouseId))
      .executeTakeFirstOrThrow();
    const refused = await call(supervisor, 'GET', WAREHOUSE_PATHS.printNotice, { id: elsewhere.id, scope: 'warehouse' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(WAREHOUSE_MESSAGES.ownWarehouseOnly);
    expect((await call(operator, 'GET', WAREHOUSE_PATHS.printNotice, { id: 999_999_999 })).status).toBe(404);
  });

  it('print of a notice without goods: code 0, a message other than 成功, null data', async () => {
    const empty = await db()
      .insertInto('in_storage_notices')
      .values({
        enterprise_id: 'ent-a',
        code: 'RK-EMPTY-1',
        contract_relevance_code: '',
        supervise_name: '',
        enterprise_name: '测试企业',
        warehouse_id: Number(operator.user.warehouseId),
        warehouse_name: '上海宝山监管仓',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await call<null>(operator, 'GET', WAREHOUSE_PATHS.printNotice, { id: empty.id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ code: 0, message: WAREHOUSE_MESSAGES.noGoodsToPrint, data: null });
    const create = await call(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, { noticeId: empty.id, inStorageTime: '2026-11-21' });
    expect(create.status).toBe(409);
    expect(create.body.message).toBe(WAREHOUSE_MESSAGES.noticeHasNoGoods);
  });

  it('create in-storage order: refused outside the rule, then created in one transaction; the notice leaves the list', async () => {
    const n = await bigNotice(undefined, 1);
    expect((await call(staff, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, { noticeId: n.id, inStorageTime: '2026-11-21' })).status).toBe(
      403,
    );
    expect(
      (
        await call(bWarehouse, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, {
          noticeId: n.id,
          inStorageTime: '2026-11-21',
          scope: 'warehouse',
        })
      ).status,
    ).toBe(404);
    for (const body of [
      { noticeId: n.id },
      { noticeId: n.id, inStorageTime: '2026-13-01' },
      { noticeId: 'x', inStorageTime: '2026-11-21' },
      { noticeId: n.id, inStorageTime: '2026-11-21', goods: [] },
      { noticeId: n.id, inStorageTime: '2026-11-21', goods: [{ noticeGoodsId: 1, weight: -1, storageNumber: 1 }] },
    ]) {
      const r = await call(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const foreignLine = await db()
      .selectFrom('in_storage_notice_goods')
      .select('id')
      .where('notice_id', '!=', n.id)
      .executeTakeFirstOrThrow();
    const wrongLine = await call(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, {
      noticeId: n.id,
      inStorageTime: '2026-11-21',
      goods: [{ noticeGoodsId: foreignLine.id, weight: 1, storageNumber: 1 }],
    });
    expect(wrongLine.status).toBe(400);
    expect(wrongLine.body.message).toBe(WAREHOUSE_MESSAGES.goodsLineUnknown);
    // Nothing was written by the refused attempts.
    expect(
      (await db().selectFrom('in_storage_notices').select('is_create').where('id', '=', n.id).executeTakeFirstOrThrow()).is_create,
    ).toBe(0);

    const lines = await db().selectFrom('in_storage_notice_goods').selectAll().where('notice_id', '=', n.id).orderBy('id').execute();
    const created = await call<InStorageOrder>(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, {
      noticeId: n.id,
      inStorageTime: '2026-11-21',
      remark: '按通知到货',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      noticeId: n.id,
      noticeCode: n.code,
      inStorageTime: '2026-11-21',
      remark: '按通知到货',
      createUserName: '赵磊',
    });
    expect(created.body.data.code).toMatch(/^RKD-\d{8}-\d{5}$/);
    expect(created.body.data.goods.map((g) => g.noticeGoodsId)).toEqual(lines.map((l) => l.id));

    const after = await notices(operator);
    expect(after.body.data.content.some((r) => r.id === n.id)).toBe(false);
    expect((await notices(operator, { isCreate: 1 })).body.data.content.some((r) => r.id === n.id)).toBe(true);

    const again = await call(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, { noticeId: n.id, inStorageTime: '2026-11-22' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 40900, message: WAREHOUSE_MESSAGES.noticeAlreadyCreated });

    // The order list (/Warehous/crexternalListManagement) and detail.
    const list = await call<Page<InStorageOrder>>(staff, 'GET', WAREHOUSE_PATHS.inStorageOrderPage, { pageNumber: 0, pageSize: 10 });
    expect(list.body.data.content[0]!.id).toBe(created.body.data.id);
    expect(list.body.data.content[0]!.goods.length).toBeLessThanOrEqual(3);
    expect(list.body.data.content[0]!.goodsCount).toBe(lines.length);
    const detail = await call<InStorageOrder>(staff, 'GET', WAREHOUSE_PATHS.inStorageOrderDetail, { id: created.body.data.id });
    expect(detail.body.data.goods).toHaveLength(lines.length);
    expect((await call(bStaff, 'GET', WAREHOUSE_PATHS.inStorageOrderDetail, { id: created.body.data.id })).status).toBe(404);
    expect(
      (await call<Page<InStorageOrder>>(bStaff, 'GET', WAREHOUSE_PATHS.inStorageOrderPage, {})).body.data.content.some(
        (o) => o.id === created.body.data.id,
      ),
    ).toBe(false);
  });

  it('create in-storage order with received lines; two concurrent creates of one notice that together exceed it: one is refused', async () => {
    const n = await bigNotice(undefined, 2);
    const lines = await db().selectFrom('in_storage_notice_goods').selectAll().where('notice_id', '=', n.id).orderBy('id').execute();
    // Announced: 5 (quantity) and 4 (weight) on the first two lines.
    await db()
      .updateTable('in_storage_notice_goods')
      .set({ weight: 5, storage_number: 4 })
      .where('id', 'in', [lines[0]!.id, lines[1]!.id])
      .execute();
    const body = {
      noticeId: n.id,
      inStorageTime: '2026-11-20',
      goods: [
        { noticeGoodsId: lines[1]!.id, weight: 3, storageNumber: 2.5, reelNumber: 'R-1' },
        { noticeGoodsId: lines[0]!.id, weight: 1, storageNumber: 0.75 },
      ],
    };
    const [a, b] = await Promise.all([
      call<InStorageOrder>(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, body),
      call<InStorageOrder>(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const won = a.status === 200 ? a : b;
    const lost = a.status === 200 ? b : a;
    expect(lost.body.message).toBe(LIMIT_MESSAGES.inStorageExceedsNotice(lines[1]!.goods_name, '数量', 5, 2));
    expect(won.body.data.goods.map((g) => [g.noticeGoodsId, g.weight, g.storageNumber, g.reelNumber])).toEqual([
      [lines[1]!.id, 3, 2.5, 'R-1'],
      [lines[0]!.id, 1, 0.75, lines[0]!.reel_number],
    ]);
    expect(won.body.data.totalStorageNumber).toBe(3.25);
    const orders = await db().selectFrom('in_storage_orders').select('id').where('notice_id', '=', n.id).execute();
    expect(orders).toHaveLength(1);
    // Partly received: the notice stays in the to-do list.
    expect(
      (await db().selectFrom('in_storage_notices').select('is_create').where('id', '=', n.id).executeTakeFirstOrThrow()).is_create,
    ).toBe(0);
    const twice = await call(operator, 'POST', WAREHOUSE_PATHS.inStorageOrderCreate, {
      ...body,
      noticeId: (await bigNotice(undefined, 3)).id,
      goods: [body.goods[0], body.goods[0]],
    });
    expect(twice.status).toBe(400);
  });

  it('create outbound order: the supervisor from the second list, on their own instructions only', async () => {
    const own = Number(supervisor.user.warehouseId);
    const mine = await db()
      .selectFrom('delivery_instructions')
      .selectAll()
      .where('enterprise_id', '=', 'ent-a')
      .where('is_create', '=', 0)
      .where('warehouse_id', '=', own)
      .where('supervise_id', '=', 'demo-supervisor')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const notMine = await db()
      .selectFrom('delivery_instructions')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('is_create', '=', 0)
      .where('warehouse_id', '=', own)
      .where('supervise_id', 'is', null)
      .executeTakeFirst();
    // First list: only the operator organisation.
    const first = await call(supervisor, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, {
      instructionId: mine.id,
      deliveryTime: '2026-11-21',
    });
    expect(first.status).toBe(403);
    if (notMine) {
      const r = await call(supervisor, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, {
        instructionId: notMine.id,
        deliveryTime: '2026-11-21',
        scope: 'warehouse',
      });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(WAREHOUSE_MESSAGES.ownInstructionOnly);
    }
    const created = await call<OutboundOrder>(supervisor, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, {
      instructionId: mine.id,
      deliveryTime: '2026-11-21',
      scope: 'warehouse',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      instructionId: mine.id,
      instructionCode: mine.code,
      deliveryTime: '2026-11-21',
      createUserName: '陈静',
    });
    expect(created.body.data.code).toMatch(/^CKD-\d{8}-\d{5}$/);
    const lines = await db().selectFrom('delivery_apply_goods').select('id').where('instruction_id', '=', mine.id).execute();
    expect(created.body.data.goodsCount).toBe(lines.length);
    expect((await instructions(supervisor, { superviseId: 'demo-supervisor' })).body.data.content.some((r) => r.id === mine.id)).toBe(
      false,
    );
    const again = await call(operator, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, { instructionId: mine.id, deliveryTime: '2026-11-21' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(WAREHOUSE_MESSAGES.instructionAlreadyCreated);
    const list = await call<Page<OutboundOrder>>(staff, 'GET', WAREHOUSE_PATHS.outboundOrderPage, { blurry: mine.code });
    expect(list.body.data.content.map((o) => o.id)).toEqual([created.body.data.id]);
    const detail = await call<OutboundOrder>(staff, 'GET', WAREHOUSE_PATHS.outboundOrderDetail, { id: created.body.data.id });
    expect(detail.body.data.goods).toHaveLength(lines.length);
    expect((await call(bStaff, 'GET', WAREHOUSE_PATHS.outboundOrderDetail, { id: created.body.data.id })).status).toBe(404);
    expect((await call(staff, 'GET', WAREHOUSE_PATHS.outboundOrderPage, { warehouseId: own })).status).toBe(403);
  });

  it('the operator creates a delivery (outbound) order from the first list', async () => {
    const ins = await db()
      .selectFrom('delivery_instructions')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('is_create', '=', 0)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(
      (await call(staff, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, { instructionId: ins.id, deliveryTime: '2026-11-21' })).status,
    ).toBe(403);
    const r = await call<OutboundOrder>(operator, 'POST', WAREHOUSE_PATHS.outboundOrderCreate, {
      instructionId: ins.id,
      deliveryTime: '2026-11-21',
    });
    expect(r.status).toBe(200);
    const row = await db().selectFrom('delivery_instructions').select('is_create').where('id', '=', ins.id).executeTakeFirstOrThrow();
    expect(row.is_create).toBe(1);
  });
});
