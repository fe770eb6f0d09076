// Identity comes from the token; the headers of spec section 7 are checked against it (mismatch → 403).
import { beforeAll, expect, it } from 'vitest';
import { SESSION_PATHS, WORKBENCH_PATH } from '@tfb/contract';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

/** Protected calls of the foundation, each of which must apply the header check. */
const PROTECTED_GETS = [
  SESSION_PATHS.session,
  SESSION_PATHS.userInfo,
  WORKBENCH_PATH,
  '/api/organizationService/user/findByUserAll/demo-a-staff',
  '/api/organizationService/dict/listByGroup?dictGroupName=contractType',
  '/api/businessperationService/common/generateNumber?numberKey=HDR',
];

describeEachDatabase('session headers', (t) => {
  let a: TestSession;
  let b: TestSession;
  let chinese: TestSession;
  beforeAll(async () => {
    // A user whose userName is Chinese, as the spec's encoded header expects (spec 7).
    await t()
      .database.db.insertInto('users')
      .values({ id: 'test-chinese-name', enterprise_id: 'ent-a', org_id: 'org-a-trade', user_name: '王小明', name: '王小明' })
      .execute();
    await t().database.db.insertInto('user_roles').values({ user_id: 'test-chinese-name', role: 'staff' }).execute();
    [a, b, chinese] = await Promise.all([t().enter('demo-a-staff'), t().enter('demo-b-staff'), t().enter('test-chinese-name')]);
  });

  const get = (url: string, headers: Record<string, string>) => t().app.inject({ method: 'GET', url, headers });

  it.each(PROTECTED_GETS)('accepts matching headers on %s', async (url) => {
    const res = await get(url, a.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, message: '成功' });
  });

  it('accepts a URL-encoded Chinese userName that matches the session', async () => {
    expect(chinese.headers.userName).toBe(encodeURIComponent('王小明'));
    const res = await get(SESSION_PATHS.session, chinese.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, data: { userId: 'test-chinese-name', userName: '王小明' } });
  });

  it('accepts a request that sends only the token', async () => {
    expect((await get(SESSION_PATHS.session, { token: a.token })).statusCode).toBe(200);
  });

  it.each([
    ['enterpriseId', () => b.user.enterpriseId],
    ['companyId', () => b.user.companyId],
    ['userId', () => b.user.userId],
    ['userName', () => encodeURIComponent(b.user.userName)],
    ['userName', () => encodeURIComponent('王小红')],
  ])('refuses a %s header that is not the session’s with 403', async (name, value) => {
    for (const url of PROTECTED_GETS) {
      const res = await get(url, { ...a.headers, [name]: value() });
      expect(res.statusCode, url).toBe(403);
      const body = res.json() as { code: number; message: string; data: unknown };
      expect(body).toMatchObject({ code: 40300, data: null });
      expect(body.message).toContain(name);
    }
  });

  it("refuses another enterprise's full header set with the first user's token", async () => {
    const res = await get(WORKBENCH_PATH, { ...b.headers, token: a.token });
    expect(res.statusCode).toBe(403);
  });

  it('does not take identity from headers: another user’s headers alone are not a session', async () => {
    const { token: _token, ...headersWithoutToken } = b.headers;
    expect((await get(SESSION_PATHS.session, headersWithoutToken)).statusCode).toBe(401);
  });

  it.each(['1', 'true', '2'])('refuses isManager=%s with 403', async (isManager) => {
    const res = await get(SESSION_PATHS.session, { ...a.headers, isManager });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 40300, data: null });
  });

  it('reads header names case-insensitively', async () => {
    const res = await get(SESSION_PATHS.session, { token: a.token, ENTERPRISEID: b.user.enterpriseId });
    expect(res.statusCode).toBe(403);
  });
});
