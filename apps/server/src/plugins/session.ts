// Identity comes from the session token only, and only while its session lasts (logout, revocation and a
// deactivated user end it at once). Headers of spec section 7 (enterpriseId, companyId,
// userName, userId, isManager) are checked against it: a mismatch is refused with 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_COOKIE } from '@tfb/contract';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import type { SessionRefusal, SessionRegistry } from '../lib/session-registry.js';
import { readCookie } from '../lib/cookies.js';
import type { AccessClaims, TokenSigner } from '../lib/tokens.js';

export type Session = {
  /** The sign-in this request belongs to (logout ends it). */
  sessionId: string;
  userId: string;
  enterpriseId: string;
  companyId: string;
  orgId: string;
  userName: string;
  roles: readonly string[];
  isInternal: boolean;
  isGroup: boolean;
  isSupervisor: boolean;
  warehouseId: number | null;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; throws 401 when the request carries no valid token. */
    session(): Session;
    sessionOrNull(): Session | null;
  }
  interface FastifyContextConfig {
    /** A GET route opened as a link in a new window (files, print views): the Token cookie may stand in for the header. */
    cookieAuth?: boolean;
  }
}

const sessionFromClaims = (c: AccessClaims): Session => ({
  sessionId: c.sid,
  userId: c.sub,
  enterpriseId: c.ent,
  companyId: c.com,
  orgId: c.org,
  userName: c.una,
  roles: c.rol,
  isInternal: c.int,
  isGroup: c.grp,
  isSupervisor: c.sup,
  warehouseId: c.wh,
});

const header = (req: FastifyRequest, name: string): string | undefined => {
  const v = req.headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

const decodeHeader = (v: string): string => {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
};

function checkHeaders(req: FastifyRequest, s: Session): void {
  const checks: [string, string][] = [
    ['enterpriseId', s.enterpriseId],
    ['companyId', s.companyId],
    ['userId', s.userId],
  ];
  for (const [name, expected] of checks) {
    const given = header(req, name);
    if (given !== undefined && given !== '' && given !== expected) {
      throw forbidden(`请求头 ${name} 与当前会话不一致`);
    }
  }
  const userName = header(req, 'userName');
  if (userName !== undefined && userName !== '' && decodeHeader(userName) !== s.userName) {
    throw forbidden('请求头 userName 与当前会话不一致');
  }
  const isManager = header(req, 'isManager');
  if (isManager !== undefined && isManager !== '' && isManager !== '0') {
    throw forbidden('请求头 isManager 只能为 0');
  }
}

const kSession = Symbol('session');
type WithSession = FastifyRequest & { [kSession]?: Session | null };

/** The token a request presents: the `token` header, or on routes that allow it (`config.cookieAuth`), the cookie. */
function presentedToken(req: FastifyRequest): string | undefined {
  const token = header(req, 'token');
  if (token) return token;
  // Only GET routes that declare it (file and print views opened in a new window, where no header can be set)
  // accept the cookie; nothing that changes state does, so a cross-site link or form cannot act with it.
  if (req.method === 'GET' && req.routeOptions.config.cookieAuth === true) return readCookie(req.headers.cookie, TOKEN_COOKIE);
  return undefined;
}

const REFUSALS = {
  invalid: '登录已过期，请重新登录',
  ended: '会话已结束（已退出、已在别处撤销或账号已停用），请重新进入',
  changed: '账号信息或权限已变更，请重新进入',
} as const;

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { signer: TokenSigner; registry: SessionRegistry }) => {
    app.decorateRequest('sessionOrNull', function (this: FastifyRequest): Session | null {
      return (this as WithSession)[kSession] ?? null;
    });
    app.decorateRequest('session', function (this: FastifyRequest): Session {
      const s = this.sessionOrNull();
      if (!s) throw unauthorized('未登录或登录已过期');
      return s;
    });
    /** Lets the request act as the token's session, unless the session refuses it (an open route goes on without one). */
    const admit = (req: FastifyRequest, claims: AccessClaims, refusal: SessionRefusal | undefined, open: boolean): void => {
      if (refusal) {
        if (open) return;
        throw new AppError(40100, REFUSALS[refusal]);
      }
      const s = sessionFromClaims(claims);
      if (!open) checkHeaders(req, s);
      (req as WithSession)[kSession] = s;
    };
    // Before every route's own hooks (access, rate limits) and its validation: who is calling, and may that
    // session still act (a per-request check, cached and invalidated across processes by the registry). A callback
    // hook: when the registry's answer is cached (nearly every request) nothing waits, and an async hook would still
    // cost a promise and a turn of the microtask queue.
    app.addHook('onRequest', (req, _reply, done) => {
      const access = req.routeOptions.config.access;
      // No route matched (the not-found handler): nobody to identify.
      if (access === undefined) return done();
      const open = access === 'public';
      const token = presentedToken(req);
      if (!token) return done();
      const claims = opts.signer.verify(token);
      // An open route (entry, refresh, logout) works for a caller whose old token is no longer good.
      if (!claims) return done(open ? undefined : unauthorized(REFUSALS.invalid));
      const known = opts.registry.checkCached(claims);
      if (known === undefined) {
        opts.registry
          .check(claims)
          .then((refusal) => admit(req, claims, refusal, open))
          .then(() => done(), done);
        return;
      }
      try {
        admit(req, claims, known.refusal, open);
      } catch (refusal) {
        return done(refusal as Error);
      }
      done();
    });
  },
  { name: 'session' },
);

export const sessionFromClaimsForTest = sessionFromClaims;
