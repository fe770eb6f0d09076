// System settings (issue 14): users and roles, the role table, the enterprise's menu list, the platform's
// dictionaries and the enterprise's number rules. Admin only; another enterprise's users and rules are invisible.
import { beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_MESSAGES,
  DOCUMENT_TYPE_GROUP,
  ROLES,
  SESSION_PATHS,
  SYSTEM_MESSAGES,
  SYSTEM_PATHS,
  TOP_MENU_KEYS,
  visibleTopMenus,
  type EnterpriseMenu,
  type NumberRuleRow,
  type SystemRole,
  type SystemUser,
} from '@tfb/contract';
import { api } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

const rolesPath = (userId: string) => SYSTEM_PATHS.userRoles.replace(':userId', userId);
const entriesPath = (group: string) => SYSTEM_PATHS.dictEntries.replace(':group', group);
const entryPath = (group: string, key: string) => SYSTEM_PATHS.dictEntry.replace(':group', group).replace(':dictKey', key);
const rulePath = (key: string) => SYSTEM_PATHS.numberRule.replace(':numberKey', key);

describeEachDatabase('system settings', (t) => {
  const http = api(t);
  let admin: TestSession;
  let staff: TestSession;
  let adminB: TestSession;

  beforeAll(async () => {
    admin = await t().enter('demo-admin');
    staff = await t().enter('demo-a-staff');
    // ent-b has no administrator in the demo: make one, so the cross-enterprise cases are asked by an admin.
    await t().database.db.insertInto('user_roles').values({ user_id: 'demo-b-manager', role: 'admin' }).execute();
    adminB = await t().enter('demo-b-manager');
  });

  const userOf = async (s: TestSession, userId: string): Promise<SystemUser | undefined> => {
    const res = await http.get(s, SYSTEM_PATHS.users, { pageSize: 100 });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.content as SystemUser[]).find((u) => u.userId === userId);
  };
  const assign = (s: TestSession, userId: string, roles: unknown, version?: number) =>
    t().app.inject({ method: 'PUT', url: rolesPath(userId), headers: s.headers, payload: { roles, version: version ?? 1 } });

  it('refuses every system call to a user without system:admin', async () => {
    const calls: [string, string][] = [
      ['GET', SYSTEM_PATHS.users],
      ['PUT', rolesPath('demo-a-staff')],
      ['GET', SYSTEM_PATHS.roles],
      ['GET', SYSTEM_PATHS.menus],
      ['PUT', SYSTEM_PATHS.menus],
      ['GET', SYSTEM_PATHS.dictGroups],
      ['POST', SYSTEM_PATHS.dictGroups],
      ['GET', entriesPath(DOCUMENT_TYPE_GROUP)],
      ['POST', entriesPath(DOCUMENT_TYPE_GROUP)],
      ['PUT', entryPath(DOCUMENT_TYPE_GROUP, 'MLZZHFWPT_DOCTYPE_FP')],
      ['DELETE', entryPath(DOCUMENT_TYPE_GROUP, 'MLZZHFWPT_DOCTYPE_FP')],
      ['GET', SYSTEM_PATHS.numberRules],
      ['PUT', rulePath('XM')],
    ];
    for (const [method, url] of calls) {
      const res = await t().app.inject({
        method: method as 'GET',
        url,
        headers: staff.headers,
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("lists the admin's enterprise's users with roles and organisation, searchable and paged; other enterprises' users are invisible", async () => {
    const res = await http.get(admin, SYSTEM_PATHS.users, { pageSize: 100 });
    expect(res.statusCode).toBe(200);
    const users = res.json().data.content as SystemUser[];
    expect(users.map((u) => u.userId)).toContain('demo-a-staff');
    expect(users.map((u) => u.userId)).not.toContain('demo-b-staff');
    expect(users.find((u) => u.userId === 'demo-admin')).toMatchObject({ roles: ['admin', 'approver'], orgName: expect.any(String) });
    const found = await http.get(admin, SYSTEM_PATHS.users, { search: 'zhangwei' });
    expect(found.json().data.content.map((u: SystemUser) => u.userId)).toEqual(['demo-a-staff']);
    expect((await http.get(admin, SYSTEM_PATHS.users, { search: 'lina' })).json().data.totalElements).toBe(0);
    const page = await http.get(admin, SYSTEM_PATHS.users, { pageSize: 2, pageNumber: 1 });
    expect(page.json().data).toMatchObject({ pageNumber: 1, pageSize: 2, totalElements: users.length });
    expect(page.json().data.content).toHaveLength(2);
  });

  it('assigns roles; the old token is refused as changed and the next entry carries the new roles', async () => {
    const before = (await userOf(admin, 'demo-a-staff'))!;
    const res = await assign(admin, 'demo-a-staff', ['staff', 'approver'], before.version);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ roles: ['approver', 'staff'], version: before.version + 1 });
    // The change is announced to every app process (PostgreSQL NOTIFY): the old token is refused once it is heard.
    await expect.poll(async () => (await http.get(staff, SESSION_PATHS.session)).statusCode, { timeout: 10_000 }).toBe(401);
    const again = await t().enter('demo-a-staff');
    expect(again.user.roles).toEqual(['approver', 'staff']);
    // Stale version: 409; restoring with the current one works.
    expect((await assign(admin, 'demo-a-staff', ['staff'], before.version)).statusCode).toBe(409);
    expect((await assign(admin, 'demo-a-staff', ['staff'], before.version + 1)).statusCode).toBe(200);
    staff = await t().enter('demo-a-staff');
  });

  it('refuses bad role lists with messages naming the field', async () => {
    const v = (await userOf(admin, 'demo-a-staff'))!.version;
    const cases: [unknown, string][] = [
      [[], SYSTEM_MESSAGES.rolesRequired],
      [['boss'], SYSTEM_MESSAGES.unknownRole],
      [['staff', 'internal'], SYSTEM_MESSAGES.internalOnly],
      [['group'], SYSTEM_MESSAGES.groupOnly],
    ];
    for (const [roles, message] of cases) {
      const res = await assign(admin, 'demo-a-staff', roles, v);
      expect(res.statusCode, JSON.stringify(roles)).toBe(400);
      expect(res.json().message).toContain(message);
      expect(JSON.stringify(res.json().data ?? res.json())).toContain('roles');
    }
    const own = await assign(admin, 'demo-admin', ['approver'], (await userOf(admin, 'demo-admin'))!.version);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SYSTEM_MESSAGES.ownAdmin);
    expect((await userOf(admin, 'demo-a-staff'))!.roles).toEqual(['staff']);
  });

  it("cannot see or change another enterprise's user (404)", async () => {
    expect((await assign(admin, 'demo-b-staff', ['staff'], 1)).statusCode).toBe(404);
    expect((await assign(adminB, 'demo-a-staff', ['admin'], 1)).statusCode).toBe(404);
    expect((await userOf(adminB, 'demo-b-staff'))!.roles).toEqual(['approver', 'staff']);
  });

  it('never leaves the enterprise without an administrator, even when two admins demote each other at once', async () => {
    const v = (await userOf(admin, 'demo-a-approver'))!.version;
    expect((await assign(admin, 'demo-a-approver', ['admin', 'approver'], v)).statusCode).toBe(200);
    const second = await t().enter('demo-a-approver');
    const [x, y] = await Promise.all([
      assign(admin, 'demo-a-approver', ['approver'], v + 1),
      assign(second, 'demo-admin', ['approver'], (await userOf(admin, 'demo-admin'))!.version),
    ]);
    const codes = [x.statusCode, y.statusCode].sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    const admins = (
      await t()
        .database.db.selectFrom('user_roles as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select('u.id')
        .where('u.enterprise_id', '=', 'ent-a')
        .where('r.role', '=', 'admin')
        .execute()
    ).map((r) => r.id);
    expect(admins).toHaveLength(1);
    // Put back the demo's administrator.
    await t().database.db.deleteFrom('user_roles').where('user_id', 'in', ['demo-admin', 'demo-a-approver']).execute();
    await t()
      .database.db.insertInto('user_roles')
      .values([
        { user_id: 'demo-admin', role: 'admin' },
        { user_id: 'demo-admin', role: 'approver' },
        { user_id: 'demo-a-approver', role: 'approver' },
      ])
      .execute();
    admin = await t().enter('demo-admin');
  });

  it('shows each role with its permissions and the users of the enterprise holding it', async () => {
    const res = await http.get(admin, SYSTEM_PATHS.roles);
    expect(res.statusCode).toBe(200);
    const roles = res.json().data as SystemRole[];
    expect(roles.map((r) => r.role)).toEqual([...ROLES]);
    const staffRole = roles.find((r) => r.role === 'staff')!;
    expect(staffRole.permissions).toContain('contracts:write');
    expect(staffRole.users.map((u) => u.userId)).toContain('demo-a-staff');
    expect(staffRole.users.map((u) => u.userId)).not.toContain('demo-b-staff');
    expect(roles.find((r) => r.role === 'admin')!.users.map((u) => u.userId)).toEqual(['demo-admin']);
  });

  it("stores the enterprise's menu list: a hidden menu is gone from its users' next entry, not from another enterprise's", async () => {
    const initial = (await http.get(admin, SYSTEM_PATHS.menus)).json().data as EnterpriseMenu[];
    expect(initial.map((m) => m.menuName)).toEqual([...TOP_MENU_KEYS]);
    expect(initial.find((m) => m.menuName === 'system')).toMatchObject({ isHidden: 1, stored: false, defaultShown: true });
    expect(initial.find((m) => m.menuName === 'orders')).toMatchObject({ isHidden: 0, stored: false, defaultShown: false });
    const put = (s: TestSession, menus: unknown) =>
      t().app.inject({ method: 'PUT', url: SYSTEM_PATHS.menus, headers: s.headers, payload: { menus } });
    const saved = await put(admin, [
      { menuName: 'goods', isHidden: 0 },
      { menuName: 'orders', isHidden: 1 },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json().data as EnterpriseMenu[]).find((m) => m.menuName === 'goods')).toMatchObject({ isHidden: 0, stored: true });
    const next = await t().enter('demo-a-staff');
    expect(visibleTopMenus(next.user)).not.toContain('goods');
    expect(visibleTopMenus(next.user)).toContain('orders');
    const other = await t().enter('demo-b-staff');
    expect(visibleTopMenus(other.user)).toContain('goods');
    // Menus never change server permissions: the staff user still reads goods through the API.
    expect((await http.get(next, '/api/mlzgoodsserver/mlzGoods/listCategory')).statusCode).toBe(200);
    const bad = await put(admin, [{ menuName: 'nowhere', isHidden: 1 }]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(SYSTEM_MESSAGES.menuUnknown);
    expect((await put(admin, [{ menuName: 'goods', isHidden: 2 }])).statusCode).toBe(400);
    // Back to the spec's defaults.
    expect((await put(admin, [])).json().data.every((m: EnterpriseMenu) => !m.stored)).toBe(true);
    expect(visibleTopMenus((await t().enter('demo-a-staff')).user)).toContain('goods');
  });

  it("keeps internal and group users' limits whatever the enterprise stores", async () => {
    const platformAdmin = await t().database.db.insertInto('user_roles').values({ user_id: 'demo-portal-admin', role: 'admin' }).execute();
    expect(platformAdmin).toBeDefined();
    // demo-portal-admin is not an internal user: give them admin to store ent-p's list.
    const p = await t().enter('demo-portal-admin');
    const all = TOP_MENU_KEYS.map((menuName) => ({ menuName, isHidden: 1 }));
    expect((await t().app.inject({ method: 'PUT', url: SYSTEM_PATHS.menus, headers: p.headers, payload: { menus: all } })).statusCode).toBe(
      200,
    );
    expect(visibleTopMenus((await t().enter('demo-internal')).user)).toEqual(['dashboard', 'statistics']);
    expect(visibleTopMenus((await t().enter('demo-group')).user)).toEqual(['dashboard']);
    const internal = (await userOf(p, 'demo-internal'))!;
    const res = await assign(p, 'demo-internal', ['internal', 'admin'], internal.version);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(SYSTEM_MESSAGES.internalRoles);
    const group = (await userOf(p, 'demo-group'))!;
    expect((await assign(p, 'demo-group', ['staff'], group.version)).json().message).toContain(SYSTEM_MESSAGES.groupRoles);
  });

  it('edits the platform dictionaries; the dictionary call reads the stored entries at once', async () => {
    const groups = (await http.get(admin, SYSTEM_PATHS.dictGroups)).json().data as { name: string; entryCount: number }[];
    expect(groups.find((g) => g.name === DOCUMENT_TYPE_GROUP)!.entryCount).toBeGreaterThan(0);
    const dict = async (s: TestSession) =>
      (await http.get(s, SESSION_PATHS.dictByGroup, { dictGroupName: DOCUMENT_TYPE_GROUP })).json().data;
    const created = await http.post(admin, entriesPath(DOCUMENT_TYPE_GROUP), {
      dictKey: 'MLZZHFWPT_DOCTYPE_HT',
      dictValueName: '购销合同',
      sort: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await dict(staff)).toContainEqual({ dictKey: 'MLZZHFWPT_DOCTYPE_HT', dictValueName: '购销合同' });
    const dup = await http.post(admin, entriesPath(DOCUMENT_TYPE_GROUP), { dictKey: 'MLZZHFWPT_DOCTYPE_HT', dictValueName: 'x' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe(SYSTEM_MESSAGES.dictKeyExists);
    const blank = await http.post(admin, entriesPath(DOCUMENT_TYPE_GROUP), { dictKey: 'A B', dictValueName: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(SYSTEM_MESSAGES.dictKeyPattern);
    expect(blank.body).toContain(SYSTEM_MESSAGES.dictValueRequired);
    const url = entryPath(DOCUMENT_TYPE_GROUP, 'MLZZHFWPT_DOCTYPE_HT');
    const put = (body: unknown) => t().app.inject({ method: 'PUT', url, headers: admin.headers, payload: body as object });
    const edited = await put({ dictValueName: '买卖合同', sort: 4, version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toEqual({ dictKey: 'MLZZHFWPT_DOCTYPE_HT', dictValueName: '买卖合同', sort: 4, version: 2 });
    expect(await dict(staff)).toContainEqual({ dictKey: 'MLZZHFWPT_DOCTYPE_HT', dictValueName: '买卖合同' });
    const stale = await put({ dictValueName: '旧', sort: 4, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(BUSINESS_MESSAGES.staleVersion);
    expect((await t().app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(200);
    expect(await dict(staff)).not.toContainEqual(expect.objectContaining({ dictKey: 'MLZZHFWPT_DOCTYPE_HT' }));
    expect((await t().app.inject({ method: 'DELETE', url, headers: admin.headers })).statusCode).toBe(404);
    expect((await http.get(admin, entriesPath('noSuchGroup'))).statusCode).toBe(404);
    const group = await http.post(admin, SYSTEM_PATHS.dictGroups, { name: 'paymentTerms', label: '付款方式' });
    expect(group.statusCode, group.body).toBe(200);
    expect((await http.post(admin, SYSTEM_PATHS.dictGroups, { name: 'paymentTerms', label: '付款方式' })).json().message).toBe(
      SYSTEM_MESSAGES.groupExists,
    );
    expect((await http.post(admin, SYSTEM_PATHS.dictGroups, { name: '9x', label: '' })).statusCode).toBe(400);
  });

  it("changes the enterprise's number rules with a preview; other enterprises keep theirs", async () => {
    const rules = (await http.get(admin, SYSTEM_PATHS.numberRules)).json().data as NumberRuleRow[];
    const xm = rules.find((r) => r.numberKey === 'XM')!;
    expect(xm).toMatchObject({ prefix: 'XM', datePart: 'yyyyMMdd', sequenceWidth: 5, resetPeriod: 'daily', stored: false, version: 0 });
    expect(xm.nextNumber).toMatch(/^XM-\d{8}-\d{5}$/);
    const generated = (await http.get(admin, SESSION_PATHS.generateNumber, { numberKey: 'XM' })).json().data as string;
    expect(generated).toBe(xm.nextNumber);
    const put = (s: TestSession, key: string, body: unknown) =>
      t().app.inject({ method: 'PUT', url: rulePath(key), headers: s.headers, payload: body as object });
    const saved = await put(admin, 'XM', { prefix: 'PRJ', datePart: 'yyyyMM', sequenceWidth: 4, resetPeriod: 'monthly', version: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ prefix: 'PRJ', stored: true, version: 1 });
    expect(saved.json().data.nextNumber).toMatch(/^PRJ-\d{6}-\d{4}$/);
    const next = (await http.get(admin, SESSION_PATHS.generateNumber, { numberKey: 'XM' })).json().data;
    expect(next).toBe(saved.json().data.nextNumber);
    expect((await http.get(adminB, SESSION_PATHS.generateNumber, { numberKey: 'XM' })).json().data).toMatch(/^XM-\d{8}-\d{5}$/);
    expect(
      ((await http.get(adminB, SYSTEM_PATHS.numberRules)).json().data as NumberRuleRow[]).find((r) => r.numberKey === 'XM')!.stored,
    ).toBe(false);

    const bad = await put(admin, 'XM', { prefix: 'prj-', datePart: 'none', sequenceWidth: 2, resetPeriod: 'daily', version: 1 });
    expect(bad.statusCode).toBe(400);
    for (const m of [SYSTEM_MESSAGES.prefixPattern, SYSTEM_MESSAGES.widthRange, SYSTEM_MESSAGES.datePartTooCoarse])
      expect(bad.body).toContain(m);
    expect(
      (await put(admin, 'XM', { prefix: 'PRJ', datePart: 'yyyy', sequenceWidth: 4, resetPeriod: 'yearly', version: 0 })).statusCode,
    ).toBe(409);
    expect(
      (await put(admin, 'NOPE', { prefix: 'PRJ', datePart: 'yyyy', sequenceWidth: 4, resetPeriod: 'yearly', version: 0 })).statusCode,
    ).toBe(404);
  });

  it('stays unique under concurrent generation after rule changes, and a changed prefix or reset period never repeats a number', async () => {
    const issued: string[] = [];
    const burst = async (n: number) => {
      const replies = await Promise.all(
        Array.from({ length: n }, () => http.get(admin, SESSION_PATHS.generateNumber, { numberKey: 'DK' })),
      );
      for (const r of replies) {
        expect(r.statusCode, r.body).toBe(200);
        issued.push(r.json().data);
      }
    };
    const setRule = async (body: object) => {
      const rule = ((await http.get(admin, SYSTEM_PATHS.numberRules)).json().data as NumberRuleRow[]).find((r) => r.numberKey === 'DK')!;
      const res = await t().app.inject({
        method: 'PUT',
        url: rulePath('DK'),
        headers: admin.headers,
        payload: { ...body, version: rule.version },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await burst(10);
    await setRule({ prefix: 'LN', datePart: 'yyyyMMdd', sequenceWidth: 5, resetPeriod: 'daily' });
    await burst(25);
    await setRule({ prefix: 'DK', datePart: 'yyyyMMdd', sequenceWidth: 5, resetPeriod: 'monthly' });
    await burst(25);
    await setRule({ prefix: 'DK', datePart: 'yyyyMMdd', sequenceWidth: 5, resetPeriod: 'never' });
    await burst(10);
    await setRule({ prefix: 'DK', datePart: 'yyyyMMdd', sequenceWidth: 5, resetPeriod: 'daily' });
    await burst(10);
    expect(new Set(issued).size).toBe(issued.length);
    expect(issued.filter((n) => n.startsWith('LN-'))).toHaveLength(25);
  });
});
