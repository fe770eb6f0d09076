// The browser's session (issue 9, point 2): HttpOnly cookies set by the server, the refresh cookie in place of the
// body, the Token cookie only where a link needs it, and a per-request session check that logout, revocation,
// deactivation and role changes end at once — in every app process on the same database.
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorReplySchema, REFRESH_COOKIE, SESSION_PATHS, TOKEN_COOKIE } from '@tfb/contract';
import type { Database, ListenHandlers } from '../src/db/connection.js';
import { SessionRegistry } from '../src/lib/session-registry.js';
import type { AccessClaims } from '../src/lib/tokens.js';
import { createTestApp, describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Cookie = { name: string; value: string; attributes: Map<string, string | true> };

const cookiesOf = (setCookie: string | string[] | undefined): Map<string, Cookie> => {
  const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
  const out = new Map<string, Cookie>();
  for (const line of lines) {
    const [pair, ...attrs] = line.split(';').map((p) => p.trim());
    const i = pair!.indexOf('=');
    const attributes = new Map<string, string | true>();
    for (const a of attrs) {
      const j = a.indexOf('=');
      attributes.set((j < 0 ? a : a.slice(0, j)).toLowerCase(), j < 0 ? true : a.slice(j + 1));
    }
    out.set(pair!.slice(0, i), { name: pair!.slice(0, i), value: decodeURIComponent(pair!.slice(i + 1)), attributes });
  }
  return out;
};

const claimsOf = (token: string): AccessClaims =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as AccessClaims;

describeEachDatabase('browser session', (t) => {
  const whoAmI = (token: string, app = t().app) => app.inject({ method: 'GET', url: SESSION_PATHS.session, headers: { token } });
  const refreshWithCookie = (refreshToken: string, app = t().app) =>
    app.inject({
      method: 'PUT',
      url: SESSION_PATHS.refresh,
      payload: {},
      headers: { cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}` },
    });
  const logout = (s: TestSession, app = t().app) => app.inject({ method: 'POST', url: SESSION_PATHS.logout, headers: s.headers });

  describe('cookies', () => {
    it('entry sets the Token cookie (HttpOnly, Lax, whole site) and the refresh cookie (HttpOnly, Strict, refresh path only)', async () => {
      const res = await t().app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff' } });
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: { token: string; refreshToken: string } }).data;
      const cookies = cookiesOf(res.headers['set-cookie']);
      const token = cookies.get(TOKEN_COOKIE)!;
      expect(token.value).toBe(data.token);
      expect(token.attributes.get('httponly')).toBe(true);
      expect(token.attributes.get('samesite')).toBe('Lax');
      expect(token.attributes.get('path')).toBe('/');
      expect(token.attributes.get('max-age')).toBe(String(t().config.accessTokenTtlSeconds));
      expect(token.attributes.has('secure')).toBe(false);
      const refresh = cookies.get(REFRESH_COOKIE)!;
      expect(refresh.value).toBe(data.refreshToken);
      expect(refresh.attributes.get('httponly')).toBe(true);
      expect(refresh.attributes.get('samesite')).toBe('Strict');
      expect(refresh.attributes.get('path')).toBe(SESSION_PATHS.refresh);
      expect(refresh.attributes.get('max-age')).toBe(String(t().config.refreshTokenTtlSeconds));
    });

    it('marks both cookies Secure when the product is served over HTTPS (HSTS on)', async () => {
      const https = await createTestApp({ kind: t().kind, database: t().database, config: { hsts: true } });
      try {
        const res = await https.app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff' } });
        const cookies = cookiesOf(res.headers['set-cookie']);
        expect(cookies.get(TOKEN_COOKIE)!.attributes.has('secure')).toBe(true);
        expect(cookies.get(REFRESH_COOKIE)!.attributes.has('secure')).toBe(true);
      } finally {
        await https.close();
      }
    });

    it('refreshes with the cookie in place of the body, rotating both cookies; the spent cookie then ends the session', async () => {
      const s = await t().enter('demo-a-staff');
      const res = await refreshWithCookie(s.refreshToken);
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: { token: string; refreshToken: string } }).data;
      const cookies = cookiesOf(res.headers['set-cookie']);
      expect(cookies.get(REFRESH_COOKIE)!.value).toBe(data.refreshToken);
      expect(cookies.get(TOKEN_COOKIE)!.value).toBe(data.token);
      expect(data.refreshToken).not.toBe(s.refreshToken);
      expect((await whoAmI(data.token)).statusCode).toBe(200);

      const reused = await refreshWithCookie(s.refreshToken);
      expect(reused.statusCode).toBe(401);
      expect(reused.json()).toMatchObject({ code: 40101, data: null });
      // A refused refresh clears the cookies, and the reuse ended the session: its access tokens stop too.
      expect(cookiesOf(reused.headers['set-cookie']).get(REFRESH_COOKIE)!.attributes.get('max-age')).toBe('0');
      expect((await whoAmI(data.token)).statusCode).toBe(401);
      expect((await whoAmI(s.token)).statusCode).toBe(401);
    });

    it('refuses a refresh with neither body token nor cookie, naming refreshToken', async () => {
      const res = await t().app.inject({ method: 'PUT', url: SESSION_PATHS.refresh, payload: {} });
      expect(res.statusCode).toBe(400);
      expect(ErrorReplySchema.parse(res.json()).errors?.map((e) => e.field)).toEqual(['refreshToken']);
    });

    it('accepts the Token cookie only on GET routes opened as links; never where state changes', async () => {
      const s = await t().enter('demo-a-staff');
      const cookie = `${TOKEN_COOKIE}=${encodeURIComponent(s.token)}`;
      const probe = await createTestApp({ kind: t().kind, database: t().database });
      try {
        probe.app.get('/api/test/link', { config: { access: 'signedIn', cookieAuth: true } }, async (req) => ({
          code: 0,
          message: '成功',
          data: req.session().userId,
        }));
        probe.app.post('/api/test/write', { config: { access: 'signedIn', cookieAuth: true } }, async (req) => ({
          code: 0,
          message: '成功',
          data: req.session().userId,
        }));
        expect((await probe.app.inject({ method: 'GET', url: '/api/test/link', headers: { cookie } })).json()).toEqual({
          code: 0,
          message: '成功',
          data: 'demo-a-staff',
        });
        // A POST never, even on a route that allows the cookie for GET.
        expect((await probe.app.inject({ method: 'POST', url: '/api/test/write', headers: { cookie } })).statusCode).toBe(401);
        // A GET that changes state (a number is consumed) and ordinary reads: header only.
        for (const url of [
          `${SESSION_PATHS.generateNumber}?numberKey=CSRF`,
          SESSION_PATHS.session,
          '/api/businessperationService/inStorageManage/pathDownLoad?id=1',
        ]) {
          const res = await probe.app.inject({ method: 'GET', url, headers: { cookie } });
          expect(res.statusCode, url).toBe(401);
        }
        // The stored-file route is a link route: with the cookie it gets past the session (404: no such file).
        const file = await probe.app.inject({
          method: 'GET',
          url: '/api/businessperationService/common/file/999999999',
          headers: { cookie },
        });
        expect(file.statusCode).toBe(404);
      } finally {
        await probe.close();
      }
    });
  });

  describe('the session ends at once', () => {
    it('logout with the access token alone ends the session: the token, its refresh token and the cookies', async () => {
      const s = await t().enter('demo-a-staff');
      expect((await whoAmI(s.token)).statusCode).toBe(200);
      const res = await logout(s);
      expect(res.json()).toEqual({ code: 0, message: '成功', data: null });
      const cleared = cookiesOf(res.headers['set-cookie']);
      expect(cleared.get(TOKEN_COOKIE)!.attributes.get('max-age')).toBe('0');
      expect(cleared.get(REFRESH_COOKIE)!.attributes.get('max-age')).toBe('0');
      const after = await whoAmI(s.token);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 40100, data: null });
      expect((await refreshWithCookie(s.refreshToken)).statusCode).toBe(401);
    });

    it('one logout ends only its own session', async () => {
      const a = await t().enter('demo-a-staff');
      const b = await t().enter('demo-a-staff');
      await logout(a);
      expect((await whoAmI(a.token)).statusCode).toBe(401);
      expect((await whoAmI(b.token)).statusCode).toBe(200);
    });

    it('a logout or deactivation in one app process stops the token in another at once (cached answers are dropped)', async () => {
      const other = await createTestApp({ kind: t().kind, database: t().database });
      try {
        const s = await t().enter('demo-a-staff');
        const u = await t().enter('demo-b-staff');
        // Both processes have checked (and cached) the sessions.
        for (const app of [t().app, other.app]) {
          expect((await whoAmI(s.token, app)).statusCode).toBe(200);
          expect((await whoAmI(u.token, app)).statusCode).toBe(200);
        }
        await logout(s, t().app);
        await expect.poll(async () => (await whoAmI(s.token, other.app)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);

        await t().database.db.updateTable('users').set({ is_active: false }).where('id', '=', 'demo-b-staff').execute();
        try {
          await expect.poll(async () => (await whoAmI(u.token, other.app)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
          expect((await whoAmI(u.token, t().app)).statusCode).toBe(401);
          // Nor can the deactivated user refresh.
          expect((await refreshWithCookie(u.refreshToken, other.app)).statusCode).toBe(401);
        } finally {
          await t().database.db.updateTable('users').set({ is_active: true }).where('id', '=', 'demo-b-staff').execute();
        }
      } finally {
        await other.close();
      }
    });

    it('a role taken away stops tokens that still carry it; a refresh gives a token with the roles of now', async () => {
      const db = t().database.db;
      const s = await t().enter('demo-a-staff');
      expect((await whoAmI(s.token)).statusCode).toBe(200);
      const roles = await db.selectFrom('user_roles').select('role').where('user_id', '=', 'demo-a-staff').execute();
      await db.insertInto('user_roles').values({ user_id: 'demo-a-staff', role: 'approver' }).execute();
      try {
        // The database announces the change; on PostgreSQL it arrives over the listening connection a moment later.
        await expect.poll(async () => (await whoAmI(s.token)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401);
        const stale = await whoAmI(s.token);
        expect(stale.json()).toMatchObject({ code: 40100, message: '账号信息或权限已变更，请重新进入' });
        const renewed = (await refreshWithCookie(s.refreshToken)).json() as { data: { token: string } };
        expect(claimsOf(renewed.data.token).rol).toContain('approver');
        expect((await whoAmI(renewed.data.token)).statusCode).toBe(200);
      } finally {
        await db
          .deleteFrom('user_roles')
          .where('user_id', '=', 'demo-a-staff')
          .where(
            'role',
            'not in',
            roles.map((r) => r.role),
          )
          .execute();
      }
    });

    it('an expired-looking but valid token of an ended session is refused on business routes and ignored on open ones', async () => {
      const s = await t().enter('demo-a-staff');
      await logout(s);
      const business = await t().app.inject({ method: 'GET', url: '/api/workbench/summary', headers: s.headers });
      expect(business.statusCode).toBe(401);
      // Entry with an ended session's token still works (a new sign-in).
      const entry = await t().app.inject({
        method: 'POST',
        url: SESSION_PATHS.entry,
        headers: { token: s.token },
        payload: { userId: 'demo-a-staff' },
      });
      expect(entry.statusCode).toBe(200);
    });
  });
});

describeEachDatabase('session check cache', (t, kind) => {
  let registry: SessionRegistry | undefined;
  afterEach(async () => {
    await registry?.close();
    registry = undefined;
  });

  it('caches only while announcements are heard, and asks the database again as soon as the listener is down', async () => {
    let handlers: ListenHandlers | undefined;
    // A listener that hears nothing: only its up/down state matters here.
    const deaf = {
      listen: async (_c: string, h: ListenHandlers) => ((handlers = h), h.connected(true), async () => h.connected(false)),
    } as unknown as Database;
    registry = new SessionRegistry(t().database.db, { ttlMs: 60_000 });
    await registry.start(deaf);
    const s = await t().enter('demo-a-staff');
    const claims = claimsOf(s.token);
    expect(await registry.check(claims)).toBeUndefined();
    await t().database.db.updateTable('sessions').set({ revoked_at: new Date().toISOString() }).where('id', '=', claims.sid).execute();
    // Unannounced to this registry: its cached answer stands...
    expect(await registry.check(claims)).toBeUndefined();
    // ...until its listener drops: then it forgets and asks.
    handlers!.connected(false);
    expect(await registry.check(claims)).toBe('ended');
  });

  // PGlite's listener is in-process and cannot drop; PostgreSQL's is a connection of its own.
  if (kind === 'postgres')
    it('hears announcements again after its PostgreSQL listening connection is killed', async () => {
      const db = t().database.db;
      const listenerPids = async () =>
        (
          await db
            .selectFrom('pg_stat_activity' as never)
            .select('pid' as never)
            .where(
              'datname' as never,
              '=',
              (await db.selectNoFrom((eb) => eb.fn<string>('current_database').as('d')).executeTakeFirstOrThrow()).d as never,
            )
            .where('query' as never, 'like', 'LISTEN %' as never)
            .execute()
        ).map((r) => (r as { pid: number }).pid);
      const before = await listenerPids();
      expect(before.length).toBeGreaterThan(0);
      const s = await t().enter('demo-a-staff');
      expect((await t().app.inject({ method: 'GET', url: SESSION_PATHS.session, headers: { token: s.token } })).statusCode).toBe(200);
      for (const pid of before) await db.selectNoFrom((eb) => eb.fn('pg_terminate_backend', [eb.val(pid)]).as('t')).execute();
      // A new listening connection appears...
      await expect
        .poll(async () => (await listenerPids()).filter((p) => !before.includes(p)).length, { timeout: 5_000, interval: 50 })
        .toBeGreaterThan(0);
      // ...and a logout is heard through it.
      await t().app.inject({ method: 'POST', url: SESSION_PATHS.logout, headers: s.headers });
      await expect
        .poll(async () => (await t().app.inject({ method: 'GET', url: SESSION_PATHS.session, headers: { token: s.token } })).statusCode, {
          timeout: 2_000,
          interval: 20,
        })
        .toBe(401);
    });
});
