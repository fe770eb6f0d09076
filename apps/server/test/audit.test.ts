// The audit trail and optimistic locking: every write to a business record appends a trail row with the right
// field-level diff in its own transaction; GET /api/audit pages one record's trail newest first, only within the
// caller's enterprise and only for callers who may read the record's area; an update that sends an older
// version answers 409 and changes nothing, a successful one (or an approval status change) increments it.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_PATHS,
  AUDIT_PATHS,
  BUSINESS_MESSAGES,
  BUSINESS_PATHS,
  PERMISSION_MESSAGES,
  PROCESS_PATHS,
  PROCESS_TASKS,
  WAREHOUSE_PATHS,
  type AuditEntity,
  type AuditEntry,
} from '@tfb/contract';
import { IN_STORAGE_TABLES, OUTBOUND_TABLES, type KindTables } from '../src/modules/warehouse/kinds.js';
import { api, withId, type Json } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Trail = { content: AuditEntry[]; totalElements: number; pageNumber: number; pageSize: number };

describeEachDatabase('audit trail and optimistic locking', (t) => {
  const http = api(t);
  const db = () => t().database.db;
  const tag = `AU${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  let a: TestSession;
  let b: TestSession;
  let admin: TestSession;
  let operator: TestSession;
  let contractId = 0;
  let categoryId = 0;
  let goodsId = 0;

  const trail = async (s: TestSession, entity: AuditEntity, id: number, page = { pageNumber: 0, pageSize: 50 }) => {
    const res = await http.get(s, AUDIT_PATHS.list, { entity, id, ...page });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Trail;
  };
  const read = async (s: TestSession, url: string) => {
    const res = await http.get(s, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Json & { version: number };
  };
  const change = (e: AuditEntry, field: string) => e.diff.find((d) => d.field === field);

  beforeAll(async () => {
    [a, b, admin, operator] = await Promise.all([
      t().enter('demo-a-staff'),
      t().enter('demo-b-staff'),
      t().enter('demo-admin'),
      t().enter('demo-warehouse-operator'),
    ]);
    const c = await http.create(a, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT',
      enterpriseName: `${tag} 物流`,
      money: 9000,
    });
    contractId = c.id;
    const cat = await db()
      .selectFrom('goods_categories')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    categoryId = cat.id;
    const g = await db().selectFrom('goods').select('id').where('enterprise_id', '=', 'ent-a').orderBy('id').executeTakeFirstOrThrow();
    goodsId = g.id;
  });

  it('a contract: create and edit leave field-level diffs, goods lines as readable summaries; the version counts edits', async () => {
    const created = await http.create(a, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      contractName: `${tag} 采购`,
      enterpriseName: '江苏沙钢集团',
      money: 1000,
      goods: [{ goodsName: '螺纹钢', specificationModels: 'HRB400', unit: '吨', quantity: 10, price: 100 }],
    });
    expect(created.version).toBe(1);
    const first = await trail(a, 'contract', created.id);
    expect(first.totalElements).toBe(1);
    expect(first.content[0]).toMatchObject({ entity: 'contract', entityId: created.id, action: 'create', userId: 'demo-a-staff' });
    expect(first.content[0]!.userName).not.toBe('');
    expect(change(first.content[0]!, 'money')).toEqual({ field: 'money', from: null, to: 1000 });
    expect(change(first.content[0]!, 'goods')).toEqual({ field: 'goods', from: null, to: '螺纹钢 HRB400 10吨 × 100' });
    // Bookkeeping fields are not changes.
    expect(first.content[0]!.diff.map((d) => d.field)).not.toContain('updateTime');

    const url = withId(BUSINESS_PATHS.contract, created.id);
    const edited = await http.put(a, url, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      contractName: `${tag} 采购`,
      enterpriseName: '江苏沙钢集团',
      money: 1500,
      goods: [{ goodsName: '螺纹钢', specificationModels: 'HRB400', unit: '吨', quantity: 15, price: 100 }],
      version: 1,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.version).toBe(2);
    const second = await trail(a, 'contract', created.id);
    expect(second.totalElements).toBe(2);
    expect(second.content[0]).toMatchObject({ action: 'update' });
    expect(second.content[0]!.diff).toEqual([
      { field: 'money', from: 1000, to: 1500 },
      { field: 'goods', from: '螺纹钢 HRB400 10吨 × 100', to: '螺纹钢 HRB400 15吨 × 100' },
    ]);
    expect(second.content[1]!.action).toBe('create');
  });

  it('two clients edit one contract: the second, sending the version it read, gets 409 and changes nothing', async () => {
    const c = await http.create(a, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT',
      enterpriseName: `${tag} 甲`,
      money: 10,
    });
    const url = withId(BUSINESS_PATHS.contract, c.id);
    const body = { contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT', enterpriseName: `${tag} 甲`, money: 10 };
    const tab1 = await http.put(a, url, { ...body, contractName: 'tab 1', version: 1 });
    expect(tab1.statusCode, tab1.body).toBe(200);
    const before = await read(a, url);
    const tab2 = await http.put(a, url, { ...body, money: 99, version: 1 });
    expect(tab2.statusCode).toBe(409);
    expect(tab2.json()).toEqual({ code: 40900, message: BUSINESS_MESSAGES.staleVersion, data: null });
    expect(await read(a, url)).toEqual(before);
    expect((await trail(a, 'contract', c.id)).totalElements).toBe(2);
    // A version is required on our own updates; a newer one than stored is just as stale.
    const missing = await t().app.inject({ method: 'PUT', url, headers: a.headers, payload: body });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('version');
    expect((await http.put(a, url, { ...body, version: 99 })).statusCode).toBe(409);
  });

  // Every editable record kind: create (trail), edit (trail, version + 1), stale edit (409, nothing changed).
  const kinds: {
    entity: AuditEntity;
    list: string;
    item: string;
    body: () => Json;
    edit: Json;
    expected: { field: string; from: unknown; to: unknown }[];
  }[] = [
    {
      entity: 'salesOrder',
      list: BUSINESS_PATHS.salesOrders,
      item: BUSINESS_PATHS.salesOrder,
      body: () => ({
        enterpriseName: `${tag} 买方`,
        moneyDemand: 0,
        salesDate: 30,
        money: 100,
        goods: [{ goodsId, quantity: 2, price: 50 }],
      }),
      edit: { salesDate: 45 },
      expected: [{ field: 'salesDate', from: 30, to: 45 }],
    },
    {
      entity: 'purchaseOrder',
      list: BUSINESS_PATHS.purchaseOrders,
      item: BUSINESS_PATHS.purchaseOrder,
      body: () => ({ supplierName: `${tag} 供应商`, isPrecondition: 1, purchaseDate: 10, money: 200 }),
      edit: { supplierName: `${tag} 新供应商` },
      expected: [{ field: 'supplierName', from: `${tag} 供应商`, to: `${tag} 新供应商` }],
    },
    {
      entity: 'project',
      list: BUSINESS_PATHS.projects,
      item: BUSINESS_PATHS.project,
      body: () => ({ projectName: `${tag} 项目`, type: 1, enterpriseName: '买方', supplierName: '卖方' }),
      edit: { type: 2 },
      expected: [{ field: 'type', from: 1, to: 2 }],
    },
    {
      entity: 'loan',
      list: BUSINESS_PATHS.loans,
      item: BUSINESS_PATHS.loan,
      body: () => ({ contractId, applicantName: '张伟', loanAmount: 100 }),
      edit: { loanAmount: 80 },
      expected: [{ field: 'loanAmount', from: 100, to: 80 }],
    },
    {
      entity: 'settlement',
      list: BUSINESS_PATHS.settlements,
      item: BUSINESS_PATHS.settlement,
      body: () => ({ contractId, type: 1, money: 300, remark: '首付' }),
      edit: { remark: '尾款' },
      expected: [{ field: 'remark', from: '首付', to: '尾款' }],
    },
    {
      entity: 'goods',
      list: BUSINESS_PATHS.goods,
      item: BUSINESS_PATHS.goodsItem,
      body: () => ({ goodsCategoryId: categoryId, goodsName: `${tag} 铜杆`, unit: '吨' }),
      edit: { unit: '千克' },
      expected: [{ field: 'unit', from: '吨', to: '千克' }],
    },
  ];

  it.each(kinds)(
    '$entity: create and edit are on the trail, the version counts edits, a stale edit is 409 and changes nothing',
    async (k) => {
      const made = await http.create(a, k.list, k.body());
      expect(made.version).toBe(1);
      const url = withId(k.item, made.id);
      const created = await trail(a, k.entity, made.id);
      expect(created.content.map((e) => e.action)).toEqual(['create']);
      expect(created.content[0]!.diff.length).toBeGreaterThan(0);

      const ok = await http.put(a, url, { ...k.body(), ...k.edit, version: 1 });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.version).toBe(2);
      const edited = await trail(a, k.entity, made.id);
      expect(edited.content.map((e) => e.action)).toEqual(['update', 'create']);
      expect(edited.content[0]!.diff).toEqual(k.expected);

      const before = await read(a, url);
      const stale = await http.put(a, url, { ...k.body(), version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toMatchObject({ code: 40900, message: BUSINESS_MESSAGES.staleVersion });
      expect(await read(a, url)).toEqual(before);
      expect((await trail(a, k.entity, made.id)).totalElements).toBe(2);
    },
  );

  it('delivery addresses: create, edit and set-default are on the trail; a sent stale version is 409, an omitted one is accepted', async () => {
    const body = (detail: string) => ({
      contacts: '王五',
      contactsPhone: '13800000000',
      addressCode: '310000,310100,310113',
      province: '上海市',
      city: '上海市',
      area: '宝山区',
      detailedAddress: detail,
    });
    const made = await http.create(a, ADDRESS_BOOK_PATHS.add, body(`${tag} 1号`));
    expect(made.version).toBe(1);
    const edit = await http.post(a, ADDRESS_BOOK_PATHS.update, { ...body(`${tag} 2号`), id: made.id, version: 1 });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ detailedAddress: `${tag} 2号`, version: 2 });
    const stale = await http.post(a, ADDRESS_BOOK_PATHS.update, { ...body(`${tag} 3号`), id: made.id, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BUSINESS_MESSAGES.staleVersion);
    // The spec's body (7.1, no version) still edits: last write wins for clients that do not send one.
    const plain = await http.post(a, ADDRESS_BOOK_PATHS.update, { ...body(`${tag} 4号`), id: made.id });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ detailedAddress: `${tag} 4号`, version: 3 });
    const setDefault = await http.post(a, `${ADDRESS_BOOK_PATHS.setDefault}?id=${made.id}`, {});
    expect(setDefault.statusCode, setDefault.body).toBe(200);

    const entries = (await trail(a, 'address', made.id)).content;
    expect(entries.map((e) => e.action)).toEqual(['setDefault', 'update', 'update', 'create']);
    expect(entries[0]!.diff).toEqual([{ field: 'isDefault', from: 0, to: 1 }]);
    expect(entries[1]!.diff).toEqual([{ field: 'detailedAddress', from: `${tag} 2号`, to: `${tag} 4号` }]);
    expect(entries[2]!.diff).toEqual([{ field: 'detailedAddress', from: `${tag} 1号`, to: `${tag} 2号` }]);
    expect(change(entries[3]!, 'contacts')).toEqual({ field: 'contacts', from: null, to: '王五' });
  });

  it('approvals: submit, approve and reject are on the record’s trail with the status change, and make an open form stale', async () => {
    const submit = async () => {
      const c = await http.create(a, BUSINESS_PATHS.contracts, {
        contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT',
        enterpriseName: `${tag} 审批`,
        money: 1,
      });
      const res = await http.post(a, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id, comment: '请审批' });
      expect(res.statusCode, res.body).toBe(200);
      const h = res.json().data as { processInstanceId: number; historyList: { taskId: number }[] };
      return {
        id: c.id,
        url: withId(BUSINESS_PATHS.contract, c.id),
        processInstanceId: h.processInstanceId,
        taskId: h.historyList.at(-1)!.taskId,
      };
    };
    /** The admin acts on the open step of a submitted contract. */
    const act = async (c: Awaited<ReturnType<typeof submit>>, action: 'approve' | 'reject', comment?: string) => {
      const res = await http.post(admin, PROCESS_PATHS.complete, {
        processInstanceId: c.processInstanceId,
        taskId: c.taskId,
        action,
        ...(comment === undefined ? {} : { comment }),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // Approving a step that is not the last: on the trail, the status (and so the version) unchanged.
    const one = await submit();
    expect((await read(a, one.url)).version).toBe(2);
    await act(one, 'approve');
    expect((await read(a, one.url)).version).toBe(2);
    const first = (await trail(a, 'contract', one.id)).content;
    expect(first.map((e) => e.action)).toEqual(['approve', 'submit', 'create']);
    expect(first[1]!.diff).toEqual([
      { field: 'status', from: 'draft', to: 'approving' },
      { field: 'approvalStep', from: null, to: PROCESS_TASKS[1] },
    ]);
    expect(first[0]!.diff).toEqual([{ field: 'approvalStep', from: PROCESS_TASKS[1], to: PROCESS_TASKS[2] }]);
    expect(first[0]!.userId).toBe('demo-admin');

    // Rejecting changes the status: a new version.
    const two = await submit();
    await act(two, 'reject', '金额有误');
    expect((await read(a, two.url)).version).toBe(3);
    const second = (await trail(a, 'contract', two.id)).content;
    expect(second.map((e) => e.action)).toEqual(['reject', 'submit', 'create']);
    expect(second[0]!.diff).toEqual([
      { field: 'status', from: 'approving', to: 'rejected' },
      { field: 'approvalStep', from: PROCESS_TASKS[1], to: null },
    ]);
    // A form opened before the submit (version 1) is stale now, even though the record is editable again.
    const stale = await http.put(a, two.url, { contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT', enterpriseName: 'x', money: 1, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BUSINESS_MESSAGES.staleVersion);
  });

  it('warehouse in-storage and outbound orders: each create is on the trail with its lines summarised', async () => {
    /** The newest source of ent-a with goods lines not yet made into an order (a notice or an instruction). */
    const openSourceWithLines = async ({ source }: KindTables) => {
      const { rows } = await sql<{ id: number }>`
        SELECT s.id FROM ${sql.table(source.table)} s
        WHERE s.enterprise_id = 'ent-a' AND s.is_create = 0
          AND EXISTS (SELECT 1 FROM ${sql.table(source.lines)} g WHERE g.${sql.ref(source.parent)} = s.id)
        ORDER BY s.id DESC LIMIT 1`.execute(db());
      expect(rows, source.table).toHaveLength(1);
      return rows[0]!;
    };
    const notice = await openSourceWithLines(IN_STORAGE_TABLES);
    const inOrder = await http.post(operator, WAREHOUSE_PATHS.inStorageOrderCreate, {
      noticeId: notice.id,
      inStorageTime: '2026-11-21',
      remark: `${tag} 到货`,
    });
    expect(inOrder.statusCode, inOrder.body).toBe(200);
    const inId = inOrder.json().data.id as number;
    const inTrail = await trail(admin, 'inStorageOrder', inId);
    expect(inTrail.content.map((e) => e.action)).toEqual(['create']);
    expect(change(inTrail.content[0]!, 'remark')).toEqual({ field: 'remark', from: null, to: `${tag} 到货` });
    const lines = change(inTrail.content[0]!, 'goods')!.to as string;
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThan(600);
    expect(lines).not.toContain('{');

    const instruction = await openSourceWithLines(OUTBOUND_TABLES);
    const outOrder = await http.post(operator, WAREHOUSE_PATHS.outboundOrderCreate, {
      instructionId: instruction.id,
      deliveryTime: '2026-11-22',
    });
    expect(outOrder.statusCode, outOrder.body).toBe(200);
    const outTrail = await trail(operator, 'outboundOrder', outOrder.json().data.id as number);
    expect(outTrail.content.map((e) => e.action)).toEqual(['create']);
    expect(outTrail.content[0]!.userId).toBe('demo-warehouse-operator');
  });

  it('GET /api/audit pages zero-based, newest first, only the caller’s enterprise, only with the area’s read permission', async () => {
    const p = await http.create(a, BUSINESS_PATHS.projects, {
      projectName: `${tag} 分页`,
      type: 1,
      enterpriseName: '买方',
      supplierName: '卖方',
    });
    const url = withId(BUSINESS_PATHS.project, p.id);
    for (const name of ['一', '二', '三']) {
      const res = await http.put(a, url, { projectName: `${tag} 分页${name}`, type: 1, enterpriseName: '买方', supplierName: '卖方' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const all = await trail(a, 'project', p.id);
    expect(all.totalElements).toBe(4);
    expect(all.content.map((e) => e.action)).toEqual(['update', 'update', 'update', 'create']);
    expect(all.content.map((e) => change(e, 'projectName')!.to)).toEqual([
      `${tag} 分页三`,
      `${tag} 分页二`,
      `${tag} 分页一`,
      `${tag} 分页`,
    ]);
    const ids = all.content.map((e) => e.id);
    expect([...ids].sort((x, y) => y - x)).toEqual(ids);

    const page1 = await trail(a, 'project', p.id, { pageNumber: 1, pageSize: 3 });
    expect(page1).toMatchObject({ totalElements: 4, pageNumber: 1, pageSize: 3 });
    expect(page1.content.map((e) => e.id)).toEqual([ids[3]]);

    // Another enterprise sees no rows of it (its own records only).
    const foreign = await trail(b, 'project', p.id);
    expect(foreign).toMatchObject({ content: [], totalElements: 0 });

    // The area's read permission: a warehouse operator may not read projects (403 naming it), but warehouse orders.
    const denied = await http.get(operator, AUDIT_PATHS.list, { entity: 'project', id: p.id });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 40301, message: PERMISSION_MESSAGES.denied('projects:read'), data: null });

    for (const q of [
      { entity: 'nope', id: p.id },
      { entity: 'project', id: 'x' },
      { entity: 'project' },
      { entity: 'project', id: p.id, pageSize: 0 },
    ]) {
      const res = await http.get(a, AUDIT_PATHS.list, q as Record<string, string | number>);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
    }
    expect(
      (await t().app.inject({ method: 'GET', url: AUDIT_PATHS.list, query: { entity: 'project', id: String(p.id) } })).statusCode,
    ).toBe(401);
  });
});
