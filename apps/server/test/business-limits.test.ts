// Business limits: a loan application or a settlement never exceeds what its contract has left (the others live on
// it), an in-storage / outbound order line never exceeds what its notice / instruction line has left (summed over
// every order made from it, also when two orders arrive at once), and amounts and quantities are positive with the
// precision of their columns. Each limit at, just below and just above the boundary.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_MESSAGES,
  BUSINESS_PATHS,
  LIMIT_MESSAGES,
  PROCESS_PATHS,
  WAREHOUSE_MESSAGES,
  WAREHOUSE_PATHS,
  type ContractDetail,
  type DeliveryInstructionDetail,
  type InStorageNoticeDetail,
} from '@tfb/contract';
import { api, withId, type Json } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('business limits', (t) => {
  const http = api(t);
  const db = () => t().database.db;
  let staff: TestSession;
  let operator: TestSession;
  const tag = `LIM${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

  beforeAll(async () => {
    [staff, operator] = await Promise.all([t().enter('demo-a-staff'), t().enter('demo-warehouse-operator')]);
  });

  const newContract = async (money: number) =>
    http.create(staff, BUSINESS_PATHS.contracts, { contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT', enterpriseName: `${tag} 供方`, money });
  const limitsOf = async (contractId: number, q: Record<string, number> = {}) => {
    const r = await http.get(staff, withId(BUSINESS_PATHS.contract, contractId), q);
    expect(r.statusCode, r.body).toBe(200);
    return (r.json().data as ContractDetail).limits;
  };
  const refusal = (r: { statusCode: number; json: () => Json }) => ({ status: r.statusCode, body: r.json() });

  // ---- Loan applications ----

  it('refuses the reproduction: a loan of 999,999,999 on a contract of 3,073,216.25', async () => {
    const c = await newContract(3_073_216.25);
    const r = await http.post(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 999_999_999 });
    const message = LIMIT_MESSAGES.loanExceedsContract(3_073_216.25, 3_073_216.25);
    expect(message).toContain('3,073,216.25');
    expect(refusal(r)).toEqual({ status: 400, body: { code: 40000, message, data: null, errors: [{ field: 'loanAmount', message }] } });
    expect(await db().selectFrom('loan_applications').select('id').where('contract_id', '=', c.id).execute()).toEqual([]);
  });

  it('a loan takes at most the contract amount less the other live applications (at, below, above; edit leaves itself out)', async () => {
    const c = await newContract(3_073_216.25);
    const first = await http.create(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 1_000_000 });
    expect(await limitsOf(c.id)).toEqual({ contractAmount: 3_073_216.25, loanRemaining: 2_073_216.25, settlementRemaining: 3_073_216.25 });

    const above = await http.post(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 2_073_216.26 });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(LIMIT_MESSAGES.loanExceedsContract(3_073_216.25, 2_073_216.25));
    expect(above.json().errors).toEqual([{ field: 'loanAmount', message: above.json().message }]);

    const below = await http.create(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 2_073_216.24 });
    expect((await limitsOf(c.id)).loanRemaining).toBe(0.01);
    // The edited application is left out of the sum: it may grow to exactly what remains.
    expect((await limitsOf(c.id, { excludeLoanId: below.id })).loanRemaining).toBe(2_073_216.25);
    const at = await http.put(staff, withId(BUSINESS_PATHS.loan, below.id), { contractId: c.id, loanAmount: 2_073_216.25 });
    expect(at.statusCode, at.body).toBe(200);
    const over = await http.put(staff, withId(BUSINESS_PATHS.loan, below.id), { contractId: c.id, loanAmount: 2_073_216.26 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(LIMIT_MESSAGES.loanExceedsContract(3_073_216.25, 2_073_216.25));
    expect((await http.get(staff, withId(BUSINESS_PATHS.loan, below.id))).json().data.loanAmount).toBe(2_073_216.25);

    // Nothing left; a rejected application no longer holds its part.
    const none = await http.post(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 0.01 });
    expect(none.json().message).toBe(LIMIT_MESSAGES.loanExceedsContract(3_073_216.25, 0));
    await db().updateTable('loan_applications').set({ status: 'rejected' }).where('id', '=', first.id).execute();
    expect((await limitsOf(c.id)).loanRemaining).toBe(1_000_000);
    await http.create(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 1_000_000 });
  });

  it('a rejected application submitted again for approval must still fit its contract', async () => {
    const c = await newContract(1000);
    const rejected = await http.create(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 900 });
    await db().updateTable('loan_applications').set({ status: 'rejected' }).where('id', '=', rejected.id).execute();
    await http.create(staff, BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 500 });
    const again = await http.post(staff, PROCESS_PATHS.submit, { businessType: 'loan', businessId: rejected.id });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(LIMIT_MESSAGES.loanExceedsContract(1000, 500));
    expect(
      (await db().selectFrom('loan_applications').select('status').where('id', '=', rejected.id).executeTakeFirstOrThrow()).status,
    ).toBe('rejected');
    // Lowered to what remains, it is submitted.
    expect((await http.put(staff, withId(BUSINESS_PATHS.loan, rejected.id), { contractId: c.id, loanAmount: 500 })).statusCode).toBe(200);
    expect((await http.post(staff, PROCESS_PATHS.submit, { businessType: 'loan', businessId: rejected.id })).statusCode).toBe(200);
  });

  it('concurrent loans that together exceed the contract: only as many as fit are accepted', async () => {
    const c = await newContract(1000);
    const body = { contractId: c.id, loanAmount: 300 };
    const replies = await Promise.all(Array.from({ length: 6 }, () => http.post(staff, BUSINESS_PATHS.loans, body)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 400, 400, 400]);
    for (const r of replies.filter((x) => x.statusCode === 400))
      expect(r.json().message).toBe(LIMIT_MESSAGES.loanExceedsContract(1000, 100));
    expect((await limitsOf(c.id)).loanRemaining).toBe(100);
  });

  // ---- Settlements ----

  it('a settlement takes at most the contract amount less the other settlements (at, below, above; edit leaves itself out)', async () => {
    const c = await newContract(9000);
    await http.create(staff, BUSINESS_PATHS.settlements, { contractId: c.id, type: 2, money: 5000 });
    const above = await http.post(staff, BUSINESS_PATHS.settlements, { contractId: c.id, type: 2, money: 4000.01 });
    expect(above.statusCode).toBe(400);
    const message = LIMIT_MESSAGES.settlementExceedsContract(9000, 4000);
    expect(message).toContain('9,000.00');
    expect(above.json()).toEqual({ code: 40000, message, data: null, errors: [{ field: 'money', message }] });
    const below = await http.create(staff, BUSINESS_PATHS.settlements, { contractId: c.id, type: 2, money: 3999.99 });
    expect((await limitsOf(c.id)).settlementRemaining).toBe(0.01);
    expect((await limitsOf(c.id, { excludeSettlementId: below.id })).settlementRemaining).toBe(4000);
    const at = await http.put(staff, withId(BUSINESS_PATHS.settlement, below.id), { contractId: c.id, type: 2, money: 4000 });
    expect(at.statusCode, at.body).toBe(200);
    const over = await http.put(staff, withId(BUSINESS_PATHS.settlement, below.id), { contractId: c.id, type: 2, money: 4000.01 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(message);
    expect((await http.post(staff, BUSINESS_PATHS.settlements, { contractId: c.id, type: 1, money: 0.01 })).json().message).toBe(
      LIMIT_MESSAGES.settlementExceedsContract(9000, 0),
    );
  });

  // ---- Warehouse orders ----

  /** A notice (instruction) of the operator's warehouse with one line announcing `first` (quantity) and `second` (weight). */
  const newSource = async (kind: 'notice' | 'instruction', first: number, second: number) => {
    const notice = kind === 'notice';
    const values = {
      enterprise_id: 'ent-a',
      code: `${notice ? 'RK' : 'CK'}-${tag}-${crypto.randomBytes(2).toString('hex')}`,
      enterprise_name: '测试企业',
      warehouse_id: Number(operator.user.warehouseId),
      warehouse_name: '测试仓',
    };
    const n = await db()
      .insertInto(notice ? 'in_storage_notices' : 'delivery_instructions')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    const line = notice
      ? await db()
          .insertInto('in_storage_notice_goods')
          .values({ notice_id: n.id, goods_name: '热轧卷板', weight: first, storage_number: second })
          .returning('id')
          .executeTakeFirstOrThrow()
      : await db()
          .insertInto('delivery_apply_goods')
          .values({ instruction_id: n.id, goods_name: '电解铜', delivery_number: first, delivery_weight_number: second })
          .returning('id')
          .executeTakeFirstOrThrow();
    return { id: n.id, lineId: line.id };
  };
  const newNotice = (first: number, second: number) => newSource('notice', first, second);
  const newInstruction = (first: number, second: number) => newSource('instruction', first, second);
  const inStorage = (noticeId: number, noticeGoodsId: number, weight: number, storageNumber: number) =>
    http.post(operator, WAREHOUSE_PATHS.inStorageOrderCreate, {
      noticeId,
      inStorageTime: '2026-11-21',
      goods: [{ noticeGoodsId, weight, storageNumber }],
    });
  const outbound = (instructionId: number, applyGoodsId: number, deliveryNumber: number, deliveryWeightNumber: number) =>
    http.post(operator, WAREHOUSE_PATHS.outboundOrderCreate, {
      instructionId,
      deliveryTime: '2026-11-21',
      goods: [{ applyGoodsId, deliveryNumber, deliveryWeightNumber }],
    });
  const openNotices = async (isCreate: number) =>
    (await http.get(operator, WAREHOUSE_PATHS.inStoragePage, { pageNumber: 0, pageSize: 10, isCreate })).json().data
      .totalElements as number;

  it('refuses the reproduction: an outbound order of 999,999 on a line instructed at 52', async () => {
    const ins = await newInstruction(52, 52);
    const r = await outbound(ins.id, ins.lineId, 999_999, 1);
    const message = LIMIT_MESSAGES.outboundExceedsInstruction('电解铜', '数量', 52, 52);
    expect(refusal(r)).toEqual({
      status: 400,
      body: { code: 40000, message, data: null, errors: [{ field: 'goods.0.deliveryNumber', message }] },
    });
    expect(await db().selectFrom('outbound_orders').select('id').where('instruction_id', '=', ins.id).execute()).toEqual([]);
  });

  it('in-storage orders in lots: each line at most what the notice line has left over every order (at, below, above)', async () => {
    const n = await newNotice(52, 10);
    const [open0, done0] = [await openNotices(0), await openNotices(1)];
    expect((await inStorage(n.id, n.lineId, 30, 5)).statusCode).toBe(200);
    const detail = (await http.get(operator, WAREHOUSE_PATHS.inStorageDetail, { id: n.id })).json().data as InStorageNoticeDetail;
    expect(detail.inStorageNoticeGoods[0]).toMatchObject({ weight: 52, storageNumber: 10, remainingWeight: 22, remainingStorageNumber: 5 });
    expect(detail.isCreate).toBe(0);

    const above = await inStorage(n.id, n.lineId, 22.001, 1);
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual([
      { field: 'goods.0.weight', message: LIMIT_MESSAGES.inStorageExceedsNotice('热轧卷板', '数量', 52, 22) },
    ]);
    const weightAbove = await inStorage(n.id, n.lineId, 1, 5.001);
    expect(weightAbove.json().errors).toEqual([
      { field: 'goods.0.storageNumber', message: LIMIT_MESSAGES.inStorageExceedsNotice('热轧卷板', '重量', 10, 5) },
    ]);

    expect((await inStorage(n.id, n.lineId, 21.999, 4)).statusCode).toBe(200);
    // Still something left: the notice stays in the to-do list.
    expect(await openNotices(0)).toBe(open0);
    const at = await inStorage(n.id, n.lineId, 0.001, 1);
    expect(at.statusCode, at.body).toBe(200);
    // Nothing left: the notice moves to the created list, and the list counts follow.
    expect(
      (await db().selectFrom('in_storage_notices').select('is_create').where('id', '=', n.id).executeTakeFirstOrThrow()).is_create,
    ).toBe(1);
    expect([await openNotices(0), await openNotices(1)]).toEqual([open0 - 1, done0 + 1]);
    const more = await inStorage(n.id, n.lineId, 0.001, 0);
    expect(refusal(more)).toMatchObject({ status: 409, body: { message: WAREHOUSE_MESSAGES.noticeAlreadyCreated } });
    expect(await db().selectFrom('in_storage_orders').select('id').where('notice_id', '=', n.id).execute()).toHaveLength(3);
  });

  it('an order without lines takes what is left; outbound lines are limited the same way', async () => {
    const ins = await newInstruction(52, 26);
    expect((await outbound(ins.id, ins.lineId, 50, 0)).statusCode).toBe(200);
    const detail = (await http.get(operator, WAREHOUSE_PATHS.deliveryDetail, { id: ins.id })).json().data as DeliveryInstructionDetail;
    expect(detail.deliveryApplyGoods[0]).toMatchObject({ remainingDeliveryNumber: 2, remainingDeliveryWeightNumber: 26 });
    const above = await outbound(ins.id, ins.lineId, 2.001, 0);
    expect(above.json().message).toBe(LIMIT_MESSAGES.outboundExceedsInstruction('电解铜', '数量', 52, 2));
    const rest = await http.post(operator, WAREHOUSE_PATHS.outboundOrderCreate, { instructionId: ins.id, deliveryTime: '2026-11-22' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data.goods.map((g: Json) => [g.deliveryNumber, g.deliveryWeightNumber])).toEqual([[2, 26]]);
    expect(
      (await db().selectFrom('delivery_instructions').select('is_create').where('id', '=', ins.id).executeTakeFirstOrThrow()).is_create,
    ).toBe(1);
  });

  it('concurrent orders from one notice and from one instruction that together exceed it: only as many as fit are accepted', async () => {
    const n = await newNotice(52, 10);
    const ins = await newInstruction(52, 10);
    const replies = await Promise.all([
      ...Array.from({ length: 4 }, () => inStorage(n.id, n.lineId, 20, 1)),
      ...Array.from({ length: 4 }, () => outbound(ins.id, ins.lineId, 20, 1)),
    ]);
    const [ins4, out4] = [replies.slice(0, 4), replies.slice(4)];
    expect(ins4.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    expect(out4.map((r) => r.statusCode).sort()).toEqual([200, 200, 400, 400]);
    for (const r of ins4.filter((x) => x.statusCode === 400))
      expect(r.json().message).toBe(LIMIT_MESSAGES.inStorageExceedsNotice('热轧卷板', '数量', 52, 12));
    for (const r of out4.filter((x) => x.statusCode === 400))
      expect(r.json().message).toBe(LIMIT_MESSAGES.outboundExceedsInstruction('电解铜', '数量', 52, 12));
    const taken = await db()
      .selectFrom('in_storage_order_goods')
      .select((eb) => eb.fn.sum<number>('weight').as('n'))
      .where('notice_goods_id', '=', n.lineId)
      .executeTakeFirstOrThrow();
    expect(Number(taken.n)).toBe(40);
  });

  // ---- Precision and sign ----

  it('amounts and quantities: positive, within their columns’ precision, a 400 naming the field', async () => {
    const c = await newContract(1000);
    const cases: [string, Json, string, string][] = [
      [
        BUSINESS_PATHS.contracts,
        { contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT', enterpriseName: 'x', money: 1.234 },
        'money',
        LIMIT_MESSAGES.tooManyDecimals('合同金额', 2),
      ],
      [
        BUSINESS_PATHS.contracts,
        { contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT', enterpriseName: 'x', money: 1e16 },
        'money',
        LIMIT_MESSAGES.tooLargeMoney('合同金额'),
      ],
      [
        BUSINESS_PATHS.contracts,
        { contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT', enterpriseName: 'x', money: 0 },
        'money',
        LIMIT_MESSAGES.positive('合同金额'),
      ],
      [
        BUSINESS_PATHS.contracts,
        {
          contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
          enterpriseName: 'x',
          money: 1,
          goods: [{ goodsName: 'g', quantity: 1.0001, price: 1 }],
        },
        'goods.0.quantity',
        LIMIT_MESSAGES.tooManyDecimals('数量', 3),
      ],
      [
        BUSINESS_PATHS.contracts,
        { contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT', enterpriseName: 'x', money: 1, goods: [{ goodsName: 'g', price: 1 }] },
        'goods.0.quantity',
        BUSINESS_MESSAGES.goodsQuantityRequired,
      ],
      [
        BUSINESS_PATHS.salesOrders,
        { enterpriseName: 'x', moneyDemand: 0, salesDate: 1, money: 1, goods: [{ goodsName: 'g', quantity: 1, price: 0.001 }] },
        'goods.0.price',
        LIMIT_MESSAGES.tooManyDecimals('单价', 2),
      ],
      [
        BUSINESS_PATHS.purchaseOrders,
        { supplierName: 'x', isPrecondition: 0, purchaseDate: 1, money: -1 },
        'money',
        LIMIT_MESSAGES.positive('订单金额'),
      ],
      [BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 0 }, 'loanAmount', LIMIT_MESSAGES.positive('贷款金额')],
      [BUSINESS_PATHS.loans, { contractId: c.id, loanAmount: 10.005 }, 'loanAmount', LIMIT_MESSAGES.tooManyDecimals('贷款金额', 2)],
      [BUSINESS_PATHS.settlements, { contractId: c.id, type: 1, money: 1e-7 }, 'money', LIMIT_MESSAGES.tooManyDecimals('结算金额', 2)],
      [
        BUSINESS_PATHS.goods,
        { goodsCategoryId: 1, goodsName: 'g', goodsPrice: 1.001 },
        'goodsPrice',
        LIMIT_MESSAGES.tooManyDecimals('价格', 2),
      ],
      [BUSINESS_PATHS.goods, { goodsCategoryId: 1, goodsName: 'g', weight: 1e15 }, 'weight', LIMIT_MESSAGES.tooLargeQuantity('重量')],
      [
        WAREHOUSE_PATHS.inStorageOrderCreate,
        { noticeId: 1, inStorageTime: '2026-11-21', goods: [{ noticeGoodsId: 1, weight: 1.0001, storageNumber: 1 }] },
        'goods.0.weight',
        LIMIT_MESSAGES.tooManyDecimals('数量', 3),
      ],
      [
        WAREHOUSE_PATHS.outboundOrderCreate,
        { instructionId: 1, deliveryTime: '2026-11-21', goods: [{ applyGoodsId: 1, deliveryNumber: 0, deliveryWeightNumber: 0 }] },
        'goods.0.deliveryNumber',
        LIMIT_MESSAGES.orderLineEmpty,
      ],
    ];
    for (const [url, body, field, message] of cases) {
      const warehouse = url === WAREHOUSE_PATHS.inStorageOrderCreate || url === WAREHOUSE_PATHS.outboundOrderCreate;
      const r = await http.post(warehouse ? operator : staff, url, body);
      expect(r.statusCode, `${url} ${JSON.stringify(body)}: ${r.body}`).toBe(400);
      expect(r.json().errors, `${url} ${JSON.stringify(body)}`).toContainEqual({ field, message });
    }
    // A free line (price 0) and a catalogue entry without a price stay allowed; the largest amount is accepted.
    await http.create(staff, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      enterpriseName: `${tag} 上限`,
      money: 999_999_999_999.99,
      goods: [{ goodsName: '包装费', quantity: 0.001, price: 0 }],
    });
  });
});
