// Whether the session an access token names may still act: not logged out or revoked, its user active, and the
// user's identity and roles still those the token carries. Checked on every request with a token. Answers are
// cached per process and dropped at once, in every process, when the database announces a change on the
// `tfb_session` channel (triggers of migration 0012); while announcements cannot be heard, nothing is cached.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/connection.js';
import type { DB } from '../db/types.js';
import type { AccessClaims } from './tokens.js';

export const SESSION_CHANNEL = 'tfb_session';

/** Why a token's session may no longer act (undefined: it may). */
export type SessionRefusal = 'ended' | 'changed';

/** What the database says of a session: its user's identity as tokens carry it, or nothing when it has ended. */
type Snapshot = { userId: string; fingerprint: string } | null;
type Entry = { snapshot: Snapshot; at: number };

/** The parts of a token that come from the user's row and roles; a token whose parts differ is out of date. */
const fingerprintOf = (p: {
  ent: string;
  org: string;
  rol: readonly string[];
  int: boolean;
  grp: boolean;
  sup: boolean;
  wh: number | null;
}): string => JSON.stringify([p.ent, p.org, [...p.rol].sort(), p.int, p.grp, p.sup, p.wh]);

/** A token's standing against what the database says of its session. */
function verdict(claims: AccessClaims, snapshot: Snapshot): SessionRefusal | undefined {
  if (!snapshot || snapshot.userId !== claims.sub) return 'ended';
  return snapshot.fingerprint === fingerprintOf(claims) ? undefined : 'changed';
}

export class SessionRegistry {
  private readonly cache = new Map<string, Entry>();
  /** Bumped by every announcement: a lookup that raced one is not cached. */
  private generation = 0;
  private hearing = false;
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: { ttlMs: number; maxEntries?: number } = { ttlMs: 60_000 },
  ) {}

  /** Starts hearing announcements; until then (and whenever the listener is down) every check asks the database. */
  async start(database: Database): Promise<void> {
    this.stop = await database.listen(SESSION_CHANNEL, {
      message: (payload) => this.forget(payload),
      connected: (up) => {
        // Whatever was announced while deaf is unknown: start again from nothing.
        this.generation++;
        this.cache.clear();
        this.hearing = up;
      },
    });
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
  }

  /** undefined when the token's session may act; otherwise why not. */
  async check(claims: AccessClaims): Promise<SessionRefusal | undefined> {
    const known = this.checkCached(claims);
    return known ? known.refusal : verdict(claims, await this.snapshot(claims.sid));
  }

  /**
   * check()'s answer when the cache holds the session (most requests: no database read, and nothing to wait for),
   * else undefined.
   */
  checkCached(claims: AccessClaims): { refusal: SessionRefusal | undefined } | undefined {
    const cached = this.hearing ? this.cache.get(claims.sid) : undefined;
    if (!cached || Date.now() - cached.at >= this.options.ttlMs) return undefined;
    return { refusal: verdict(claims, cached.snapshot) };
  }

  /** The session as the database has it now, cached unless an announcement came meanwhile. */
  private async snapshot(sid: string): Promise<Snapshot> {
    const generation = this.generation;
    const snapshot = await this.load(sid);
    if (this.hearing && generation === this.generation) {
      this.cache.delete(sid);
      this.cache.set(sid, { snapshot, at: Date.now() });
      // Oldest first in a Map: keep the cache bounded.
      const max = this.options.maxEntries ?? 50_000;
      while (this.cache.size > max) this.cache.delete(this.cache.keys().next().value!);
    }
    return snapshot;
  }

  private async load(sid: string): Promise<Snapshot> {
    const row = await this.db
      .selectFrom('sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select([
        'u.id',
        'u.enterprise_id',
        'u.org_id',
        'u.is_internal',
        'u.is_group',
        'u.is_supervisor',
        'u.warehouse_id',
        sql<string[] | null>`(select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id)`.as('roles'),
      ])
      .where('s.id', '=', sid)
      .where('s.revoked_at', 'is', null)
      .where('u.is_active', '=', true)
      .executeTakeFirst();
    if (!row) return null;
    return {
      userId: row.id,
      fingerprint: fingerprintOf({
        ent: row.enterprise_id,
        org: row.org_id,
        rol: row.roles ?? [],
        int: row.is_internal,
        grp: row.is_group,
        sup: row.is_supervisor,
        wh: row.warehouse_id === null ? null : Number(row.warehouse_id),
      }),
    };
  }

  /**
   * This process ended a session itself: forget it now rather than when the database's announcement arrives
   * (on PostgreSQL that comes over another connection, a moment after the commit).
   */
  ended(sessionId: string): void {
    this.forget(`sid:${sessionId}`);
  }

  /** An announcement: `sid:<session>` or `user:<user id>` (every session of the user). */
  private forget(payload: string): void {
    this.generation++;
    if (payload.startsWith('sid:')) {
      this.cache.delete(payload.slice(4));
      return;
    }
    if (payload.startsWith('user:')) {
      const userId = payload.slice(5);
      for (const [sid, entry] of this.cache) {
        // An ended session (null) stays ended whatever happens to its user.
        if (entry.snapshot?.userId === userId) this.cache.delete(sid);
      }
      return;
    }
    this.cache.clear();
  }
}
