// The enterprise side of warehouse supervision (P28): in-storage notices within what a contract has not yet
// noticed, delivery applications within what the repaid share of the loans releases (at, just below and just above
// each limit; two racing applications for one releasable amount), approval with its timeline, the notices and the
// instructions made on approval in the warehouse lists at once, permissions and another enterprise's invisibility.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_PATHS,
  DELIVERY_DATA_SOURCE_APPLY,
  IN_STORAGE,
  OUTBOUND,
  PROCESS_PATHS,
  WAREHOUSE_FLOW_MESSAGES,
  WAREHOUSE_FLOW_PATHS as P,
  type ContractGoods,
  type DeliveryApplication,
  type EnterpriseNotice,
  type FlowWarehouse,
  type Releasable,
  type TaskHistory,
} from '@tfb/contract';
import { api } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('warehouse flows', (t) => {
  const http = api(t);
  const db = () => t().database.db;
  let staff: TestSession;
  let approver: TestSession;
  let supervisor: TestSession;
  let operator: TestSession;
  let bStaff: TestSession;
  let warehouse: FlowWarehouse;
  const tag = `WF${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    [staff, approver, supervisor, operator, bStaff] = await Promise.all([
      t().enter('demo-a-staff'),
      t().enter('demo-a-approver'),
      t().enter('demo-supervisor'),
      t().enter('demo-warehouse-operator'),
      t().enter('demo-b-staff'),
    ]);
    const list = await http.get(staff, P.warehouses);
    expect(list.statusCode, list.body).toBe(200);
    const own = Number(supervisor.user.warehouseId);
    warehouse = (list.json().data as FlowWarehouse[]).find((w) => w.id === own)!;
    expect(warehouse.superviseName).toBe('陈静');
  });

  /** A purchase contract of ent-a with two goods lines (100 t of steel at 4,000; 50.5 t of copper at 60,000). */
  const newContract = async () => {
    const c = await http.create(staff, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      enterpriseName: `${tag} 供方`,
      money: 10_000_000,
      goods: [
        { goodsName: `${tag} 热轧卷板`, specificationModels: 'Q235B', unit: '吨', quantity: 100, price: 4000 },
        { goodsName: `${tag} 电解铜`, specificationModels: 'Cu-CATH-1', unit: '吨', quantity: 50.5, price: 60000 },
      ],
    });
    const goods = (await http.get(staff, P.contractGoods, { contractId: c.id })).json().data as ContractGoods;
    return { id: c.id, lines: goods.goods.map((g) => g.contractGoodsId) as [number, number] };
  };
  const noticeBody = (contractId: number, goods: { contractGoodsId: number; weight: number }[]) => ({
    contractId,
    warehouseId: warehouse.id,
    collectionTime: '2026-12-01',
    goods,
  });
  const history = async (s: TestSession, id: number) =>
    (await http.get(s, PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(id)))).json().data as TaskHistory;
  const decide = async (processInstanceId: number, action: 'approve' | 'reject') => {
    const h = await history(approver, processInstanceId);
    const r = await http.post(approver, PROCESS_PATHS.complete, {
      processInstanceId,
      taskId: h.historyList.at(-1)!.taskId,
      action,
      comment: action === 'reject' ? '数量不符' : '',
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as TaskHistory;
  };

  // ---- In-storage notices ----

  it('a notice for a contract’s goods is in the operator’s and the supervisor’s lists at once, with its approval timeline', async () => {
    const c = await newContract();
    const n = (await http.create(staff, P.noticeCreate, {
      ...noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 60 }]),
    })) as unknown as EnterpriseNotice;
    expect(n).toMatchObject({
      contractId: c.id,
      enterpriseName: `${tag} 供方`,
      warehouseName: warehouse.name,
      superviseName: '陈静',
      collectionTime: '2026-12-01',
      status: 'approving',
      isCreate: 0,
      createUserName: '张伟',
    });
    expect(n.inStorageNoticeGoods).toEqual([
      expect.objectContaining({
        contractGoodsId: c.lines[0],
        goodsName: `${tag} 热轧卷板`,
        weight: 60,
        storageNumber: 0,
        warehouseName: warehouse.name,
      }),
    ]);

    const operatorList = await http.get(operator, IN_STORAGE.source.pagePath, { blurry: n.code, isCreate: 0 });
    expect(operatorList.json().data.content.map((r: { code: string }) => r.code)).toEqual([n.code]);
    const supervisorList = await http.get(supervisor, IN_STORAGE.source.pagePath, {
      blurry: n.code,
      isCreate: 0,
      warehouseId: warehouse.id,
      enterpriseId: 'ent-a',
    });
    expect(supervisorList.json().data.content.map((r: { code: string }) => r.code)).toEqual([n.code]);

    const h = await history(staff, n.processInstanceId!);
    expect(h).toMatchObject({ businessType: 'inStorageNotice', businessId: n.id, businessCode: n.code, status: 'running' });
    expect(h.historyList.map((e) => e.taskName)).toEqual(['提交申请', '业务审核']);
    // The approver sees it among the tasks; the submitter never approves her own.
    const todo = await http.get(approver, PROCESS_PATHS.todoList, { businessType: 'inStorageNotice', pageSize: 100 });
    expect(todo.json().data.content.map((r: { businessCode: string }) => r.businessCode)).toContain(n.code);
    const done = await decide(n.processInstanceId!, 'approve');
    expect(done.status).toBe('approved');
    expect(done.historyList.map((e) => e.taskName)).toEqual(['提交申请', '业务审核', '归档']);
    expect((await http.get(staff, P.noticeDetail, { id: n.id })).json().data.status).toBe('approved');
  });

  it('a notice line takes at most what the contract line has not yet been noticed for (at, above; a rejection gives it back)', async () => {
    const c = await newContract();
    const first = (await http.create(
      staff,
      P.noticeCreate,
      noticeBody(c.id, [{ contractGoodsId: c.lines[1], weight: 50 }]),
    )) as unknown as EnterpriseNotice;
    const goods = (await http.get(staff, P.contractGoods, { contractId: c.id })).json().data as ContractGoods;
    expect(goods.goods[1]).toMatchObject({ quantity: 50.5, noticed: 50, remaining: 0.5 });

    const above = await http.post(staff, P.noticeCreate, noticeBody(c.id, [{ contractGoodsId: c.lines[1], weight: 0.501 }]));
    const message = WAREHOUSE_FLOW_MESSAGES.noticeExceedsContract(`${tag} 电解铜`, 50.5, 0.5);
    expect(above.statusCode).toBe(400);
    expect(above.json()).toMatchObject({ code: 40000, message, errors: [{ field: 'goods.0.weight', message }] });
    await http.create(staff, P.noticeCreate, noticeBody(c.id, [{ contractGoodsId: c.lines[1], weight: 0.5 }]));
    expect((await http.get(staff, P.contractGoods, { contractId: c.id })).json().data.goods[1].remaining).toBe(0);

    // Rejected: withdrawn from the warehouse lists and its 50 are noticeable again.
    await decide(first.processInstanceId!, 'reject');
    const rejected = (await http.get(staff, P.noticeDetail, { id: first.id })).json().data as EnterpriseNotice;
    expect(rejected).toMatchObject({ status: 'rejected', isCreate: 1 });
    const listed = await http.get(operator, IN_STORAGE.source.pagePath, { blurry: first.code, isCreate: 0 });
    expect(listed.json().data.content).toEqual([]);
    expect((await http.get(staff, P.contractGoods, { contractId: c.id })).json().data.goods[1].remaining).toBe(50);
  });

  it('refuses bad notices naming the field, and writes nothing', async () => {
    const c = await newContract();
    const cases: [unknown, string, string][] = [
      [{ ...noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 1 }]), collectionTime: '' }, 'collectionTime', '请选择计划入库日期'],
      [{ ...noticeBody(c.id, []) }, 'goods', WAREHOUSE_FLOW_MESSAGES.goodsRequired],
      [noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 0 }]), 'goods.0.weight', '数量必须大于 0'],
      [noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 1.0001 }]), 'goods.0.weight', '数量最多 3 位小数'],
      [
        noticeBody(c.id, [{ contractGoodsId: 999_999_999, weight: 1 }]),
        'goods.0.contractGoodsId',
        WAREHOUSE_FLOW_MESSAGES.goodsLineUnknown,
      ],
      [
        noticeBody(c.id, [
          { contractGoodsId: c.lines[0], weight: 1 },
          { contractGoodsId: c.lines[0], weight: 1 },
        ]),
        'goods.1.contractGoodsId',
        WAREHOUSE_FLOW_MESSAGES.goodsLineTwice,
      ],
      [{ ...noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 1 }]), warehouseId: 999_999_999 }, 'warehouseId', '仓库不存在'],
    ];
    for (const [body, field, message] of cases) {
      const r = await http.post(staff, P.noticeCreate, body);
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().errors).toContainEqual({ field, message });
    }
    const written = await db().selectFrom('in_storage_notices').select('id').where('contract_id', '=', c.id).execute();
    expect(written).toEqual([]);
  });

  it('another enterprise’s contracts, warehouses, notices and applications do not exist for the caller', async () => {
    const c = await newContract();
    const n = (await http.create(
      staff,
      P.noticeCreate,
      noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 1 }]),
    )) as unknown as EnterpriseNotice;
    expect((await http.get(bStaff, P.noticeDetail, { id: n.id })).statusCode).toBe(404);
    expect((await http.get(bStaff, P.contractGoods, { contractId: c.id })).statusCode).toBe(404);
    const page = await http.get(bStaff, P.noticePage, { blurry: n.code });
    expect(page.json().data.content).toEqual([]);
    const foreign = await http.post(bStaff, P.noticeCreate, noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 1 }]));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: 'contractId', message: '合同不存在' }]);
    // Enterprise B with its own contract cannot use A's warehouse.
    const bContract = await http.create(bStaff, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      enterpriseName: `${tag} B 供方`,
      money: 1000,
      goods: [{ goodsName: '动力煤', unit: '吨', quantity: 10, price: 100 }],
    });
    const bGoods = (await http.get(bStaff, P.contractGoods, { contractId: bContract.id })).json().data as ContractGoods;
    const r = await http.post(bStaff, P.noticeCreate, {
      ...noticeBody(bContract.id, [{ contractGoodsId: bGoods.goods[0]!.contractGoodsId, weight: 1 }]),
    });
    expect(r.json().errors).toEqual([{ field: 'warehouseId', message: '仓库不存在' }]);
    const loan = await approvedLoan(c.id, 1000);
    expect((await http.get(bStaff, P.releasable, { loanId: loan })).statusCode).toBe(404);
    const apply = await http.post(bStaff, P.applyCreate, {
      loanId: loan,
      warehouseId: warehouse.id,
      planDeliveryTime: '2026-12-05',
      goods: [],
    });
    expect(apply.statusCode).toBe(400);
  });

  it('the permission table decides: supervisors and approvers may not create notices or applications', async () => {
    const c = await newContract();
    const body = noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 1 }]);
    expect((await http.post(supervisor, P.noticeCreate, body)).statusCode).toBe(403);
    expect((await http.post(approver, P.noticeCreate, body)).statusCode).toBe(403);
    const applyBody = {
      loanId: 1,
      warehouseId: warehouse.id,
      planDeliveryTime: '2026-12-05',
      goods: [{ contractGoodsId: c.lines[0], deliveryNumber: 1 }],
    };
    expect((await http.post(operator, P.applyCreate, applyBody)).statusCode).toBe(403);
    expect((await http.get(supervisor, P.applyPage)).statusCode).toBe(403);
  });

  // ---- Delivery applications ----

  /** A loan application on the contract, approved (its amount counts in the contract's approved total). */
  const approvedLoan = async (contractId: number, amount: number, status = 'approved') => {
    const l = await http.create(staff, BUSINESS_PATHS.loans, { contractId, loanAmount: amount });
    await db().updateTable('loan_applications').set({ status }).where('id', '=', l.id).execute();
    return l.id;
  };
  /** A submitted repayment (payable settlement) on the contract. */
  const repay = async (contractId: number, money: number) => {
    const s = await http.create(staff, BUSINESS_PATHS.settlements, { contractId, type: 2, money });
    await db().updateTable('settlements').set({ status: 'submitted' }).where('id', '=', s.id).execute();
  };
  const applyBody = (loanId: number, goods: { contractGoodsId: number; deliveryNumber: number }[]) => ({
    loanId,
    warehouseId: warehouse.id,
    planDeliveryTime: '2026-12-05',
    goods,
  });

  it('releases only the repaid share: nothing before a repayment, then pledged × repaid ÷ approved less what was applied for', async () => {
    const c = await newContract();
    const loan = await approvedLoan(c.id, 1_000_000);
    const none = await http.post(staff, P.applyCreate, applyBody(loan, [{ contractGoodsId: c.lines[0], deliveryNumber: 0.001 }]));
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual([
      { field: 'goods.0.deliveryNumber', message: WAREHOUSE_FLOW_MESSAGES.releaseExceedsRepaid(`${tag} 热轧卷板`, 100, 0, 0) },
    ]);

    await repay(c.id, 400_000);
    const r = (await http.get(staff, P.releasable, { loanId: loan })).json().data as Releasable;
    expect(r).toMatchObject({ approvedAmount: 1_000_000, repaidAmount: 400_000, repaidRatio: 0.4 });
    expect(r.goods.map((g) => [g.pledged, g.releasable, g.released, g.remaining])).toEqual([
      [100, 40, 0, 40],
      [50.5, 20.2, 0, 20.2],
    ]);

    const above = await http.post(staff, P.applyCreate, applyBody(loan, [{ contractGoodsId: c.lines[0], deliveryNumber: 40.001 }]));
    expect(above.json().message).toBe(WAREHOUSE_FLOW_MESSAGES.releaseExceedsRepaid(`${tag} 热轧卷板`, 100, 0.4, 40));
    const first = (await http.create(
      staff,
      P.applyCreate,
      applyBody(loan, [{ contractGoodsId: c.lines[0], deliveryNumber: 25 }]),
    )) as unknown as DeliveryApplication;
    expect(first).toMatchObject({ status: 'approving', loanId: loan, contractId: c.id, instructionId: null, superviseName: '陈静' });
    const left = await http.post(staff, P.applyCreate, applyBody(loan, [{ contractGoodsId: c.lines[0], deliveryNumber: 15.001 }]));
    expect(left.json().message).toBe(WAREHOUSE_FLOW_MESSAGES.releaseExceedsRepaid(`${tag} 热轧卷板`, 100, 0.4, 15));
    const second = (await http.create(
      staff,
      P.applyCreate,
      applyBody(loan, [{ contractGoodsId: c.lines[0], deliveryNumber: 15 }]),
    )) as unknown as DeliveryApplication;
    expect(((await http.get(staff, P.releasable, { loanId: loan })).json().data as Releasable).goods[0]!.remaining).toBe(0);

    // A rejected application no longer holds its quantity.
    await decide(second.processInstanceId!, 'reject');
    expect(((await http.get(staff, P.releasable, { loanId: loan })).json().data as Releasable).goods[0]!.remaining).toBe(15);
    // More repaid than approved releases everything, never more.
    await repay(c.id, 700_000);
    const all = (await http.get(staff, P.releasable, { loanId: loan })).json().data as Releasable;
    expect(all.repaidRatio).toBe(1);
    expect(all.goods.map((g) => g.remaining)).toEqual([75, 50.5]);
    expect(
      (await http.post(staff, P.applyCreate, applyBody(loan, [{ contractGoodsId: c.lines[1], deliveryNumber: 50.501 }]))).statusCode,
    ).toBe(400);
  });

  it('only an approved loan with a contract may release goods', async () => {
    const c = await newContract();
    const draft = await approvedLoan(c.id, 1000, 'draft');
    const r = await http.post(staff, P.applyCreate, applyBody(draft, [{ contractGoodsId: c.lines[0], deliveryNumber: 1 }]));
    expect(r.json().errors).toEqual([{ field: 'loanId', message: WAREHOUSE_FLOW_MESSAGES.loanNotApproved }]);
    const missing = await http.post(staff, P.applyCreate, applyBody(999_999_999, [{ contractGoodsId: c.lines[0], deliveryNumber: 1 }]));
    expect(missing.json().errors).toEqual([{ field: 'loanId', message: '融资申请不存在' }]);
    const noDate = await http.post(staff, P.applyCreate, {
      ...applyBody(draft, [{ contractGoodsId: c.lines[0], deliveryNumber: 1 }]),
      planDeliveryTime: '',
    });
    expect(noDate.json().errors).toContainEqual({ field: 'planDeliveryTime', message: '请选择计划提货日期' });
  });

  it('on approval the application becomes a delivery instruction labelled 提货申请生成, in the supervisor’s list at once', async () => {
    const c = await newContract();
    const loan = await approvedLoan(c.id, 1_000_000);
    await repay(c.id, 500_000);
    const a = (await http.create(staff, P.applyCreate, {
      ...applyBody(loan, [
        { contractGoodsId: c.lines[0], deliveryNumber: 30 },
        { contractGoodsId: c.lines[1], deliveryNumber: 10.25 },
      ]),
      remark: '首批提货',
    })) as unknown as DeliveryApplication;
    const h = await history(staff, a.processInstanceId!);
    expect(h.historyList.map((e) => [e.taskName, e.comments])).toEqual([
      ['提交申请', '首批提货'],
      ['业务审核', ''],
    ]);
    await decide(a.processInstanceId!, 'approve');

    const approved = (await http.get(staff, P.applyDetail, { id: a.id })).json().data as DeliveryApplication;
    expect(approved.status).toBe('approved');
    expect(approved.instructionCode).toMatch(/^TH-/);
    const list = await http.get(supervisor, OUTBOUND.source.pagePath, {
      blurry: approved.instructionCode!,
      isCreate: 0,
      dataSources: DELIVERY_DATA_SOURCE_APPLY,
      superviseId: 'demo-supervisor',
    });
    expect(list.statusCode, list.body).toBe(200);
    const [row] = list.json().data.content;
    expect(row).toMatchObject({
      id: approved.instructionId,
      code: approved.instructionCode,
      dataSources: DELIVERY_DATA_SOURCE_APPLY,
      warehouseName: warehouse.name,
      superviseName: '陈静',
      planDeliveryTime: '2026-12-05',
      totalDeliveryNumber: 40.25,
    });
    const operatorList = await http.get(operator, OUTBOUND.source.pagePath, { blurry: approved.instructionCode!, isCreate: 0 });
    expect(operatorList.json().data.content).toHaveLength(1);
    // The approved application still holds its quantity.
    expect(((await http.get(staff, P.releasable, { loanId: loan })).json().data as Releasable).goods.map((g) => g.remaining)).toEqual([
      20, 15,
    ]);
    const page = await http.get(staff, P.applyPage, { blurry: a.code });
    expect(page.json().data.content.map((r: DeliveryApplication) => [r.code, r.status, r.instructionCode])).toEqual([
      [a.code, 'approved', approved.instructionCode],
    ]);
  });

  it('two applications racing for the same releasable quantity: only one passes', async () => {
    const c = await newContract();
    const loan = await approvedLoan(c.id, 1_000_000);
    await repay(c.id, 400_000);
    const body = applyBody(loan, [{ contractGoodsId: c.lines[0], deliveryNumber: 30 }]);
    const replies = await Promise.all([0, 1, 2].map(() => http.post(staff, P.applyCreate, body)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const written = await db().selectFrom('delivery_applications').select('id').where('contract_id', '=', c.id).execute();
    expect(written).toHaveLength(1);
    expect(((await http.get(staff, P.releasable, { loanId: loan })).json().data as Releasable).goods[0]!.remaining).toBe(10);
  });

  it('lists the caller’s notices and applications, newest first, searchable and filtered by status', async () => {
    const c = await newContract();
    const n = (await http.create(
      staff,
      P.noticeCreate,
      noticeBody(c.id, [{ contractGoodsId: c.lines[0], weight: 2 }]),
    )) as unknown as EnterpriseNotice;
    const page = await http.get(staff, P.noticePage, { blurry: tag, status: 'approving', pageSize: 100 });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.content[0].id).toBe(n.id);
    expect(page.json().data.content.every((r: EnterpriseNotice) => r.status === 'approving')).toBe(true);
    const bad = await http.get(staff, P.noticePage, { status: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});
