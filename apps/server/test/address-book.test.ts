// The delivery-address book (spec 7.1): zero-based paging, the four exact messages, create/edit, set-default
// (one default per enterprise, also under concurrency) and another enterprise's addresses invisible.
import { beforeAll, expect, it } from 'vitest';
import { ADDRESS_BOOK_PATHS, type DeliveryAddress } from '@tfb/contract';
import { api, validAddress as valid } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('address book', (t) => {
  let a: TestSession;
  let b: TestSession;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
  });

  const list = (s: TestSession, query: Record<string, string | number>) => api(t).get(s, ADDRESS_BOOK_PATHS.list, query);
  const add = (s: TestSession, body: unknown) =>
    t().app.inject({ method: 'POST', url: ADDRESS_BOOK_PATHS.add, headers: s.headers, payload: body as object });
  const created = async (s: TestSession, n: number): Promise<DeliveryAddress> => {
    const res = await add(s, { ...valid(n), enterpriseId: s.user.enterpriseId });
    expect(res.statusCode).toBe(200);
    return res.json().data as DeliveryAddress;
  };
  const setDefault = (s: TestSession, id: number) =>
    t().app.inject({ method: 'POST', url: `${ADDRESS_BOOK_PATHS.setDefault}?id=${id}`, headers: s.headers, payload: { id } });
  const defaults = async (enterpriseId: string) =>
    t()
      .database.db.selectFrom('delivery_addresses')
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('is_default', '=', 1)
      .where('is_delete', '=', 0)
      .execute();

  it('creates an address with isDefault 0, isDelete 0 and the audit columns from the session', async () => {
    const res = await add(a, { ...valid(1), isDefault: 1, enterpriseId: a.user.enterpriseId });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    expect(body.message).toBe('成功');
    expect(body.data).toMatchObject({
      contacts: '收货人1',
      contactsPhone: '13900000001',
      addressCode: '310000,310100,310115',
      province: '上海市',
      city: '市辖区',
      area: '浦东新区',
      detailedAddress: '张江路 1 号',
      enterpriseId: a.user.enterpriseId,
      isDefault: 0,
      isDelete: 0,
      createUserId: 'demo-a-staff',
      createUserName: a.user.userName,
      changeUserId: 'demo-a-staff',
    });
    expect(typeof body.data.createTime).toBe('string');
  });

  it('pages zero-based with data.content and data.totalElements', async () => {
    const before = (await list(a, { pageNumber: 0, pageSize: 10 })).json().data.totalElements as number;
    for (let i = 0; i < 12; i++) await created(a, 100 + i);
    const first = (await list(a, { pageNumber: 0, pageSize: 5, enterpriseId: a.user.enterpriseId })).json();
    const second = (await list(a, { pageNumber: 1, pageSize: 5 })).json();
    expect(first.code).toBe(0);
    expect(first.data.totalElements).toBe(before + 12);
    expect(first.data.pageNumber).toBe(0);
    expect(first.data.content).toHaveLength(5);
    expect(second.data.content).toHaveLength(5);
    const ids1 = first.data.content.map((r: DeliveryAddress) => r.id);
    const ids2 = second.data.content.map((r: DeliveryAddress) => r.id);
    expect(ids1.filter((id: number) => ids2.includes(id))).toEqual([]);
    // Beyond the last page: empty content, same total.
    const beyond = (await list(a, { pageNumber: 999, pageSize: 5 })).json();
    expect(beyond.data.content).toEqual([]);
    expect(beyond.data.totalElements).toBe(before + 12);
  });

  it('clamps a huge page size and says so', async () => {
    const res = await list(a, { pageNumber: 0, pageSize: 1000000000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ pageSize: 1000, clamped: true });
  });

  it('answers the four exact messages as field errors', async () => {
    const res = await add(a, {});
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).not.toBe(0);
    const messages = Object.fromEntries((body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]));
    expect(messages).toMatchObject({
      contactsPhone: '请输入手机号',
      contacts: '请输入姓名',
      addressCode: '请选择地址',
      province: '请选择地址',
      city: '请选择地址',
      area: '请选择地址',
      detailedAddress: '请输入详细地址',
    });
    // The top-level message is one of them, as is (shown by the dialog).
    expect(['请输入手机号', '请输入姓名', '请选择地址', '请输入详细地址']).toContain(body.message);

    for (const [field, message] of [
      ['contactsPhone', '请输入手机号'],
      ['contacts', '请输入姓名'],
      ['addressCode', '请选择地址'],
      ['detailedAddress', '请输入详细地址'],
    ] as const) {
      const one = await add(a, { ...valid(2), [field]: '   ' });
      expect(one.statusCode).toBe(400);
      expect(one.json().message).toBe(message);
      expect(one.json().errors).toEqual([{ field, message }]);
    }
  });

  it('refuses a malformed region code, wrong types and an unparsable body without storing anything', async () => {
    const count = async () => (await list(a, { pageNumber: 0, pageSize: 1 })).json().data.totalElements as number;
    const before = await count();
    expect((await add(a, { ...valid(3), addressCode: '310000,310100' })).json().message).toBe('请选择地址');
    expect((await add(a, { ...valid(3), contacts: 42 })).statusCode).toBe(400);
    expect((await add(a, { ...valid(3), contactsPhone: ['1'] })).statusCode).toBe(400);
    expect((await add(a, { ...valid(3), contacts: 'x\u0000y' })).statusCode).toBe(400);
    expect((await add(a, { ...valid(3), detailedAddress: 'x'.repeat(201) })).statusCode).toBe(400);
    const broken = await t().app.inject({
      method: 'POST',
      url: ADDRESS_BOOK_PATHS.add,
      headers: { ...a.headers, 'content-type': 'application/json' },
      payload: '{"contacts":',
    });
    expect(broken.statusCode).toBe(400);
    expect((await list(a, { pageNumber: 'x', pageSize: 10 })).statusCode).toBe(400);
    expect((await list(a, { pageNumber: -1, pageSize: 10 })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('edits an address; the default flag is not changed by an edit', async () => {
    const addr = await created(a, 4);
    const res = await t().app.inject({
      method: 'POST',
      url: ADDRESS_BOOK_PATHS.update,
      headers: a.headers,
      payload: {
        ...valid(4),
        id: addr.id,
        contacts: '王五',
        detailedAddress: '世纪大道 100 号',
        isDefault: 1,
        enterpriseId: a.user.enterpriseId,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: addr.id, contacts: '王五', detailedAddress: '世纪大道 100 号', isDefault: 0 });
    const missingId = await t().app.inject({
      method: 'POST',
      url: ADDRESS_BOOK_PATHS.update,
      headers: a.headers,
      payload: { ...valid(4) },
    });
    expect(missingId.statusCode).toBe(400);
    const unknown = await t().app.inject({
      method: 'POST',
      url: ADDRESS_BOOK_PATHS.update,
      headers: a.headers,
      payload: { ...valid(4), id: 999999999 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('sets a default: the old one is cleared, exactly one remains, and the reply says 成功', async () => {
    const x = await created(a, 5);
    const y = await created(a, 6);
    const first = await setDefault(a, x.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 0, message: '成功', data: { id: x.id, isDefault: 1 } });
    expect((await setDefault(a, y.id)).json().data.isDefault).toBe(1);
    expect(await defaults(a.user.enterpriseId)).toEqual([{ id: y.id }]);
    // Setting the current default again is fine.
    expect((await setDefault(a, y.id)).statusCode).toBe(200);
    expect(await defaults(a.user.enterpriseId)).toEqual([{ id: y.id }]);
    // The list shows the default first.
    const page = (await list(a, { pageNumber: 0, pageSize: 10 })).json().data.content as DeliveryAddress[];
    expect(page[0]).toMatchObject({ id: y.id, isDefault: 1 });
    // Query id alone and body id alone both work; different ids are refused.
    const byBody = await t().app.inject({ method: 'POST', url: ADDRESS_BOOK_PATHS.setDefault, headers: a.headers, payload: { id: x.id } });
    expect(byBody.statusCode).toBe(200);
    const byQuery = await t().app.inject({ method: 'POST', url: `${ADDRESS_BOOK_PATHS.setDefault}?id=${y.id}`, headers: a.headers });
    expect(byQuery.statusCode).toBe(200);
    const mismatch = await t().app.inject({
      method: 'POST',
      url: `${ADDRESS_BOOK_PATHS.setDefault}?id=${x.id}`,
      headers: a.headers,
      payload: { id: y.id },
    });
    expect(mismatch.statusCode).toBe(400);
    const none = await t().app.inject({ method: 'POST', url: ADDRESS_BOOK_PATHS.setDefault, headers: a.headers, payload: {} });
    expect(none.statusCode).toBe(400);
    expect((await setDefault(a, 999999999)).statusCode).toBe(404);
  });

  it('ends with exactly one default after 10 concurrent set-default calls on different addresses', async () => {
    const addresses = [];
    for (let i = 0; i < 10; i++) addresses.push(await created(a, 200 + i));
    const replies = await Promise.all(addresses.map((x) => setDefault(a, x.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const left = await defaults(a.user.enterpriseId);
    expect(left).toHaveLength(1);
    expect(addresses.map((x) => x.id)).toContain(left[0]!.id);
  });

  it('keeps enterprises apart: another enterprise’s address is invisible and untouchable', async () => {
    const mine = await created(a, 7);
    const theirs = (await list(b, { pageNumber: 0, pageSize: 1000 })).json().data.content as DeliveryAddress[];
    expect(theirs.map((r) => r.id)).not.toContain(mine.id);
    expect(theirs.every((r) => r.enterpriseId === b.user.enterpriseId)).toBe(true);

    const edit = await t().app.inject({
      method: 'POST',
      url: ADDRESS_BOOK_PATHS.update,
      headers: b.headers,
      payload: { ...valid(8), id: mine.id },
    });
    expect(edit.statusCode).toBe(404);
    expect((await setDefault(b, mine.id)).statusCode).toBe(404);
    const still = await t()
      .database.db.selectFrom('delivery_addresses')
      .select(['contacts', 'is_default'])
      .where('id', '=', mine.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ contacts: '收货人7', is_default: 0 });

    // enterpriseId in the query or body must be the caller's own.
    expect((await list(b, { pageNumber: 0, pageSize: 10, enterpriseId: a.user.enterpriseId })).statusCode).toBe(403);
    expect((await add(b, { ...valid(9), enterpriseId: a.user.enterpriseId })).statusCode).toBe(403);
  });

  it('refuses calls without a session', async () => {
    const res = await t().app.inject({ method: 'GET', url: ADDRESS_BOOK_PATHS.list });
    expect(res.statusCode).toBe(401);
  });
});
