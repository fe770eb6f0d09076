// Temporary lockout after wrong passwords on the template login, per account and per source address, counted in
// the shared database so every app process sees the same failures and locks.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { RetryLaterError } from '../../lib/errors.js';

export type LockoutSettings = {
  /** Consecutive wrong passwords that lock one account. */
  maxFailures: number;
  /** Wrong passwords from one address (any usernames) that lock the address. */
  addressMaxFailures: number;
  lockMinutes: number;
};

/** Usernames differing only in case or surrounding spaces share one counter. */
const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
const addressKey = (address: string) => `addr:${address}`;

const clock = (at: Date) =>
  `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}:${String(at.getSeconds()).padStart(2, '0')}`;

export class LoginLockout {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly settings: LockoutSettings,
  ) {}

  private accountLocked(until: Date, now: number): RetryLaterError {
    return new RetryLaterError(
      `账户因连续 ${this.settings.maxFailures} 次密码错误已临时锁定，请于 ${clock(until)} 后再试`,
      (until.getTime() - now) / 1000,
    );
  }

  private addressLocked(until: Date, now: number): RetryLaterError {
    return new RetryLaterError(`本地址登录失败次数过多，已临时禁止登录，请于 ${clock(until)} 后再试`, (until.getTime() - now) / 1000);
  }

  /** Refuses (429 with Retry-After) while the account or the address is locked; checked before any hashing. */
  async assertNotLocked(username: string, address: string, now = Date.now()): Promise<void> {
    const rows = await this.db
      .selectFrom('login_lockouts')
      .select(['key', 'locked_until'])
      .where('key', 'in', [accountKey(username), addressKey(address)])
      .where('locked_until', '>', new Date(now).toISOString())
      .execute();
    const account = rows.find((r) => r.key === accountKey(username));
    if (account?.locked_until) throw this.accountLocked(new Date(account.locked_until), now);
    const addr = rows.find((r) => r.key === addressKey(address));
    if (addr?.locked_until) throw this.addressLocked(new Date(addr.locked_until), now);
  }

  /**
   * Counts a wrong password for the account and the address; the one that reaches its threshold is locked and
   * this attempt already answers 429 (the caller then throws it), otherwise undefined (the caller answers 401).
   */
  async recordFailure(username: string, address: string, now = Date.now()): Promise<RetryLaterError | undefined> {
    const account = await this.bump(accountKey(username), this.settings.maxFailures, now);
    const addr = await this.bump(addressKey(address), this.settings.addressMaxFailures, now);
    if (account) return this.accountLocked(account, now);
    if (addr) return this.addressLocked(addr, now);
    return undefined;
  }

  /** A right password clears the account's count. The address keeps its own: one account an attacker knows
   * must not wipe the failures it spent guessing others. */
  async recordSuccess(username: string): Promise<void> {
    await this.db.deleteFrom('login_lockouts').where('key', '=', accountKey(username)).execute();
  }

  /** One more failure for `key` (a count older than the lock time starts again); returns the lock's end if this one locked it. */
  private async bump(key: string, threshold: number, now: number): Promise<Date | undefined> {
    const lockMs = this.settings.lockMinutes * 60_000;
    const nowIso = new Date(now).toISOString();
    const staleBefore = new Date(now - lockMs).toISOString();
    const row = await this.db
      .insertInto('login_lockouts')
      .values({ key, failures: 1, locked_until: null, updated_at: nowIso })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: sql<number>`CASE WHEN login_lockouts.updated_at < ${staleBefore} THEN 1 ELSE login_lockouts.failures + 1 END`,
          updated_at: nowIso,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (row.failures < threshold) return undefined;
    const until = new Date(now + lockMs);
    // The count starts again once the lock has run out.
    await this.db.updateTable('login_lockouts').set({ failures: 0, locked_until: until.toISOString() }).where('key', '=', key).execute();
    await this.purgeStale(staleBefore, nowIso);
    return until;
  }

  /** Forgets counts nobody has added to within the lock time and locks that have run out. */
  private async purgeStale(staleBefore: string, nowIso: string): Promise<void> {
    await this.db
      .deleteFrom('login_lockouts')
      .where('updated_at', '<', staleBefore)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .execute();
  }
}
