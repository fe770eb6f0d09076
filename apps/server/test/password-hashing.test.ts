// Password checks run on libuv's thread pool, a few at a time: a flood of wrong logins queues behind them
// while the event loop keeps answering everyone else.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_PATHS } from '@tfb/contract';
import { PASSWORD_HASH_CONCURRENCY, hashPassword, verifyPassword } from '../src/lib/tokens.js';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.js';

describe('password hashes', () => {
  it('verifies the password it hashed, and nothing else', async () => {
    const stored = await hashPassword('Correct horse 1');
    expect(stored).toMatch(/^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('Correct horse 1', stored)).toBe(true);
    expect(await verifyPassword('Correct horse 2', stored)).toBe(false);
    expect(await hashPassword('Correct horse 1')).not.toBe(stored);
  });

  it('still accepts hashes stored before (scrypt$salt$hash with the default cost)', async () => {
    const salt = crypto.randomBytes(16);
    const old = `scrypt$${salt.toString('base64')}$${crypto.scryptSync('Legacy@2026', salt, 32).toString('base64')}`;
    expect(await verifyPassword('Legacy@2026', old)).toBe(true);
    expect(await verifyPassword('legacy@2026', old)).toBe(false);
  });

  it('refuses malformed stored values without throwing', async () => {
    for (const stored of ['', 'plain', 'bcrypt$a$b', 'scrypt$$', 'scrypt$AAAA$']) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
  });

  it('runs at most PASSWORD_HASH_CONCURRENCY hashes at once; the rest wait their turn', async () => {
    const stored = await hashPassword('p');
    let running = 0;
    let peak = 0;
    const spy = crypto.scrypt;
    // Count how many scrypt calls are in flight at once while 10 checks are queued.
    const counting = ((...args: Parameters<typeof crypto.scrypt>) => {
      running++;
      peak = Math.max(peak, running);
      const done = args[args.length - 1] as (err: Error | null, key: Buffer) => void;
      const rest = args.slice(0, -1) as [crypto.BinaryLike, crypto.BinaryLike, number];
      spy(...rest, (err, key) => {
        running--;
        done(err, key);
      });
    }) as typeof crypto.scrypt;
    (crypto as { scrypt: typeof crypto.scrypt }).scrypt = counting;
    try {
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => verifyPassword(i === 9 ? 'p' : 'wrong', stored)));
      expect(results.filter(Boolean)).toHaveLength(1);
    } finally {
      (crypto as { scrypt: typeof crypto.scrypt }).scrypt = spy;
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(PASSWORD_HASH_CONCURRENCY);
  });
});

describeEachDatabase('sign-in under a flood of wrong passwords', (t) => {
  const username = `hash-probe-${crypto.randomBytes(3).toString('hex')}`;
  const password = `Probe@${crypto.randomBytes(6).toString('hex')}`;
  const FLOOD = 20;
  let probe: TestApp;
  // Logins that have reached their handler (past parsing and validation): the next step is the password check.
  let inHandler = 0;
  let allInHandler: () => void = () => {};

  beforeAll(async () => {
    await t()
      .database.db.insertInto('operator_accounts')
      .values({ username, password_hash: await hashPassword(password), user_id: 'demo-a-staff' })
      .execute();
    // This suite measures hashing alone: the sign-in limits (tested in sign-in-limits.test.ts) are set out of reach.
    probe = await createTestApp({
      kind: t().kind,
      database: t().database,
      config: { loginMaxFailures: 1000, loginAddressMaxFailures: 1000, loginRatePerMinute: 1000 },
    });
    probe.app.addHook('preHandler', async (req) => {
      if (req.url === SESSION_PATHS.login && ++inHandler === FLOOD) allInHandler();
    });
  });
  afterAll(async () => {
    await probe.close();
  });

  const login = (pw: string) => probe.app.inject({ method: 'POST', url: SESSION_PATHS.login, payload: { username, password: pw } });

  it('signs in with the right password and refuses a wrong one', async () => {
    const good = await login(password);
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toMatchObject({ code: 0, data: { token: expect.any(String), refreshToken: expect.any(String) } });
    const bad = await login(`${password}x`);
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ code: 40100, message: '用户名或密码错误', data: null });
  });

  it(`answers GET /api/health while ${FLOOD} wrong logins are being checked`, async () => {
    inHandler = 0;
    const reached = new Promise<void>((resolve) => {
      allInHandler = resolve;
    });
    const order: string[] = [];
    const logins = Array.from({ length: FLOOD }, (_, i) =>
      login(`wrong-${i}`).then((res) => {
        order.push('login');
        return res;
      }),
    );
    // Every login is now looking up its account and will check its password next: health queues behind them all.
    await reached;
    const health = probe.app.inject({ method: 'GET', url: SESSION_PATHS.health }).then((res) => {
      order.push('health');
      return res;
    });
    const [healthReply, ...loginReplies] = await Promise.all([health, ...logins]);
    expect(healthReply.statusCode).toBe(200);
    expect(loginReplies.every((r) => r.statusCode === 401)).toBe(true);
    // Hashing on the event loop would run every one of those checks before health's turn came; off it, health
    // answers while most checks still wait for a hashing slot.
    expect(order.indexOf('health')).toBeLessThan(order.length - 1);
  });
});
