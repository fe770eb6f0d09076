// Sales and purchase orders: list/search/paging, detail with goods lines and delivery address, create and update
// together, drafts only, enterprises apart (addresses included), bad input refused.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { ADDRESS_BOOK_PATHS, BUSINESS_PATHS } from '@tfb/contract';
import { api, withId, type Json } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('orders', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  const tag = `DD${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
  });

  it('creates a sales order with goods lines and edits it (header and lines in one save)', async () => {
    const so = await http.create(a, BUSINESS_PATHS.salesOrders, {
      enterpriseName: `${tag} 宝武钢铁`,
      moneyDemand: 1,
      salesDate: 45,
      money: 120000,
      goods: [
        { goodsName: '热轧卷板', specificationModels: 'Q235B 4.75mm', unit: '吨', quantity: 30, price: 4000 },
        { goodsName: '冷轧板', quantity: 1.5, price: 10 },
      ],
    });
    expect(so.orderCode).toMatch(/^XSDD-\d{8}-\d{5}$/);
    expect(so).toMatchObject({ enterpriseName: `${tag} 宝武钢铁`, moneyDemand: 1, salesDate: 45, money: 120000, status: 'draft' });
    expect(so.goods).toHaveLength(2);
    const edited = await http.put(a, withId(BUSINESS_PATHS.salesOrder, so.id), {
      enterpriseName: `${tag} 宝武钢铁（改）`,
      moneyDemand: 0,
      salesDate: 60,
      money: 1,
      status: 'submitted',
      goods: [{ goodsName: '螺纹钢', quantity: 2, price: 3 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      moneyDemand: 0,
      salesDate: 60,
      status: 'submitted',
      goods: [{ goodsName: '螺纹钢', quantity: 2, price: 3 }],
    });
    const again = await http.put(a, withId(BUSINESS_PATHS.salesOrder, so.id), {
      enterpriseName: 'x',
      moneyDemand: 0,
      salesDate: 1,
      money: 1,
    });
    expect(again.statusCode).toBe(409);
    expect((await http.get(a, withId(BUSINESS_PATHS.salesOrder, so.id))).json().data.enterpriseName).toBe(`${tag} 宝武钢铁（改）`);
  });

  it('creates and lists purchase orders with search and zero-based paging', async () => {
    for (let i = 0; i < 7; i++) {
      await http.create(a, BUSINESS_PATHS.purchaseOrders, {
        supplierName: `${tag} 供应商${i}`,
        isPrecondition: i % 2,
        purchaseDate: 10,
        money: 100 * (i + 1),
      });
    }
    const p0 = (await http.get(a, BUSINESS_PATHS.purchaseOrders, { search: tag, pageNumber: 0, pageSize: 5 })).json().data;
    const p1 = (await http.get(a, BUSINESS_PATHS.purchaseOrders, { search: tag, pageNumber: 1, pageSize: 5 })).json().data;
    expect(p0.totalElements).toBe(7);
    expect(p0.content).toHaveLength(5);
    expect(p1.content).toHaveLength(2);
    expect(p0.content[0].purchaseOrderCode).toMatch(/^CGDD-/);
    const drafts = (await http.get(a, BUSINESS_PATHS.purchaseOrders, { search: tag, status: 'submitted' })).json().data;
    expect(drafts.totalElements).toBe(0);
    const po = p0.content[0] as Json & { id: number };
    const detail = (await http.get(a, withId(BUSINESS_PATHS.purchaseOrder, po.id))).json().data;
    expect(detail).toMatchObject({ id: po.id, goods: [] });
  });

  it('refuses bad input and keeps enterprises apart', async () => {
    for (const body of [
      {},
      { supplierName: '', isPrecondition: 0, purchaseDate: 1, money: 1 },
      { supplierName: 'x', isPrecondition: 2, purchaseDate: 1, money: 1 },
      { supplierName: 'x', isPrecondition: 0, purchaseDate: -1, money: 1 },
      { supplierName: 'x', isPrecondition: 0, purchaseDate: 1, money: 1, goods: [{ quantity: -1, price: 1, goodsName: 'g' }] },
    ]) {
      expect((await http.post(a, BUSINESS_PATHS.purchaseOrders, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    const so = await http.create(a, BUSINESS_PATHS.salesOrders, { enterpriseName: `${tag} 私有`, moneyDemand: 0, salesDate: 1, money: 1 });
    expect((await http.get(b, withId(BUSINESS_PATHS.salesOrder, so.id))).statusCode).toBe(404);
    expect(
      (await http.put(b, withId(BUSINESS_PATHS.salesOrder, so.id), { enterpriseName: 'x', moneyDemand: 0, salesDate: 1, money: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await http.get(b, BUSINESS_PATHS.salesOrders, { search: tag })).json().data.totalElements).toBe(0);
    expect((await http.get(a, withId(BUSINESS_PATHS.salesOrder, 'abc'))).statusCode).toBe(400);
  });

  it('saves a delivery address of the enterprise’s own book on sales and purchase orders', async () => {
    const address = (s: TestSession, contacts: string) =>
      http.create(s, ADDRESS_BOOK_PATHS.add, {
        contacts,
        contactsPhone: '13800001111',
        addressCode: '310000,310100,310115',
        province: '上海市',
        city: '上海市',
        area: '浦东新区',
        detailedAddress: `${tag} 张江路 1 号`,
      });
    const [mine, other, foreign] = [await address(a, '王五'), await address(a, '赵六'), await address(b, '钱七')];
    const kinds = [
      {
        list: BUSINESS_PATHS.salesOrders,
        item: BUSINESS_PATHS.salesOrder,
        body: { enterpriseName: `${tag} 收货`, moneyDemand: 0, salesDate: 1, money: 1 },
      },
      {
        list: BUSINESS_PATHS.purchaseOrders,
        item: BUSINESS_PATHS.purchaseOrder,
        body: { supplierName: `${tag} 收货`, isPrecondition: 0, purchaseDate: 1, money: 1 },
      },
    ];
    for (const k of kinds) {
      const o = await http.create(a, k.list, { ...k.body, deliveryAddressId: mine.id });
      expect(o).toMatchObject({
        deliveryAddressId: mine.id,
        deliveryAddress: { id: mine.id, contacts: '王五', detailedAddress: `${tag} 张江路 1 号` },
      });
      expect((await http.get(a, withId(k.item, o.id))).json().data).toEqual(o);
      const changed = await http.put(a, withId(k.item, o.id), { ...k.body, deliveryAddressId: other.id });
      expect(changed.json().data).toMatchObject({ deliveryAddressId: other.id, deliveryAddress: { contacts: '赵六' } });
      // Another enterprise's address (or none that exists) is refused by field; nothing changes.
      for (const deliveryAddressId of [foreign.id, 999999999]) {
        const res = await http.put(a, withId(k.item, o.id), { ...k.body, deliveryAddressId });
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'deliveryAddressId', message: '收货地址不存在' }]);
        expect((await http.post(a, k.list, { ...k.body, deliveryAddressId })).statusCode).toBe(400);
      }
      expect((await http.post(a, k.list, { ...k.body, deliveryAddressId: 'x' })).statusCode).toBe(400);
      expect((await http.get(a, withId(k.item, o.id))).json().data.deliveryAddressId).toBe(other.id);
      const cleared = await http.put(a, withId(k.item, o.id), { ...k.body, deliveryAddressId: null });
      expect(cleared.json().data).toMatchObject({ deliveryAddressId: null, deliveryAddress: null });
      // B cannot attach A's address to its own order.
      const stolen = await http.post(b, k.list, { ...k.body, deliveryAddressId: mine.id });
      expect(stolen.json().errors).toEqual([{ field: 'deliveryAddressId', message: '收货地址不存在' }]);
    }
  });
});
