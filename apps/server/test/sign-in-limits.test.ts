// Sign-in limits: account and address lockout after wrong passwords, request limits per address counted in the
// shared database (two app processes on one database count together), the template login off behind the portal,
// and no known password seeded.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorReplySchema, SESSION_PATHS, SIGN_IN_LIMITS } from '@tfb/contract';
import { OPERATOR_ACCOUNTS, OPERATOR_PASSWORD_MIN_LENGTH, operatorPasswords } from '../src/db/seed-identity.js';
import { DatabaseRateLimitCounter } from '../src/lib/rate-limit-store.js';
import { hashPassword, verifyPassword } from '../src/lib/tokens.js';
import { loadConfig, type Config } from '../src/config.js';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.js';

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

const MAX_FAILURES = 3;
const ADDRESS_MAX_FAILURES = 6;
const LOCK_MINUTES = 2;
/** Lockout settings small enough to reach; the request limit out of reach (it has tests of its own). */
const LOCKOUT_CONFIG: Partial<Config> = {
  loginMaxFailures: MAX_FAILURES,
  loginAddressMaxFailures: ADDRESS_MAX_FAILURES,
  loginLockMinutes: LOCK_MINUTES,
  loginRatePerMinute: 1000,
};

/** A source address of its own per test, so address counts never carry over between tests. */
let lastOctet = 10;
const freshAddress = () => `10.9.0.${lastOctet++}`;

const retryAfter = (res: Reply) => Number(res.headers['retry-after']);

/** Request limits count per minute window: a test that needs its few requests in one window starts early in one. */
async function startOfAWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

async function createAccount(t: TestApp, userId = 'demo-a-staff'): Promise<{ username: string; password: string }> {
  const username = `limit-${crypto.randomBytes(4).toString('hex')}`;
  const password = `Limit@${crypto.randomBytes(8).toString('hex')}`;
  await t.database.db
    .insertInto('operator_accounts')
    .values({ username, password_hash: await hashPassword(password), user_id: userId })
    .execute();
  return { username, password };
}

const loginOn = (t: TestApp, username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: SESSION_PATHS.login, payload: { username, password }, remoteAddress });

function expectLocked(res: Reply, what: RegExp): void {
  expect(res.statusCode, res.body).toBe(429);
  const body = ErrorReplySchema.parse(res.json());
  expect(body).toMatchObject({ code: 42900, data: null });
  expect(body.message).toMatch(what);
  // "请于 HH:MM:SS 后再试": says until when.
  expect(body.message).toMatch(/请于 \d\d:\d\d:\d\d 后再试/);
  expect(retryAfter(res)).toBeGreaterThan(0);
  expect(retryAfter(res)).toBeLessThanOrEqual(LOCK_MINUTES * 60);
}

describeEachDatabase('sign-in limits', (t) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    // Two app processes on one database.
    a = await createTestApp({ kind: t().kind, database: t().database, config: LOCKOUT_CONFIG });
    b = await createTestApp({ kind: t().kind, database: t().database, config: LOCKOUT_CONFIG });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('answers a refused sign-in after the refusal delay, and a successful one without it', async () => {
    // Long enough that a successful sign-in (one scrypt check) stays well under it on a loaded machine, so the
    // last check tells "not held back" from "held back" without depending on the machine's speed.
    const DELAY = 3000;
    const slow = await createTestApp({
      kind: t().kind,
      database: t().database,
      config: { ...LOCKOUT_CONFIG, loginMaxFailures: 1, signInRefusalDelayMs: DELAY },
    });
    try {
      const acc = await createAccount(slow);
      const address = freshAddress();
      let started = Date.now();
      const wrong = await loginOn(slow, acc.username, 'wrong-password', address);
      expect(wrong.statusCode).toBe(429);
      // The first wrong password locks at once (loginMaxFailures 1): that refusal waits too.
      expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY - 20);
      started = Date.now();
      const locked = await loginOn(slow, acc.username, acc.password, address);
      expect(locked.statusCode).toBe(429);
      expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY - 20);
      // Other answers are not held back.
      const other = await createAccount(slow);
      started = Date.now();
      const signedIn = await loginOn(slow, other.username, other.password, freshAddress());
      expect(signedIn.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(DELAY);
      expect(SIGN_IN_LIMITS.refusalDelayMs).toBeGreaterThan(0);
      expect(loadConfig({}).signInRefusalDelayMs).toBe(SIGN_IN_LIMITS.refusalDelayMs);
    } finally {
      await slow.close();
    }
  });

  describe('account lockout', () => {
    it(`locks an account after ${MAX_FAILURES} wrong passwords (429, Retry-After, until when), even for the right one and from elsewhere`, async () => {
      const acc = await createAccount(t());
      const address = freshAddress();
      for (let i = 1; i < MAX_FAILURES; i++) {
        const res = await loginOn(a, acc.username, `wrong-${i}`, address);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 40100, message: '用户名或密码错误', data: null });
      }
      expectLocked(await loginOn(a, acc.username, 'wrong-last', address), /账户因连续 3 次密码错误已临时锁定/);
      expectLocked(await loginOn(a, acc.username, acc.password, address), /已临时锁定/);
      expectLocked(await loginOn(a, acc.username, acc.password, freshAddress()), /已临时锁定/);
      // Another spelling of the same username shares the lock.
      expectLocked(await loginOn(a, ` ${acc.username.toUpperCase()} `, acc.password, freshAddress()), /已临时锁定/);
    });

    it('lets the account in again once the lock has run out, with a fresh count', async () => {
      const acc = await createAccount(t());
      for (let i = 0; i < MAX_FAILURES; i++) await loginOn(a, acc.username, `wrong-${i}`, freshAddress());
      expectLocked(await loginOn(a, acc.username, acc.password, freshAddress()), /已临时锁定/);
      // The lock's end, moved into the past as time would.
      await t()
        .database.db.updateTable('login_lockouts')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('key', '=', `user:${acc.username}`)
        .execute();
      expect((await loginOn(a, acc.username, acc.password, freshAddress())).statusCode).toBe(200);
      expect((await loginOn(a, acc.username, 'wrong-again', freshAddress())).statusCode).toBe(401);
    });

    it('resets the count on a successful sign-in', async () => {
      const acc = await createAccount(t());
      for (let round = 0; round < 3; round++) {
        // An address of its own per round: the address count (not reset by success) stays out of the way.
        const address = freshAddress();
        for (let i = 1; i < MAX_FAILURES; i++) expect((await loginOn(a, acc.username, `wrong-${i}`, address)).statusCode).toBe(401);
        const ok = await loginOn(a, acc.username, acc.password, address);
        expect(ok.statusCode, ok.body).toBe(200);
      }
    });

    it('counts wrong passwords for an unknown username too (no hint which usernames exist)', async () => {
      const address = freshAddress();
      const ghost = `ghost-${crypto.randomBytes(4).toString('hex')}`;
      for (let i = 1; i < MAX_FAILURES; i++) expect((await loginOn(a, ghost, 'x', address)).statusCode).toBe(401);
      expectLocked(await loginOn(a, ghost, 'x', address), /账户因连续/);
    });

    it('shares failures and locks between two app instances on one database', async () => {
      const acc = await createAccount(t());
      expect((await loginOn(a, acc.username, 'wrong-1', freshAddress())).statusCode).toBe(401);
      expect((await loginOn(b, acc.username, 'wrong-2', freshAddress())).statusCode).toBe(401);
      expectLocked(await loginOn(a, acc.username, 'wrong-3', freshAddress()), /已临时锁定/);
      expectLocked(await loginOn(b, acc.username, acc.password, freshAddress()), /已临时锁定/);
    });
  });

  describe('address lockout', () => {
    it(`locks a source address after ${ADDRESS_MAX_FAILURES} wrong passwords over any usernames; other addresses still sign in`, async () => {
      const address = freshAddress();
      // Fewer than MAX_FAILURES per username, so only the address count can lock.
      for (let i = 1; i < ADDRESS_MAX_FAILURES; i++) {
        const res = await loginOn(i % 2 ? a : b, `spray-${i}`, 'Spring2026!', address);
        expect(res.statusCode).toBe(401);
      }
      expectLocked(await loginOn(a, 'spray-last', 'Spring2026!', address), /本地址登录失败次数过多/);
      const acc = await createAccount(t());
      expectLocked(await loginOn(b, acc.username, acc.password, address), /本地址登录失败次数过多/);
      expect((await loginOn(b, acc.username, acc.password, freshAddress())).statusCode).toBe(200);
    });

    it('a right password does not clear the address count', async () => {
      const address = freshAddress();
      const acc = await createAccount(t());
      for (let i = 1; i < ADDRESS_MAX_FAILURES; i++) {
        expect((await loginOn(a, `guess-${i}`, 'x', address)).statusCode).toBe(401);
        // The attacker's own account, signed in between guesses.
        expect((await loginOn(a, acc.username, acc.password, address)).statusCode).toBe(200);
      }
      expectLocked(await loginOn(a, 'guess-last', 'x', address), /本地址登录失败次数过多/);
    });
  });

  describe('requests per address (database store, shared across instances)', () => {
    const RATE = 4;
    let x: TestApp;
    let y: TestApp;
    beforeAll(async () => {
      const config: Partial<Config> = { loginRatePerMinute: RATE, entryRatePerMinute: RATE };
      x = await createTestApp({ kind: t().kind, database: t().database, config });
      y = await createTestApp({ kind: t().kind, database: t().database, config });
    });
    afterAll(async () => {
      await x.close();
      await y.close();
    });

    it(`answers 429 in the envelope with Retry-After once one address exceeds ${RATE} logins a minute over both instances`, async () => {
      await startOfAWindow();
      const address = freshAddress();
      const acc = await createAccount(t());
      for (let i = 0; i < RATE; i++) {
        const res = await loginOn(i % 2 ? x : y, acc.username, acc.password, address);
        expect(res.statusCode, res.body).toBe(200);
      }
      const refused = await loginOn(x, acc.username, acc.password, address);
      expect(refused.statusCode).toBe(429);
      const body = ErrorReplySchema.parse(refused.json());
      expect(body).toMatchObject({ code: 42900, data: null });
      expect(body.message).toMatch(/^请求过于频繁，请 \d+ 秒后再试$/);
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(60);
      expect((await loginOn(y, acc.username, acc.password, address)).statusCode).toBe(429);
      // Each instance, once it has seen the address over its limit, refuses it for the rest of the window without
      // writing to the database again: a flood costs no write per request.
      for (const app of [x, y, x, y]) expect((await loginOn(app, acc.username, acc.password, address)).statusCode).toBe(429);
      const counted = await t()
        .database.db.selectFrom('rate_limit_counters')
        .select('count')
        .where('key', '=', `login:${address}`)
        .executeTakeFirstOrThrow();
      expect(counted.count).toBe(RATE + 2);
      // Another address has its own count.
      expect((await loginOn(y, acc.username, acc.password, freshAddress())).statusCode).toBe(200);
    });

    it(`limits the portal entry per address too`, async () => {
      await startOfAWindow();
      const address = freshAddress();
      const entry = (app: TestApp) =>
        app.app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff' }, remoteAddress: address });
      for (let i = 0; i < RATE; i++) expect((await entry(i % 2 ? x : y)).statusCode).toBe(200);
      const refused = await entry(x);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 42900, data: null });
      expect(retryAfter(refused)).toBeGreaterThan(0);
    });

    it('counts atomically under concurrent hits', async () => {
      const counter = new DatabaseRateLimitCounter(t().database.db);
      const key = `probe:${crypto.randomBytes(4).toString('hex')}`;
      const results = await Promise.all(Array.from({ length: 20 }, () => counter.hit(key, 3_600_000)));
      expect(results.map((r) => r.current).sort((m, n) => m - n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect((await counter.peek(key, 3_600_000)).current).toBe(20);
    });
  });

  describe('behind a reverse proxy (TRUST_PROXY)', () => {
    const RATE = 3;
    const PROXY = '127.0.0.1';
    let proxied: TestApp;
    let direct: TestApp;
    beforeAll(async () => {
      proxied = await createTestApp({ kind: t().kind, database: t().database, config: { entryRatePerMinute: RATE, trustProxy: PROXY } });
      direct = await createTestApp({ kind: t().kind, database: t().database, config: { entryRatePerMinute: RATE } });
    });
    afterAll(async () => {
      await proxied.close();
      await direct.close();
    });
    const entry = (app: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
      app.app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff' }, remoteAddress, headers });

    it('counts a request from the trusted proxy against the client address it forwards, each client apart', async () => {
      await startOfAWindow();
      const client = freshAddress();
      for (let i = 0; i < RATE; i++) expect((await entry(proxied, PROXY, { 'x-forwarded-for': client })).statusCode).toBe(200);
      expect((await entry(proxied, PROXY, { 'x-forwarded-for': client })).statusCode).toBe(429);
      // Another client behind the same proxy has its own count; a client-supplied address before the real one is not believed.
      expect((await entry(proxied, PROXY, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(200);
      expect((await entry(proxied, PROXY, { 'x-forwarded-for': `${freshAddress()}, ${client}` })).statusCode).toBe(429);
    });

    it('ignores X-Forwarded-For from any other address, and everywhere when no proxy is trusted', async () => {
      await startOfAWindow();
      for (const app of [proxied, direct]) {
        const sender = freshAddress();
        for (let i = 0; i < RATE; i++) expect((await entry(app, sender, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(200);
        expect((await entry(app, sender, { 'x-forwarded-for': freshAddress() })).statusCode).toBe(429);
      }
    });

    it('marks the session cookies Secure when the trusted proxy says the client came over HTTPS, only then', async () => {
      const secure = (res: Reply) => [res.headers['set-cookie']].flat().map((c) => /; Secure/.test(String(c)));
      const https = { 'x-forwarded-for': freshAddress(), 'x-forwarded-proto': 'https' };
      expect(secure(await entry(proxied, PROXY, https))).toEqual([true, true]);
      expect(secure(await entry(proxied, freshAddress(), https))).toEqual([false, false]);
      expect(secure(await entry(direct, PROXY, https))).toEqual([false, false]);
    });
  });

  describe('template login behind the portal', () => {
    it('is off with PORTAL_SECRET set: 403 in the envelope, and the public config says so', async () => {
      const portal = await createTestApp({ kind: t().kind, database: t().database, config: { portalSecret: 's3cret-portal' } });
      try {
        const acc = await createAccount(t());
        const res = await loginOn(portal, acc.username, acc.password, freshAddress());
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 40300, message: '已启用门户票据，模板登录已关闭，请从门户进入', data: null });
        const config = await portal.app.inject({ method: 'GET', url: SESSION_PATHS.publicConfig });
        expect(config.json()).toMatchObject({ data: { ticketRequired: true, templateLoginEnabled: false } });
      } finally {
        await portal.close();
      }
    });

    it('is on with PORTAL_SECRET and TEMPLATE_LOGIN=1', async () => {
      expect(loadConfig({ TEMPLATE_LOGIN: '1' }).templateLogin).toBe(true);
      expect(loadConfig({}).templateLogin).toBe(false);
      const portal = await createTestApp({
        kind: t().kind,
        database: t().database,
        config: { portalSecret: 's3cret-portal', templateLogin: true },
      });
      try {
        const acc = await createAccount(t());
        const res = await loginOn(portal, acc.username, acc.password, freshAddress());
        expect(res.statusCode, res.body).toBe(200);
        const config = await portal.app.inject({ method: 'GET', url: SESSION_PATHS.publicConfig });
        expect(config.json()).toMatchObject({ data: { ticketRequired: true, templateLoginEnabled: true } });
      } finally {
        await portal.close();
      }
    });
  });

  describe('no known password seeded', () => {
    it.each([
      ['admin', 'Admin@2026'],
      ['operator', 'Operator@2026'],
    ])('the seeded %s account does not take the password the README once gave', async (username, oldPassword) => {
      const row = await t()
        .database.db.selectFrom('operator_accounts')
        .select('password_hash')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(oldPassword, row.password_hash)).toBe(false);
      const res = await loginOn(a, username, oldPassword, freshAddress());
      expect(res.statusCode).toBe(401);
    });

    it('takes operator passwords from the environment, or draws strong random ones that differ every time', () => {
      const fromEnv = operatorPasswords({ OPERATOR_ADMIN_PASSWORD: 'Chosen admin pw 1', OPERATOR_PASSWORD: 'Chosen staff pw 2' });
      expect(fromEnv.map((p) => [p.username, p.password, p.generated])).toEqual([
        ['admin', 'Chosen admin pw 1', false],
        ['operator', 'Chosen staff pw 2', false],
      ]);
      const first = operatorPasswords({});
      const second = operatorPasswords({});
      expect(first.map((p) => p.username)).toEqual(OPERATOR_ACCOUNTS.map((acc) => acc.username));
      for (const [i, p] of first.entries()) {
        expect(p.generated).toBe(true);
        expect(p.password.length).toBeGreaterThanOrEqual(24);
        expect(p.password).not.toBe(second[i]!.password);
      }
      expect(() => operatorPasswords({ OPERATOR_PASSWORD: 'short' })).toThrow(
        `OPERATOR_PASSWORD must have at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters`,
      );
    });
  });

  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.trustProxy).toBeUndefined();
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1,10.0.0.0/8 ' }).trustProxy).toBe('127.0.0.1,10.0.0.0/8');
    expect([c.loginMaxFailures, c.loginLockMinutes, c.loginAddressMaxFailures, c.loginRatePerMinute, c.entryRatePerMinute]).toEqual([
      SIGN_IN_LIMITS.maxFailures,
      SIGN_IN_LIMITS.lockMinutes,
      SIGN_IN_LIMITS.addressMaxFailures,
      SIGN_IN_LIMITS.loginPerMinute,
      SIGN_IN_LIMITS.entryPerMinute,
    ]);
  });
});
