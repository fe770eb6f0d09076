// The transactional outbox of signing results for the external risk service (spec 7.5). A result is written in
// the approval's transaction; every app process runs a dispatcher that claims due rows with FOR UPDATE SKIP LOCKED,
// moving next_attempt_at past a lease so a crashed claim is taken again when the lease runs out, and posts each
// result with its idempotency key (the same on every retry). Failures back off exponentially with jitter; after
// the last attempt the row is failed until an admin retries it. All state is in the database, so a restart loses
// nothing.
import crypto from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER, PRODUCT_MESSAGES, type RiskDelivery, type RiskDeliveryStatus, type RiskResult } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { conflict } from '../../lib/errors.js';

export type OutboxTimings = {
  /** How often an idle dispatcher looks for due rows. */
  intervalMs: number;
  /** How long one POST may take. */
  timeoutMs: number;
  /** How long a claim holds a row; after it another process may take the row (must exceed timeoutMs). */
  leaseMs: number;
  /** The first retry's delay; each further one doubles, up to maxDelayMs, with jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Attempts before the row is failed (an admin's retry starts a new round). */
  maxAttempts: number;
};

export async function enqueueResult(
  trx: Transaction<DB>,
  r: { enterpriseId: string; signingId: number; result: RiskResult },
): Promise<void> {
  await trx
    .insertInto('risk_outbox')
    .values({
      enterprise_id: r.enterpriseId,
      signing_id: r.signingId,
      idempotency_key: r.result.idempotencyKey,
      payload: JSON.stringify(r.result),
    })
    .execute();
}

export async function deliveriesOf(db: Kysely<DB>, enterpriseId: string, signingId: number): Promise<RiskDelivery[]> {
  const rows = await db
    .selectFrom('risk_outbox')
    .selectAll()
    .where('enterprise_id', '=', enterpriseId)
    .where('signing_id', '=', signingId)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    idempotencyKey: r.idempotency_key,
    status: r.status as RiskDeliveryStatus,
    attempts: r.attempts,
    nextAttemptAt: r.status === 'pending' ? r.next_attempt_at : null,
    lastError: r.last_error,
    deliveredAt: r.delivered_at,
    result: (r.payload as { result?: string } | null)?.result === 'approved' ? 'approved' : 'rejected',
    createTime: r.created_at,
  }));
}

/** An admin's retry of the signing's failed results: due now, with a fresh round of attempts. */
export async function retryFailed(db: Kysely<DB>, enterpriseId: string, signingId: number): Promise<void> {
  const r = await db
    .updateTable('risk_outbox')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql<string>`now()`, claim_token: null, updated_at: sql<string>`now()` })
    .where('enterprise_id', '=', enterpriseId)
    .where('signing_id', '=', signingId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw conflict(PRODUCT_MESSAGES.retryOnlyFailed);
}

const ms = (n: number) => sql<string>`now() + (${Math.max(0, Math.round(n))} * interval '1 millisecond')`;

/** The delay before retry `attempt` (1-based): exponential, capped, with "equal jitter" (half fixed, half random). */
export function backoffMs(attempt: number, t: Pick<OutboxTimings, 'baseDelayMs' | 'maxDelayMs'>, random = Math.random): number {
  const exp = Math.min(t.maxDelayMs, t.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return exp / 2 + random() * (exp / 2);
}

type Claimed = { id: number; idempotency_key: string; payload: unknown; attempts: number };

/** Claims up to `limit` due rows for this pass (`token`): each goes to one dispatcher until its lease runs out. */
export async function claimDue(db: Kysely<DB>, token: string, limit: number, leaseMs: number): Promise<Claimed[]> {
  const r = await sql<Claimed>`
    UPDATE risk_outbox
    SET attempts = attempts + 1, claim_token = ${token}, next_attempt_at = ${ms(leaseMs)}, updated_at = now()
    WHERE id IN (
      SELECT id FROM risk_outbox
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    ) AND status = 'pending'
    RETURNING id, idempotency_key, payload, attempts`.execute(db);
  return r.rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/** Posts one result; throws with a short reason when the service did not take it. */
export async function postResult(url: string, key: string, payload: unknown, timeoutMs: number): Promise<void> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [IDEMPOTENCY_KEY_HEADER]: key },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (e) {
    const name = e instanceof Error ? e.name : '';
    if (name === 'TimeoutError' || name === 'AbortError') throw new Error(`timeout after ${timeoutMs} ms`);
    const cause = e instanceof Error && e.cause instanceof Error ? e.cause.message : e instanceof Error ? e.message : String(e);
    throw new Error(`network error: ${cause}`);
  }
  // The body is read (and dropped) so the connection is released.
  const text = await res.text().catch(() => '');
  if (!res.ok) throw new Error(`HTTP ${res.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
}

export class RiskDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly url: string | undefined,
    private readonly timings: OutboxTimings,
    private readonly log: FastifyBaseLogger,
  ) {}

  get configured(): boolean {
    return this.url !== undefined;
  }

  /** One pass: claims the due rows and posts each (tests call it to deliver at once). Answers how many it handled. */
  async tick(): Promise<number> {
    if (!this.url) return 0;
    const token = crypto.randomUUID();
    const rows = await claimDue(this.db, token, 20, this.timings.leaseMs);
    await Promise.all(rows.map((r) => this.deliver(this.url!, token, r)));
    return rows.length;
  }

  private async deliver(url: string, token: string, r: Claimed): Promise<void> {
    try {
      await postResult(url, r.idempotency_key, r.payload, this.timings.timeoutMs);
      await this.db
        .updateTable('risk_outbox')
        .set({ status: 'delivered', delivered_at: sql<string>`now()`, last_error: null, claim_token: null, updated_at: sql<string>`now()` })
        .where('id', '=', r.id)
        .where('claim_token', '=', token)
        .execute();
    } catch (e) {
      const message = (e instanceof Error ? e.message : String(e)).slice(0, 500);
      const last = r.attempts >= this.timings.maxAttempts;
      await this.db
        .updateTable('risk_outbox')
        .set({
          status: last ? 'failed' : 'pending',
          last_error: message,
          claim_token: null,
          next_attempt_at: last ? sql<string>`now()` : ms(backoffMs(r.attempts, this.timings)),
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', r.id)
        .where('claim_token', '=', token)
        .execute();
      this.log.warn({ outboxId: r.id, attempts: r.attempts, err: message }, 'risk service delivery failed');
    }
  }

  start(): void {
    if (!this.url || this.timings.intervalMs <= 0) return;
    const next = (delay: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        this.running = this.tick()
          .catch((e: unknown) => {
            this.log.error({ err: e }, 'risk outbox pass failed');
            return 0;
          })
          // A full batch suggests more are due: look again at once.
          .then((n) => next(n >= 20 ? 0 : this.timings.intervalMs));
      }, delay);
      this.timer.unref();
    };
    next(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's dispatcher of the risk-service outbox (RISK_SERVICE_URL, RISK_OUTBOX_* timings). */
    riskDispatcher: RiskDispatcher;
  }
}

/** Starts this process's dispatcher when the app is ready and stops it when the app closes. */
export const riskDispatcherPlugin = fp(async (app) => {
  const c = app.config;
  const dispatcher = new RiskDispatcher(app.database.db, c.riskServiceUrl, c.riskOutbox, app.log);
  app.decorate('riskDispatcher', dispatcher);
  app.addHook('onReady', () => dispatcher.start());
  app.addHook('onClose', () => dispatcher.stop());
});
