// A store for @fastify/rate-limit kept in the shared database, so several app processes on one database count
// together (the plugin's own store counts in one process's memory only). Fixed windows: one row per (key,
// window), bumped by one atomic upsert that works alike on PGlite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/types.js';

type IncrCallback = (error: Error | null, result: { current: number; ttl: number }) => void;

/** The store interface the plugin calls (its `store` option takes a class it instantiates once). */
export type RateLimitStore = {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  read(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): RateLimitStore;
};

/** Ended windows are deleted at most this often per process: cheap, and the table stays small. */
const PURGE_EVERY_MS = 60_000;
/** Past this many remembered keys, those whose window has ended are dropped. */
const EXCEEDED_PRUNE_SIZE = 10_000;

export class DatabaseRateLimitCounter {
  private lastPurge = 0;
  /**
   * Keys this process has seen over their limit, with the end of that window. A window's count only grows, so
   * such a key stays refused until then: a flood is answered from here without a database write per request
   * (the counting itself stays in the database, shared by every process).
   */
  private readonly exceeded = new Map<string, number>();

  constructor(private readonly db: Kysely<DB>) {}

  /** Counts one hit of `key` in the current window of `timeWindowMs`; returns the window's count and time left. */
  async hit(key: string, timeWindowMs: number, now = Date.now()): Promise<{ current: number; ttl: number }> {
    const windowStart = Math.floor(now / timeWindowMs) * timeWindowMs;
    const windowEnd = windowStart + timeWindowMs;
    const row = await this.db
      .insertInto('rate_limit_counters')
      .values({
        key,
        window_start: new Date(windowStart).toISOString(),
        count: 1,
        expires_at: new Date(windowEnd).toISOString(),
      })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql<number>`rate_limit_counters.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    await this.purgeEnded(now);
    return { current: row.count, ttl: windowEnd - now };
  }

  /** The current window's count of `key` without counting. */
  async peek(key: string, timeWindowMs: number, now = Date.now()): Promise<{ current: number; ttl: number }> {
    const windowStart = Math.floor(now / timeWindowMs) * timeWindowMs;
    const row = await this.db
      .selectFrom('rate_limit_counters')
      .select('count')
      .where('key', '=', key)
      .where('window_start', '=', new Date(windowStart).toISOString())
      .executeTakeFirst();
    return row ? { current: row.count, ttl: windowStart + timeWindowMs - now } : { current: 0, ttl: 0 };
  }

  private refusedUntil(key: string, now = Date.now()): number | undefined {
    const until = this.exceeded.get(key);
    if (until === undefined) return undefined;
    if (until > now) return until;
    this.exceeded.delete(key);
    return undefined;
  }

  private rememberExceeded(key: string, until: number, now = Date.now()): void {
    if (this.exceeded.size >= EXCEEDED_PRUNE_SIZE) {
      for (const [k, end] of this.exceeded) if (end <= now) this.exceeded.delete(k);
    }
    this.exceeded.set(key, until);
  }

  private async purgeEnded(now: number): Promise<void> {
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.db.deleteFrom('rate_limit_counters').where('expires_at', '<=', new Date(now).toISOString()).execute();
  }

  /** The class @fastify/rate-limit's `store` option expects, counting in this database. */
  storeClass(): new () => RateLimitStore {
    const hit = (key: string, timeWindow: number) => this.hit(key, timeWindow);
    const peek = (key: string, timeWindow: number) => this.peek(key, timeWindow);
    const refusedUntil = (key: string) => this.refusedUntil(key);
    const remember = (key: string, until: number) => this.rememberExceeded(key, until);
    const settle = (work: Promise<{ current: number; ttl: number }>, callback: IncrCallback) =>
      work.then(
        (result) => callback(null, result),
        (error: Error) => callback(error, { current: 0, ttl: 0 }),
      );
    return class DatabaseRateLimitStore implements RateLimitStore {
      incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
        const refused = refusedUntil(key);
        if (refused !== undefined) {
          callback(null, { current: max + 1, ttl: refused - Date.now() });
          return;
        }
        settle(
          hit(key, timeWindow).then((result) => {
            if (result.current > max) remember(key, Date.now() + result.ttl);
            return result;
          }),
          callback,
        );
      }

      read(key: string, callback: IncrCallback, timeWindow: number): void {
        settle(peek(key, timeWindow), callback);
      }

      // Keys carry their route (see the key generators), so every route shares the one table.
      child(): RateLimitStore {
        return this;
      }
    };
  }
}
