// Session calls: portal entry, refresh rotation with reuse detection, logout, token checks, operator login.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  ErrorReplySchema,
  PORTAL_TICKET_MAX_LIFETIME_SECONDS,
  SESSION_PATHS,
  SessionUserSchema,
  WAREHOUSE_OPERATOR_ORG_ID,
  type SessionUser,
} from '@tfb/contract';
import { DEMO_USER_IDS } from '../src/db/seed.js';
import { TokenSigner, hashPassword, signPortalTicket, type AccessClaims } from '../src/lib/tokens.js';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.js';

type Json = { code: number; message: string; data: unknown };

/** What a demo user's session must say, straight from the database. */
async function expectedSessionUser(t: TestApp, userId: string): Promise<Omit<SessionUser, 'menus'> & { menus: unknown[] }> {
  const db = t.database.db;
  const u = await db
    .selectFrom('users as u')
    .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .selectAll('u')
    .select(['e.company_id', 'e.name as enterprise_name'])
    .where('u.id', '=', userId)
    .executeTakeFirstOrThrow();
  const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  const menus = await db
    .selectFrom('user_menus')
    .select(['menu_name', 'path', 'is_hidden'])
    .where('user_id', '=', userId)
    .orderBy('sort')
    .orderBy('menu_name')
    .execute();
  return {
    userId,
    userName: u.user_name,
    name: u.name,
    enterpriseId: u.enterprise_id,
    enterpriseName: u.enterprise_name,
    companyId: u.company_id,
    orgId: u.org_id,
    phone: u.phone,
    storageAddress: u.storage_address,
    storageAddressId: u.storage_address_id,
    warehouseId: u.warehouse_id === null ? null : String(u.warehouse_id),
    isInternal: u.is_internal,
    isGroup: u.is_group,
    isSupervisor: u.is_supervisor,
    roles: roles.map((r) => r.role),
    avatar: u.avatar,
    introduction: u.introduction,
    menus: menus.map((m) => ({ menuName: m.menu_name, path: m.path, isHidden: m.is_hidden })),
  };
}

/** Claims of a token for `user` in session `sid` (a real one, so only what the test changes makes it fail). */
const claimsFor = (user: SessionUser, iat: number, exp: number, sid = 'no-such-session'): AccessClaims => ({
  sub: user.userId,
  ent: user.enterpriseId,
  com: user.companyId,
  org: user.orgId,
  una: user.userName,
  rol: [...user.roles],
  int: user.isInternal,
  grp: user.isGroup,
  sup: user.isSupervisor,
  wh: user.warehouseId === null ? null : Number(user.warehouseId),
  sid,
  iat,
  exp,
});

/** The session id an issued access token names. */
const sidOf = (token: string): string => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as AccessClaims).sid;

describeEachDatabase('session', (t) => {
  const entry = (payload: unknown) => t().app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: payload as object });
  const refresh = (refreshToken: string) => t().app.inject({ method: 'PUT', url: SESSION_PATHS.refresh, payload: { refreshToken } });
  const whoAmI = (token: string) => t().app.inject({ method: 'GET', url: SESSION_PATHS.session, headers: { token } });

  describe('entry', () => {
    it.each(DEMO_USER_IDS)('%s enters and gets a token pair and every session value', async (userId) => {
      const res = await entry({ userId });
      expect(res.statusCode).toBe(200);
      const body = res.json() as Json;
      expect(body).toMatchObject({ code: 0, message: '成功' });
      const data = body.data as { token: string; refreshToken: string; expiresIn: number; user: SessionUser };
      expect(data.token).toEqual(expect.any(String));
      expect(data.refreshToken).toEqual(expect.any(String));
      expect(data.token).not.toBe(data.refreshToken);
      expect(data.expiresIn).toBe(t().config.accessTokenTtlSeconds);
      // Every session value is present with its type, and each is the database's.
      expect(z.strictObject(SessionUserSchema.shape).safeParse(data.user).success).toBe(true);
      expect(data.user).toEqual(await expectedSessionUser(t(), userId));
      expect(data.user.roles.length).toBeGreaterThan(0);

      // The token is a working session for that same user.
      const me = await whoAmI(data.token);
      expect(me.statusCode).toBe(200);
      expect((me.json() as Json).data).toEqual(data.user);
    });

    it('gives each demo user the identity the issue describes', async () => {
      const users = Object.fromEntries(
        await Promise.all(DEMO_USER_IDS.map(async (id) => [id, (await t().enter(id)).user] as const)),
      ) as Record<(typeof DEMO_USER_IDS)[number], SessionUser>;
      expect(users['demo-a-staff']).toMatchObject({ enterpriseId: 'ent-a', isInternal: false, isGroup: false });
      expect(users['demo-b-staff']).toMatchObject({ enterpriseId: 'ent-b', isInternal: false, isGroup: false });
      expect(users['demo-a-staff'].companyId).not.toBe(users['demo-b-staff'].companyId);
      expect(users['demo-admin'].roles).toContain('admin');
      expect(users['demo-a-staff'].roles).not.toContain('admin');
      expect(users['demo-internal'].isInternal).toBe(true);
      expect(users['demo-group'].isGroup).toBe(true);
      expect(users['demo-supervisor'].isSupervisor).toBe(true);
      expect(users['demo-supervisor'].warehouseId).not.toBeNull();
      expect(users['demo-warehouse-operator'].orgId).toBe(WAREHOUSE_OPERATOR_ORG_ID);
      expect(users['demo-warehouse-operator'].warehouseId).not.toBeNull();
      for (const user of Object.values(users)) expect(user.menus.length).toBeGreaterThan(0);
    });

    it('refuses an unknown userId with 401 and no token', async () => {
      const res = await entry({ userId: 'no-such-user' });
      expect(res.statusCode).toBe(401);
      const body = res.json() as Json;
      expect(body.code).toBe(40100);
      expect(body.data).toBeNull();
      expect(body.message).toMatch(/门户/);
      expect(res.body).not.toMatch(/token/i);
    });

    it('refuses a deactivated user', async () => {
      await t().database.db.updateTable('users').set({ is_active: false }).where('id', '=', 'demo-internal').execute();
      try {
        expect((await entry({ userId: 'demo-internal' })).statusCode).toBe(401);
      } finally {
        await t().database.db.updateTable('users').set({ is_active: true }).where('id', '=', 'demo-internal').execute();
      }
    });

    it.each([
      ['empty', { userId: '' }],
      ['blank', { userId: '   ' }],
      ['missing', {}],
      ['not a string', { userId: 42 }],
      ['oversized', { userId: 'u'.repeat(65) }],
    ])('answers 400 naming userId when it is %s', async (_, payload) => {
      const res = await entry(payload);
      expect(res.statusCode).toBe(400);
      const body = ErrorReplySchema.parse(res.json());
      expect(body.code).toBe(40000);
      expect(body.message).toContain('userId');
      expect(body.errors?.map((e) => e.field)).toContain('userId');
    });

    it('tells the web app that no ticket is needed by default', async () => {
      const res = await t().app.inject({ method: 'GET', url: SESSION_PATHS.publicConfig });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Json).data).toMatchObject({
        ticketRequired: false,
        templateLoginEnabled: true,
        portalUrl: t().config.portalUrl,
      });
    });
  });

  describe('entry with PORTAL_SECRET set', () => {
    const secret = 'portal-test-secret';
    let portal: TestApp;
    beforeAll(async () => {
      portal = await createTestApp({ kind: t().kind, database: t().database, config: { portalSecret: secret } });
    });
    afterAll(async () => {
      await portal.close();
    });
    const enterWith = (userId: string, ticket?: string) =>
      portal.app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId, ticket } });
    const now = () => Math.floor(Date.now() / 1000);

    it('says a ticket is required', async () => {
      const res = await portal.app.inject({ method: 'GET', url: SESSION_PATHS.publicConfig });
      expect((res.json() as Json).data).toMatchObject({ ticketRequired: true, templateLoginEnabled: false });
    });

    it('lets a user in with a fresh ticket', async () => {
      const res = await enterWith('demo-a-staff', signPortalTicket(secret, 'demo-a-staff', now() + 60));
      expect(res.statusCode).toBe(200);
      expect((res.json() as { data: { user: SessionUser } }).data.user.userId).toBe('demo-a-staff');
    });

    it('accepts an expiry exactly the longest lifetime ahead', async () => {
      const res = await enterWith('demo-b-staff', signPortalTicket(secret, 'demo-b-staff', now() + PORTAL_TICKET_MAX_LIFETIME_SECONDS));
      expect(res.statusCode).toBe(200);
    });

    it.each([
      ['no ticket', () => undefined],
      ['an expired ticket', () => signPortalTicket(secret, 'demo-a-staff', now() - 1)],
      ['a ticket expiring this very second', () => signPortalTicket(secret, 'demo-a-staff', now())],
      ["another user's ticket", () => signPortalTicket(secret, 'demo-b-staff', now() + 60)],
      ['a ticket signed with another secret', () => signPortalTicket('not-the-secret', 'demo-a-staff', now() + 60)],
      ['a malformed ticket', () => 'garbage'],
      ['a ticket whose expiry has leading zeros', () => `0${signPortalTicket(secret, 'demo-a-staff', now() + 61)}`],
      ['a ticket in uppercase hex', () => signPortalTicket(secret, 'demo-a-staff', now() + 62).toUpperCase()],
    ])('refuses %s with 401 and no token', async (_, ticket) => {
      const res = await enterWith('demo-a-staff', ticket());
      expect(res.statusCode).toBe(401);
      const body = res.json() as Json;
      expect(body).toMatchObject({ code: 40100, data: null });
      expect(body.message).toMatch(/门户/);
      expect(res.body).not.toMatch(/token/i);
    });

    it.each([
      ['one second more than the longest lifetime', () => now() + PORTAL_TICKET_MAX_LIFETIME_SECONDS + 1],
      ['a day', () => now() + 24 * 3600],
      ['the year 33658', () => 999_999_999_999],
    ])('refuses a correctly signed ticket expiring %s ahead, saying so', async (_, exp) => {
      const res = await enterWith('demo-a-staff', signPortalTicket(secret, 'demo-a-staff', exp()));
      expect(res.statusCode).toBe(401);
      const body = res.json() as Json;
      expect(body).toMatchObject({ code: 40100, data: null });
      expect(body.message).toContain(`${PORTAL_TICKET_MAX_LIFETIME_SECONDS} 秒`);
      expect(body.message).toMatch(/门户/);
    });

    it('lets a ticket in once: a replay is refused saying it was used', async () => {
      const exp = now() + 120;
      const ticket = signPortalTicket(secret, 'demo-internal', exp);
      expect((await enterWith('demo-internal', ticket)).statusCode).toBe(200);
      for (let i = 0; i < 3; i++) {
        const replay = await enterWith('demo-internal', ticket);
        expect(replay.statusCode).toBe(401);
        expect(replay.json()).toEqual({ code: 40100, message: '门户票据已使用过，请从门户重新进入', data: null });
      }
      // The user can still come in with the portal's next ticket (another expiry, so another ticket, whatever the clock did meanwhile).
      expect((await enterWith('demo-internal', signPortalTicket(secret, 'demo-internal', exp - 1))).statusCode).toBe(200);
    });

    it('lets a ticket in once when two entries race with it (the database decides, as across app processes)', async () => {
      const ticket = signPortalTicket(secret, 'demo-group', now() + 120);
      // A second app on the same database stands for a second app process.
      const other = await createTestApp({ kind: t().kind, database: t().database, config: { portalSecret: secret } });
      try {
        const results = await Promise.all([
          enterWith('demo-group', ticket),
          other.app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-group', ticket } }),
        ]);
        expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
      } finally {
        await other.close();
      }
    });

    it('does not spend a ticket on an entry that failed', async () => {
      await t().database.db.updateTable('users').set({ is_active: false }).where('id', '=', 'demo-supervisor').execute();
      const ticket = signPortalTicket(secret, 'demo-supervisor', now() + 120);
      try {
        expect((await enterWith('demo-supervisor', ticket)).json()).toMatchObject({ code: 40100, message: expect.stringMatching(/停用/) });
      } finally {
        await t().database.db.updateTable('users').set({ is_active: true }).where('id', '=', 'demo-supervisor').execute();
      }
      expect((await enterWith('demo-supervisor', ticket)).statusCode).toBe(200);
    });

    it('keeps a spent ticket until it has expired, then purges it', async () => {
      const db = t().database.db;
      const ticket = signPortalTicket(secret, 'demo-warehouse-operator', now() + 30);
      expect((await enterWith('demo-warehouse-operator', ticket)).statusCode).toBe(200);
      const spent = () =>
        db.selectFrom('portal_ticket_nonces').select('expires_at').where('user_id', '=', 'demo-warehouse-operator').execute();
      expect(await spent()).toHaveLength(1);
      // Another entry while it is still valid keeps it.
      expect((await enterWith('demo-a-staff', signPortalTicket(secret, 'demo-a-staff', now() + 63))).statusCode).toBe(200);
      expect(await spent()).toHaveLength(1);
      // Later, once it has long expired, the next entry purges it (its ticket is refused for its expiry alone).
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 10 * 60 * 1000);
        expect((await enterWith('demo-warehouse-operator', ticket)).json()).toMatchObject({
          code: 40100,
          message: expect.stringMatching(/过期/),
        });
        expect((await enterWith('demo-a-staff', signPortalTicket(secret, 'demo-a-staff', now() + 60))).statusCode).toBe(200);
        expect(await spent()).toHaveLength(0);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('refresh rotation', () => {
    it('rotates: the new pair works and differs from the old one', async () => {
      const s = await t().enter('demo-a-staff');
      const res = await refresh(s.refreshToken);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { code: number; message: string; data: { token: string; refreshToken: string } };
      expect(body).toMatchObject({ code: 0, message: '成功' });
      expect(body.data.refreshToken).not.toBe(s.refreshToken);
      const me = await whoAmI(body.data.token);
      expect(me.statusCode).toBe(200);
      expect((me.json() as { data: SessionUser }).data.userId).toBe('demo-a-staff');
      // and the new refresh token rotates in its turn
      expect((await refresh(body.data.refreshToken)).statusCode).toBe(200);
    });

    it('treats a reused refresh token as theft: 401, and the whole family is revoked', async () => {
      const s = await t().enter('demo-b-staff');
      const first = await refresh(s.refreshToken);
      expect(first.statusCode).toBe(200);
      const next = (first.json() as { data: { refreshToken: string } }).data.refreshToken;

      const reused = await refresh(s.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toMatchObject({ code: 40101, data: null });
      // The legitimate successor is revoked too.
      expect((await refresh(next)).statusCode).toBe(401);
    });

    it('revokes only the reused family, not other sessions of the same user', async () => {
      const stolen = await t().enter('demo-a-staff');
      const other = await t().enter('demo-a-staff');
      await refresh(stolen.refreshToken);
      expect((await refresh(stolen.refreshToken)).statusCode).toBe(401);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
    });

    it('lets a refresh token win only once when two refreshes race', async () => {
      const s = await t().enter('demo-a-staff');
      const results = await Promise.all([refresh(s.refreshToken), refresh(s.refreshToken)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    });

    it('refuses an unknown refresh token with 401', async () => {
      const res = await refresh('not-a-refresh-token');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 40101, data: null });
    });

    it('answers 400 naming refreshToken when it is missing', async () => {
      const res = await t().app.inject({ method: 'PUT', url: SESSION_PATHS.refresh, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(ErrorReplySchema.parse(res.json()).errors?.map((e) => e.field)).toContain('refreshToken');
    });
  });

  describe('logout', () => {
    it('revokes the refresh token', async () => {
      const s = await t().enter('demo-a-staff');
      const res = await t().app.inject({
        method: 'POST',
        url: SESSION_PATHS.logout,
        headers: s.headers,
        payload: { refreshToken: s.refreshToken },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 0, message: '成功', data: null });
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    });

    it('revokes the refresh tokens that rotation derived from the same entry', async () => {
      const s = await t().enter('demo-a-staff');
      const rotated = (await refresh(s.refreshToken)).json() as { data: { refreshToken: string } };
      await t().app.inject({ method: 'POST', url: SESSION_PATHS.logout, payload: { refreshToken: rotated.data.refreshToken } });
      expect((await refresh(rotated.data.refreshToken)).statusCode).toBe(401);
    });

    it('succeeds without a refresh token (nothing to revoke)', async () => {
      const res = await t().app.inject({ method: 'POST', url: SESSION_PATHS.logout });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Json).code).toBe(0);
    });
  });

  describe('access tokens', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('refuses a protected call without a token with 401', async () => {
      for (const url of [SESSION_PATHS.session, SESSION_PATHS.userInfo, '/api/workbench/summary']) {
        const res = await t().app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json(), url).toMatchObject({ code: 40100, data: null });
      }
    });

    it('refuses a token past its expiry', async () => {
      const { user, token } = await t().enter('demo-a-staff');
      const now = Math.floor(Date.now() / 1000);
      expect((await whoAmI(t().signer.sign(claimsFor(user, now - 60, now + 600, sidOf(token))))).statusCode).toBe(200);
      const expired = t().signer.sign(claimsFor(user, now - 3600, now - 1, sidOf(token)));
      const res = await whoAmI(expired);
      expect(res.statusCode).toBe(401);
      expect((res.json() as Json).code).toBe(40100);
    });

    it('stops accepting an issued token once its ttl has passed, while its refresh token still works', async () => {
      const s = await t().enter('demo-a-staff');
      expect((await whoAmI(s.token)).statusCode).toBe(200);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (t().config.accessTokenTtlSeconds + 1) * 1000);
      expect((await whoAmI(s.token)).statusCode).toBe(401);
      const renewed = await refresh(s.refreshToken);
      expect(renewed.statusCode).toBe(200);
      expect((await whoAmI((renewed.json() as { data: { token: string } }).data.token)).statusCode).toBe(200);
    });

    it('refuses a refresh token past its expiry', async () => {
      const s = await t().enter('demo-a-staff');
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (t().config.refreshTokenTtlSeconds + 1) * 1000);
      expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    });

    it('refuses tampered and forged tokens with 401', async () => {
      const s = await t().enter('demo-a-staff');
      const [v, payload, sig] = s.token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as AccessClaims;
      const otherEnterprise = Buffer.from(JSON.stringify({ ...claims, ent: 'ent-b' })).toString('base64url');
      const flipped = sig.startsWith('A') ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
      const now = Math.floor(Date.now() / 1000);
      const forged = new TokenSigner(Buffer.alloc(32, 7)).sign(claimsFor(s.user, now, now + 600, sidOf(s.token)));
      for (const token of [`${v}.${otherEnterprise}.${sig}`, `${v}.${payload}.${flipped}`, forged, 'garbage', `${s.token}x`]) {
        const res = await whoAmI(token);
        expect(res.statusCode, token).toBe(401);
        expect((res.json() as Json).code).toBe(40100);
      }
    });

    it('refuses any spelling of a token other than the one issued (padding, spare bits, other alphabets, stray characters)', async () => {
      const s = await t().enter('demo-a-staff');
      const [v, payload, sig] = s.token.split('.') as [string, string, string];
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      // 32 signature bytes take 43 characters: the last one carries 2 spare bits the decoder ignores.
      const last = alphabet.indexOf(sig.at(-1)!);
      const spareBits = `${sig.slice(0, -1)}${alphabet[last ^ 1]}`;
      expect(Buffer.from(spareBits, 'base64url').equals(Buffer.from(sig, 'base64url'))).toBe(true);
      const standardAlphabet = (x: string) => x.replace(/-/g, '+').replace(/_/g, '/');
      const variants = [
        `${s.token}==`,
        `${s.token}=`,
        `${v}.${payload}.${spareBits}`,
        `${v}.${payload}.${sig.slice(0, 10)}!${sig.slice(10)}`,
        `${v}.${payload}.${sig.slice(0, 10)} ${sig.slice(10)}`,
        `${v}.${payload}=.${sig}`,
        `${v}.${payload.slice(0, 5)}*${payload.slice(5)}.${sig}`,
      ];
      if (/[-_]/.test(sig)) variants.push(`${v}.${payload}.${standardAlphabet(sig)}`);
      if (/[-_]/.test(payload)) variants.push(`${v}.${standardAlphabet(payload)}.${sig}`);
      for (const token of variants) {
        expect(t().signer.verify(token), token).toBeUndefined();
        const res = await whoAmI(token);
        expect(res.statusCode, token).toBe(401);
        expect((res.json() as Json).code).toBe(40100);
      }
      // The issued spelling itself still works.
      expect(t().signer.verify(s.token)?.sub).toBe('demo-a-staff');
      expect((await whoAmI(s.token)).statusCode).toBe(200);
    });

    it('refuses a refresh token in any spelling but the issued one, without spending the real one', async () => {
      const s = await t().enter('demo-b-staff');
      for (const variant of [`${s.refreshToken}==`, `${s.refreshToken}=`, ` ${s.refreshToken}`, `${s.refreshToken}\n`]) {
        const res = await refresh(variant);
        expect(res.statusCode, JSON.stringify(variant)).toBe(401);
        expect(res.json()).toMatchObject({ code: 40101, data: null });
      }
      expect((await refresh(s.refreshToken)).statusCode).toBe(200);
    });
  });

  describe('operator login (/login/login, /user/info)', () => {
    const login = (username: string, password: string) =>
      t().app.inject({ method: 'POST', url: SESSION_PATHS.login, payload: { username, password } });
    // Accounts of this test's own: no password is seeded (README, Operator accounts).
    const ACCOUNTS = [
      { username: 'login-test-admin', password: 'Login-test admin 1', user_id: 'demo-admin' },
      { username: 'login-test-staff', password: 'Login-test staff 2', user_id: 'demo-a-staff' },
    ] as const;
    beforeAll(async () => {
      await t()
        .database.db.insertInto('operator_accounts')
        .values(
          await Promise.all(
            ACCOUNTS.map(async (a) => ({ username: a.username, password_hash: await hashPassword(a.password), user_id: a.user_id })),
          ),
        )
        .execute();
    });

    it.each(ACCOUNTS.map((a) => [a.username, a] as const))(
      '%s signs in with its password and /user/info describes the linked user',
      async (_, account) => {
        const res = await login(account.username, account.password);
        expect(res.statusCode).toBe(200);
        const body = res.json() as { code: number; message: string; data: { token: string; refreshToken: string } };
        expect(body).toMatchObject({ code: 0, message: '成功' });
        expect(body.data.refreshToken).toEqual(expect.any(String));

        const info = await t().app.inject({ method: 'GET', url: SESSION_PATHS.userInfo, headers: { token: body.data.token } });
        expect(info.statusCode).toBe(200);
        const expected = await expectedSessionUser(t(), account.user_id);
        expect(info.json()).toEqual({
          code: 0,
          message: '成功',
          data: {
            roles: expected.roles,
            name: expected.name,
            avatar: expected.avatar,
            introduction: expected.introduction,
          },
        });
        expect(expected.roles.length).toBeGreaterThan(0);
      },
    );

    it.each([
      ['a wrong password', ACCOUNTS[0].username, 'wrong-password'],
      ['an unknown user', 'nobody-here', ACCOUNTS[0].password],
      ["another account's password", ACCOUNTS[0].username, ACCOUNTS[1].password],
    ])('refuses %s with 401 and the same message', async (_, username, password) => {
      const res = await login(username, password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 40100, message: '用户名或密码错误', data: null });
    });

    it('answers 400 naming the missing field', async () => {
      const res = await t().app.inject({ method: 'POST', url: SESSION_PATHS.login, payload: { username: 'admin' } });
      expect(res.statusCode).toBe(400);
      expect(ErrorReplySchema.parse(res.json()).errors?.map((e) => e.field)).toContain('password');
    });

    it('refuses /user/info without a token', async () => {
      expect((await t().app.inject({ method: 'GET', url: SESSION_PATHS.userInfo })).statusCode).toBe(401);
    });
  });
});
