// The risk-service outbox (spec 7.5): a local receiver that fails, hangs past the timeout and accepts on demand.
// The dispatcher retries with backoff under one idempotency key, gives up into `failed` after the last attempt
// until an admin retries, takes a crashed claim again once its lease runs out, and with two dispatchers on one
// database delivers every result exactly once.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROCESS_PATHS, PRODUCT_PATHS, type Product, type SigningDetail } from '@tfb/contract';
import type { Config } from '../src/config.js';
import { backoffMs, claimDue, RiskDispatcher } from '../src/modules/products/outbox.js';
import { api, withId } from './helpers/api.js';
import { startRiskReceiver, type RiskReceiver } from './helpers/risk-receiver.js';
import { createTestApp, testDatabaseKinds, type TestApp, type TestSession } from './helpers/test-app.js';

const TIMINGS: Config['riskOutbox'] = { intervalMs: 0, timeoutMs: 300, leaseMs: 1000, baseDelayMs: 300, maxDelayMs: 1200, maxAttempts: 4 };

/** Polls `fn` until it answers true (a condition wait with a deadline, no fixed sleeps). */
async function until(fn: () => Promise<boolean>, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}

it('backs off exponentially, capped, with jitter between half and all of the step', () => {
  const t = { baseDelayMs: 100, maxDelayMs: 1000 };
  expect(backoffMs(1, t, () => 0)).toBe(50);
  expect(backoffMs(1, t, () => 1)).toBe(100);
  expect(backoffMs(3, t, () => 0)).toBe(200);
  expect(backoffMs(3, t, () => 1)).toBe(400);
  expect(backoffMs(10, t, () => 1)).toBe(1000);
  const spread = new Set(Array.from({ length: 20 }, () => backoffMs(2, t)));
  expect(spread.size).toBeGreaterThan(1);
  for (const d of spread) {
    expect(d).toBeGreaterThanOrEqual(100);
    expect(d).toBeLessThanOrEqual(200);
  }
});

for (const kind of testDatabaseKinds()) {
  describe(`risk outbox [${kind}]`, () => {
    let t: TestApp;
    let receiver: RiskReceiver;
    let admin: TestSession;
    let staff: TestSession;
    let approver: TestSession;
    let product: Product;
    let projectId: number;
    const http = api(() => t);
    const tag = `R${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

    beforeAll(async () => {
      receiver = await startRiskReceiver();
      t = await createTestApp({ kind, config: { riskServiceUrl: receiver.url, riskOutbox: TIMINGS } });
      admin = await t.enter('demo-admin');
      staff = await t.enter('demo-a-staff');
      approver = await t.enter('demo-a-approver');
      const p = (await http.create(admin, PRODUCT_PATHS.products, {
        name: `${tag} 订单融资`,
        code: `${tag}-DD`,
        kind: 'orderFinancing',
        rateMin: 5,
        rateMax: 6,
        termMin: 1,
        termMax: 12,
        limitAmount: 1_000_000,
        requiredDocTypes: [],
      })) as unknown as Product;
      product = (await http.put(admin, withId(PRODUCT_PATHS.shelf, p.id), { status: 'on', version: p.version })).json().data;
      projectId = (
        await http.create(staff, '/api/businessperationService/projects', {
          projectName: `${tag} 项目`,
          type: 1,
          enterpriseName: 'x',
          supplierName: 'y',
        })
      ).id;
    });
    afterAll(async () => {
      await t?.close();
      await receiver?.close();
    });

    /** A signing approved (or rejected) through the API: its id and the key its result is sent under. */
    async function decided(action: 'approve' | 'reject' = 'approve'): Promise<{ id: number; key: string }> {
      const s = (await http.create(staff, PRODUCT_PATHS.signings, {
        productId: product.id,
        amount: 1000,
        termMonths: 3,
        purpose: `${tag} 用途`,
        projectId,
      })) as unknown as SigningDetail;
      const sub = (await http.post(staff, withId(PRODUCT_PATHS.submitSigning, s.id), { version: s.version })).json().data as SigningDetail;
      const h = (
        await http.get(approver, `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(sub.processInstanceId))}`)
      ).json().data;
      const done = await http.post(approver, PROCESS_PATHS.complete, {
        processInstanceId: sub.processInstanceId,
        taskId: h.historyList.at(-1).taskId,
        action,
        comment: action === 'reject' ? '资料不全' : '',
      });
      expect(done.statusCode, done.body).toBe(200);
      return { id: s.id, key: `product-sign-${s.id}-${sub.processInstanceId}` };
    }
    const detail = async (id: number) => (await http.get(staff, withId(PRODUCT_PATHS.signing, id))).json().data as SigningDetail;

    it('retries a failure and a timeout with backoff under one key, then delivers and shows it', async () => {
      const { id, key } = await decided();
      receiver.script = ['fail', 'hang', 'ok'];
      expect(await t.app.riskDispatcher.tick()).toBe(1);
      let d = (await detail(id)).riskDeliveries[0]!;
      expect(d).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 500: risk service unavailable' });
      expect(new Date(d.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() - 1000);
      // Not due before its backoff: an immediate pass finds nothing.
      expect(await t.app.riskDispatcher.tick()).toBe(0);
      await until(async () => (await t.app.riskDispatcher.tick()) === 1, 'the second attempt');
      d = (await detail(id)).riskDeliveries[0]!;
      expect(d).toMatchObject({ status: 'pending', attempts: 2, lastError: `timeout after ${TIMINGS.timeoutMs} ms` });
      await until(async () => (await t.app.riskDispatcher.tick()) === 1, 'the third attempt');
      const after = await detail(id);
      expect(after.riskServiceConfigured).toBe(true);
      expect(after.riskDeliveries[0]).toMatchObject({ status: 'delivered', attempts: 3, lastError: null, nextAttemptAt: null });
      const raw = receiver.attemptsOf(key);
      expect(raw.map((a) => a.answered)).toEqual(['fail', 'hang', 'ok']);
      expect(new Set(raw.map((a) => a.key))).toEqual(new Set([key]));
      // The waits grew: the second retry came after at least half the doubled step.
      expect(raw[1]!.at - raw[0]!.at).toBeGreaterThanOrEqual(TIMINGS.baseDelayMs / 2);
      expect(receiver.accepted.get(key)).toMatchObject({
        idempotencyKey: key,
        signingId: id,
        result: 'approved',
        amount: 1000,
        termMonths: 3,
      });
      expect(receiver.acceptedCount.get(key)).toBe(1);
    });

    it('fails after the last attempt with the last error, until an admin retries it', async () => {
      const { id, key } = await decided('reject');
      receiver.fallback = 'fail';
      try {
        await until(async () => {
          await t.app.riskDispatcher.tick();
          return (await detail(id)).riskDeliveries[0]!.status === 'failed';
        }, 'the last attempt');
      } finally {
        receiver.fallback = 'ok';
      }
      const failed = (await detail(id)).riskDeliveries[0]!;
      expect(failed).toMatchObject({
        status: 'failed',
        attempts: TIMINGS.maxAttempts,
        lastError: 'HTTP 500: risk service unavailable',
        nextAttemptAt: null,
      });
      expect(receiver.attemptsOf(key)).toHaveLength(TIMINGS.maxAttempts);
      expect(await t.app.riskDispatcher.tick()).toBe(0);
      expect((await http.post(staff, withId(PRODUCT_PATHS.retryDelivery, id), {})).statusCode).toBe(403);
      const retried = await http.post(admin, withId(PRODUCT_PATHS.retryDelivery, id), {});
      expect(retried.statusCode, retried.body).toBe(200);
      expect((retried.json().data as SigningDetail).riskDeliveries[0]).toMatchObject({ status: 'pending', attempts: 0 });
      expect(await t.app.riskDispatcher.tick()).toBe(1);
      expect((await detail(id)).riskDeliveries[0]).toMatchObject({ status: 'delivered', result: 'rejected' });
      expect(receiver.accepted.get(key)).toMatchObject({ result: 'rejected', comment: '资料不全' });
      // Another enterprise cannot retry (or see) it.
      const other = await t.enter('demo-b-staff');
      expect((await http.get(other, withId(PRODUCT_PATHS.signing, id))).statusCode).toBe(404);
    });

    it('takes a claim abandoned by a crashed process again once its lease has run out', async () => {
      const { id, key } = await decided();
      const db = t.database.db;
      // A process claims the row and dies before it posts.
      const claimed = await claimDue(db, 'crashed-process', 10, 400);
      expect(claimed.map((c) => c.idempotency_key)).toContain(key);
      expect(await t.app.riskDispatcher.tick()).toBe(0);
      await until(async () => (await t.app.riskDispatcher.tick()) === 1, 'the lease to run out');
      expect((await detail(id)).riskDeliveries[0]).toMatchObject({ status: 'delivered', attempts: 2 });
      expect(receiver.attemptsOf(key)).toHaveLength(1);
    });

    it('with two dispatchers on one database delivers every result exactly once', async () => {
      const keys: string[] = [];
      for (let i = 0; i < 8; i++) keys.push((await decided(i % 2 ? 'reject' : 'approve')).key);
      const a = new RiskDispatcher(t.database.db, receiver.url, TIMINGS, t.app.log);
      const b = new RiskDispatcher(t.database.db, receiver.url, TIMINGS, t.app.log);
      await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      await until(async () => {
        await Promise.all([a.tick(), b.tick()]);
        return keys.every((k) => receiver.accepted.has(k));
      }, 'every result');
      for (const k of keys) expect(receiver.attemptsOf(k), k).toHaveLength(1);
    });
  });
}
