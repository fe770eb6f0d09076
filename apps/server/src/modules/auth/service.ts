// Session issuance: entry from the portal, operator login, refresh-token rotation and logout.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { PORTAL_TICKET_MAX_LIFETIME_SECONDS, type SessionUser } from '@tfb/contract';
import type { Config } from '../../config.js';
import type { DB } from '../../db/types.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { checkPortalTicket, randomToken, sha256Hex, verifyPassword, type TokenSigner } from '../../lib/tokens.js';
import { findOperatorAccount, findSessionUser } from './repository.js';
import { LoginLockout } from './lockout.js';

/** Spent ticket nonces are purged this long after their ticket expired: app processes' clocks may differ a little. */
const NONCE_PURGE_GRACE_SECONDS = 60;

/**
 * Ends a session: its row (whose trigger tells every app process, so its access tokens stop at once) and every
 * refresh token of its family.
 */
export async function revokeSession(db: Kysely<DB>, sessionId: string): Promise<void> {
  const at = new Date().toISOString();
  await db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: at })
    .where('family_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export type IssuedSession = { token: string; refreshToken: string; expiresIn: number; user: SessionUser };

export class AuthService {
  private readonly lockout: LoginLockout;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly signer: TokenSigner,
    private readonly config: Config,
    /** Told of each session this process ends, once that has committed. */
    private readonly onEnded: (sessionId: string) => void = () => undefined,
  ) {
    this.lockout = new LoginLockout(db, {
      maxFailures: config.loginMaxFailures,
      addressMaxFailures: config.loginAddressMaxFailures,
      lockMinutes: config.loginLockMinutes,
    });
  }

  accessToken(user: SessionUser, sessionId: string): string {
    const now = Math.floor(Date.now() / 1000);
    return this.signer.sign({
      sub: user.userId,
      ent: user.enterpriseId,
      com: user.companyId,
      org: user.orgId,
      una: user.userName,
      rol: user.roles,
      int: user.isInternal,
      grp: user.isGroup,
      sup: user.isSupervisor,
      wh: user.warehouseId === null ? null : Number(user.warehouseId),
      sid: sessionId,
      iat: now,
      exp: now + this.config.accessTokenTtlSeconds,
    });
  }

  private async newRefreshToken(db: Kysely<DB>, userId: string, familyId: string): Promise<string> {
    const token = randomToken();
    await db
      .insertInto('refresh_tokens')
      .values({
        token_hash: sha256Hex(token),
        family_id: familyId,
        user_id: userId,
        expires_at: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000).toISOString(),
      })
      .execute();
    return token;
  }

  /** A new session (sign-in): its row and first refresh token commit together. */
  private async issue(user: SessionUser, db?: Kysely<DB>): Promise<IssuedSession> {
    const create = async (trx: Kysely<DB>) => {
      const sessionId = crypto.randomUUID();
      await trx.insertInto('sessions').values({ id: sessionId, user_id: user.userId }).execute();
      const refreshToken = await this.newRefreshToken(trx, user.userId, sessionId);
      return { token: this.accessToken(user, sessionId), refreshToken, expiresIn: this.config.accessTokenTtlSeconds, user };
    };
    return db ? create(db) : this.db.transaction().execute(create);
  }

  /** Entry from the portal with ?userId= (and a signed ticket, used once, when PORTAL_SECRET is set). */
  async enter(userId: string, ticket: string | undefined): Promise<IssuedSession> {
    if (!this.config.portalSecret) {
      const user = await findSessionUser(this.db, userId);
      if (!user) throw new AppError(40100, '用户不存在或已停用，请从门户重新进入');
      return this.issue(user);
    }
    const now = Math.floor(Date.now() / 1000);
    const checked = ticket
      ? checkPortalTicket(this.config.portalSecret, userId, ticket, now, PORTAL_TICKET_MAX_LIFETIME_SECONDS)
      : undefined;
    if (!checked?.ok) {
      if (checked?.reason === 'tooFarAhead') {
        throw new AppError(40100, `门户票据有效期过长（最长 ${PORTAL_TICKET_MAX_LIFETIME_SECONDS} 秒），请从门户重新进入`);
      }
      throw new AppError(40100, '门户票据无效或已过期，请从门户重新进入');
    }
    const issued = await this.db.transaction().execute(async (trx) => {
      // The nonce and the session commit together: a ticket is spent only by an entry that succeeded, and the
      // primary key makes a concurrent second use (any app process) wait for this one and then find the row.
      const spent = await trx
        .insertInto('portal_ticket_nonces')
        .values({ nonce_hash: checked.nonce, user_id: userId, expires_at: new Date(checked.exp * 1000).toISOString() })
        .onConflict((oc) => oc.column('nonce_hash').doNothing())
        .returning('nonce_hash')
        .executeTakeFirst();
      if (!spent) throw new AppError(40100, '门户票据已使用过，请从门户重新进入');
      const user = await findSessionUser(trx, userId);
      if (!user) throw new AppError(40100, '用户不存在或已停用，请从门户重新进入');
      return this.issue(user, trx);
    });
    await this.purgeSpentTickets(now);
    return issued;
  }

  /** Forgets nonces of tickets that have expired (those are refused for their expiry alone). */
  private async purgeSpentTickets(nowSeconds: number): Promise<void> {
    await this.db
      .deleteFrom('portal_ticket_nonces')
      .where('expires_at', '<', new Date((nowSeconds - NONCE_PURGE_GRACE_SECONDS) * 1000).toISOString())
      .execute();
  }

  /** The template's username/password login, from source `address`; wrong passwords lead to a temporary lockout. */
  async login(username: string, password: string, address: string): Promise<IssuedSession> {
    if (this.config.portalSecret && !this.config.templateLogin) {
      // With portal tickets on, a password known to the template would bypass them (issue 9).
      throw new AppError(40300, '已启用门户票据，模板登录已关闭，请从门户进入');
    }
    // A locked account or address is refused before any hashing: a flood of guesses costs no CPU.
    await this.lockout.assertNotLocked(username, address);
    const account = await findOperatorAccount(this.db, username);
    // Hash even for unknown users so timing does not reveal which usernames exist.
    const valid = await verifyPassword(
      password,
      account?.password_hash ?? 'scrypt$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    );
    const user = account && valid ? await findSessionUser(this.db, account.user_id) : undefined;
    if (!user) {
      const locked = await this.lockout.recordFailure(username, address);
      if (locked) throw locked;
      throw new AppError(40100, '用户名或密码错误');
    }
    await this.lockout.recordSuccess(username);
    return this.issue(user);
  }

  /** Rotates a refresh token: each works once; a reused one revokes its whole family. */
  async refresh(refreshToken: string): Promise<{ token: string; refreshToken: string; expiresIn: number }> {
    const hash = sha256Hex(refreshToken);
    const outcome = await this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).forUpdate().executeTakeFirst();
      if (!row) return { kind: 'invalid' as const };
      if (row.used_at !== null || row.revoked_at !== null) {
        // A spent token presented again: someone holds a copy. The whole session ends, its access tokens too.
        await revokeSession(trx, row.family_id);
        return { kind: 'reused' as const, sessionId: row.family_id };
      }
      if (new Date(row.expires_at).getTime() <= Date.now()) return { kind: 'invalid' as const };
      const session = await trx.selectFrom('sessions').select('revoked_at').where('id', '=', row.family_id).executeTakeFirst();
      if (!session || session.revoked_at !== null) return { kind: 'invalid' as const };
      const user = await findSessionUser(trx, row.user_id);
      if (!user) return { kind: 'invalid' as const };
      await trx.updateTable('refresh_tokens').set({ used_at: new Date().toISOString() }).where('id', '=', row.id).execute();
      const next = await this.newRefreshToken(trx, row.user_id, row.family_id);
      return { kind: 'ok' as const, user, next, sessionId: row.family_id };
    });
    if (outcome.kind === 'reused') this.onEnded(outcome.sessionId);
    if (outcome.kind !== 'ok') throw new AppError(40101, '刷新令牌无效或已使用，请重新登录');
    return {
      token: this.accessToken(outcome.user, outcome.sessionId),
      refreshToken: outcome.next,
      expiresIn: this.config.accessTokenTtlSeconds,
    };
  }

  /** Ends the session of the access token (`sessionId`) and of the refresh token, whichever the caller has. */
  async logout(sessionId: string | undefined, refreshToken: string | undefined): Promise<void> {
    const ended = await this.db.transaction().execute(async (trx) => {
      const ids = new Set<string>();
      if (sessionId) ids.add(sessionId);
      if (refreshToken) {
        const row = await trx
          .selectFrom('refresh_tokens')
          .select('family_id')
          .where('token_hash', '=', sha256Hex(refreshToken))
          .executeTakeFirst();
        if (row) ids.add(row.family_id);
      }
      for (const id of ids) await revokeSession(trx, id);
      return ids;
    });
    for (const id of ended) this.onEnded(id);
  }

  async sessionUser(userId: string): Promise<SessionUser> {
    const user = await findSessionUser(this.db, userId);
    if (!user) throw unauthorized('用户不存在或已停用');
    return user;
  }
}
