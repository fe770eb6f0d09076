// Customers (issue 14): the unified social credit code check (GB 32100-2015 and the GB 11714 organisation code in
// it) against codes of real enterprises; the customer calls: create with contacts and bank accounts, search and
// paging, detail, edit with the version (stale → 409), the unique code per owning enterprise, delete refused while a
// business record names the customer, permissions, and another enterprise's customers invisible and untouchable.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CUSTOMER_MESSAGES,
  CUSTOMER_PATHS,
  PERMISSION_MESSAGES,
  USCC_MESSAGES,
  customerPath,
  isValidUscc,
  orgCodeCheckChar,
  usccCheckChar,
  usccProblem,
  type CustomerDetail,
  type CustomerRow,
} from '@tfb/contract';
import { api } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

/** A valid code for `n`: enterprise (91), Shanghai (310000), organisation code n with both check characters. */
function makeUscc(n: number): string {
  const org = String(n).padStart(8, '0');
  const first17 = `91310000${org}${orgCodeCheckChar(org)}`;
  return `${first17}${usccCheckChar(first17)}`;
}

describe('unified social credit code (GB 32100-2015)', () => {
  // Codes of registered enterprises and institutions, as printed on their business licences.
  const real = [
    '91350100M000100Y43',
    '9144030071526726XG',
    '914403001922038216',
    '91110000802100433B',
    '91330100716105852F',
    '91310000MA1FL1MMXL',
    '91110108551385082Q',
    '12100000400000624D',
  ];
  it.each(real)('accepts %s', (code) => {
    expect(usccProblem(code)).toBeUndefined();
    expect(isValidUscc(code)).toBe(true);
  });

  it('computes the check character as 31 − (Σ value·weight mod 31)', () => {
    expect(usccCheckChar('91350100M000100Y4')).toBe('3');
    expect(usccCheckChar('9144030071526726X')).toBe('G');
    expect(usccCheckChar('12100000400000624')).toBe('D');
    // A remainder of 0 gives check 0 (31 mod 31), not 31: search for one such prefix and check it.
    const zero = Array.from({ length: 2000 }, (_, i) => makeUscc(i)).find((c) => c.endsWith('0'));
    expect(zero && isValidUscc(zero)).toBe(true);
  });

  it('computes the organisation code check per GB 11714 (10 is X, 11 is 0)', () => {
    expect(orgCodeCheckChar('71526726')).toBe('X');
    expect(orgCodeCheckChar('19220382')).toBe('1');
    expect(orgCodeCheckChar('MA1FL1MM')).toBe('X');
    expect(orgCodeCheckChar('1234567')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(usccProblem('')).toBe(USCC_MESSAGES.required);
    expect(usccProblem('91350100M000100Y4')).toBe(USCC_MESSAGES.length);
    expect(usccProblem('91350100M000100Y433')).toBe(USCC_MESSAGES.length);
    expect(usccProblem('91350100M000100I43')).toBe(USCC_MESSAGES.chars);
    expect(usccProblem('91350100m000100y43')).toBe(USCC_MESSAGES.chars);
    expect(usccProblem('B1350100M000100Y43')).toBe(USCC_MESSAGES.authority);
    expect(usccProblem('97350100M000100Y43')).toBe(USCC_MESSAGES.authority);
    expect(usccProblem('9135A100M000100Y43')).toBe(USCC_MESSAGES.region);
    expect(usccProblem('91350100M000100Y44')).toBe(USCC_MESSAGES.checkDigit);
    // Every single-character change of a valid code is caught.
    const code = '9144030071526726XG';
    for (let i = 0; i < 18; i++) {
      const c = code[i] === '1' ? '2' : '1';
      expect(isValidUscc(code.slice(0, i) + c + code.slice(i + 1)), `position ${i + 1}`).toBe(false);
    }
    // A transposition of two adjacent different characters is caught too.
    expect(isValidUscc('9144030071526762XG')).toBe(false);
  });

  it('refuses a wrong organisation-code check character even when the overall check fits', () => {
    const org = '71526726';
    const wrong = orgCodeCheckChar(org) === '1' ? '2' : '1';
    const first17 = `91440300${org}${wrong}`;
    const code = `${first17}${usccCheckChar(first17)}`;
    expect(usccProblem(code)).toBe(USCC_MESSAGES.orgCode);
  });
});

describeEachDatabase('customers', (t) => {
  let a: TestSession;
  let b: TestSession;
  let approver: TestSession;
  beforeAll(async () => {
    [a, b, approver] = await Promise.all([t().enter('demo-a-staff'), t().enter('demo-b-staff'), t().enter('demo-a-approver')]);
  });
  const http = api(t);
  const body = (n: number, more: Record<string, unknown> = {}) => ({
    name: `测试客户${n}有限公司`,
    creditCode: makeUscc(900000 + n),
    legalRepresentative: `法人${n}`,
    addressCode: '310000,310100,310115',
    province: '上海市',
    city: '市辖区',
    area: '浦东新区',
    detailedAddress: `世纪大道 ${n} 号`,
    contacts: [
      { name: `联系人${n}`, phone: '13900001111', position: '采购经理' },
      { name: `副联系人${n}`, phone: '021-55556666', email: 'x@example.com' },
    ],
    bankAccounts: [{ bankName: '中国工商银行上海分行', accountName: `测试客户${n}有限公司`, accountNumber: '1001234567890123' }],
    ...more,
  });
  const create = (s: TestSession, payload: unknown) => http.post(s, CUSTOMER_PATHS.list, payload);

  it('creates a customer with its contacts and bank accounts and reads it back', async () => {
    const res = await create(a, { ...body(1), creditCode: ` ${makeUscc(900001).toLowerCase()} ` });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data as CustomerDetail;
    expect(c).toMatchObject({
      name: '测试客户1有限公司',
      creditCode: makeUscc(900001),
      legalRepresentative: '法人1',
      province: '上海市',
      version: 1,
      mainContact: { name: '联系人1', phone: '13900001111', position: '采购经理', email: '' },
    });
    expect(c.contacts.map((x) => x.name)).toEqual(['联系人1', '副联系人1']);
    expect(c.bankAccounts).toEqual([
      { bankName: '中国工商银行上海分行', accountName: '测试客户1有限公司', accountNumber: '1001234567890123' },
    ]);
    const read = await http.get(a, customerPath(c.id));
    expect(read.json().data).toEqual(c);
    const trail = await http.get(a, '/api/audit', { entity: 'customer', id: c.id });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().data.content[0]).toMatchObject({ action: 'create' });
  });

  it('answers 400 naming the field, with the contract message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ creditCode: '91350100M000100Y44' }, 'creditCode', USCC_MESSAGES.checkDigit],
      [{ creditCode: '' }, 'creditCode', USCC_MESSAGES.required],
      [{ creditCode: '1234' }, 'creditCode', USCC_MESSAGES.length],
      [{ name: '  ' }, 'name', CUSTOMER_MESSAGES.nameRequired],
      [{ legalRepresentative: '' }, 'legalRepresentative', CUSTOMER_MESSAGES.legalRepresentativeRequired],
      [{ contacts: [{ name: '甲', phone: 'abc' }] }, 'contacts.0.phone', CUSTOMER_MESSAGES.contactPhoneInvalid],
      [
        { bankAccounts: [{ bankName: '银行', accountName: '户名', accountNumber: '12ab' }] },
        'bankAccounts.0.accountNumber',
        CUSTOMER_MESSAGES.accountNumberInvalid,
      ],
      [{ addressCode: '310000,310100,310115', province: '' }, 'addressCode', CUSTOMER_MESSAGES.regionInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await create(a, body(2, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toEqual(expect.arrayContaining([{ field, message }]));
    }
    const none = await http.get(a, CUSTOMER_PATHS.list, { search: '测试客户2有限公司' });
    expect(none.json().data.totalElements).toBe(0);
  });

  it('keeps one customer per code per owning enterprise; another enterprise may hold the same code', async () => {
    const first = await create(a, body(3));
    expect(first.statusCode).toBe(200);
    const again = await create(a, body(3, { name: '另一个名字' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toEqual([{ field: 'creditCode', message: CUSTOMER_MESSAGES.duplicateCode }]);
    const other = await create(b, body(3));
    expect(other.statusCode).toBe(200);
    // Two concurrent creates of one new code: one wins, the other is told why.
    const both = await Promise.all([create(a, body(4)), create(a, body(4))]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('searches by name, code and legal representative and pages zero-based', async () => {
    for (let i = 10; i < 17; i++) expect((await create(a, body(i, { name: `分页客户${i}` }))).statusCode).toBe(200);
    const first = (await http.get(a, CUSTOMER_PATHS.list, { search: '分页客户', pageNumber: 0, pageSize: 5 })).json().data;
    const second = (await http.get(a, CUSTOMER_PATHS.list, { search: '分页客户', pageNumber: 1, pageSize: 5 })).json().data;
    expect(first.totalElements).toBe(7);
    expect(first.content).toHaveLength(5);
    expect(second.content).toHaveLength(2);
    expect((first.content as CustomerRow[])[0]!.mainContact).toMatchObject({ name: '联系人16' });
    const byCode = (await http.get(a, CUSTOMER_PATHS.list, { search: makeUscc(900012) })).json().data;
    expect(byCode.content.map((c: CustomerRow) => c.name)).toEqual(['分页客户12']);
    const byPerson = (await http.get(a, CUSTOMER_PATHS.list, { search: '法人13' })).json().data;
    expect(byPerson.content.map((c: CustomerRow) => c.name)).toEqual(['分页客户13']);
  });

  it('edits from the version read, replacing the lists; an older version is 409 and changes nothing', async () => {
    const c = (await create(a, body(20))).json().data as CustomerDetail;
    const edited = await http.put(a, customerPath(c.id), {
      ...body(20, { name: '改名客户', contacts: [{ name: '新联系人', phone: '13800000000' }], bankAccounts: [] }),
      version: c.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: '改名客户', version: 2, bankAccounts: [], contacts: [{ name: '新联系人' }] });
    const stale = await http.put(a, customerPath(c.id), { ...body(20, { name: '过期的编辑' }), version: c.version });
    expect(stale.statusCode).toBe(409);
    expect((await http.get(a, customerPath(c.id))).json().data.name).toBe('改名客户');
    // Editing onto another customer's code is the duplicate message.
    const d = (await create(a, body(21))).json().data as CustomerDetail;
    const clash = await http.put(a, customerPath(d.id), { ...body(21, { creditCode: c.creditCode }), version: 1 });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().message).toBe(CUSTOMER_MESSAGES.duplicateCode);
  });

  it('refuses to delete a customer a business record names, with the count; deletes one nobody names', async () => {
    const c = (await create(a, body(30, { name: '被引用客户有限公司' }))).json().data as CustomerDetail;
    await t()
      .database.db.insertInto('projects')
      .values([
        { enterprise_id: 'ent-a', project_code: 'XM-CUST-1', enterprise_name: '被引用客户有限公司', supplier_name: '某供应商' },
        { enterprise_id: 'ent-a', project_code: 'XM-CUST-2', enterprise_name: '某买方', supplier_name: '被引用客户有限公司' },
      ])
      .execute();
    const refused = await t().app.inject({ method: 'DELETE', url: customerPath(c.id), headers: a.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CUSTOMER_MESSAGES.inUse(2));
    expect((await http.get(a, customerPath(c.id))).statusCode).toBe(200);

    const free = (await create(a, body(31))).json().data as CustomerDetail;
    const gone = await t().app.inject({ method: 'DELETE', url: customerPath(free.id), headers: a.headers });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data).toEqual({ id: free.id });
    expect((await http.get(a, customerPath(free.id))).statusCode).toBe(404);
    const lists = await t().database.db.selectFrom('customer_contacts').select('id').where('customer_id', '=', free.id).execute();
    expect(lists).toEqual([]);
  });

  it("hides another enterprise's customers: not listed, 404 to read, edit and delete", async () => {
    const mine = (await create(a, body(40, { name: '甲方独有客户' }))).json().data as CustomerDetail;
    const listed = (await http.get(b, CUSTOMER_PATHS.list, { search: '甲方独有客户' })).json().data;
    expect(listed.totalElements).toBe(0);
    expect((await http.get(b, customerPath(mine.id))).statusCode).toBe(404);
    const edit = await http.put(b, customerPath(mine.id), { ...body(40, { name: '乙方改的' }), version: 1 });
    expect(edit.statusCode).toBe(404);
    const del = await t().app.inject({ method: 'DELETE', url: customerPath(mine.id), headers: b.headers });
    expect(del.statusCode).toBe(404);
    expect((await http.get(a, customerPath(mine.id))).json().data.name).toBe('甲方独有客户');
  });

  it('needs customers:read to read and customers:write to write', async () => {
    const list = await http.get(approver, CUSTOMER_PATHS.list);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(PERMISSION_MESSAGES.denied('customers:read'));
    const write = await create(approver, body(50));
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(PERMISSION_MESSAGES.denied('customers:write'));
    const anonymous = await t().app.inject({ method: 'GET', url: CUSTOMER_PATHS.list });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 400 for a bad id', async () => {
    const res = await http.get(a, customerPath(0));
    expect(res.statusCode).toBe(400);
    const junk = await t().app.inject({ method: 'GET', url: '/api/customers/enterprises/abc', headers: a.headers });
    expect(junk.statusCode).toBe(400);
  });
});
