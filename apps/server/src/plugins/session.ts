// Identity comes from the session token only. Headers of spec section 7 (enterpriseId, companyId,
// userName, userId, isManager) are checked against it: a mismatch is refused with 403.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_COOKIE } from '@tfb/contract';
import { forbidden, unauthorized } from '../lib/errors.js';
import type { AccessClaims, TokenSigner } from '../lib/tokens.js';

export type Session = {
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
}

const sessionFromClaims = (c: AccessClaims): Session => ({
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

const readCookie = (header: string | undefined, name: string): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) {
      try {
        return decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
};

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

export const sessionPlugin = fp(
  async (app: FastifyInstance, opts: { signer: TokenSigner }) => {
    app.decorateRequest('sessionOrNull', function (this: FastifyRequest): Session | null {
      let token = header(this, 'token');
      // The cookie is accepted for GET only (links opened in a new window, e.g. print and file views),
      // so a cross-site form cannot write with it.
      if (!token && this.method === 'GET') token = readCookie(this.headers.cookie, TOKEN_COOKIE);
      if (!token) return null;
      const claims = opts.signer.verify(token);
      if (!claims) throw unauthorized();
      const s = sessionFromClaims(claims);
      checkHeaders(this, s);
      return s;
    });
    app.decorateRequest('session', function (this: FastifyRequest): Session {
      const s = this.sessionOrNull();
      if (!s) throw unauthorized('未登录或登录已过期');
      return s;
    });
  },
  { name: 'session' },
);

export const sessionFromClaimsForTest = sessionFromClaims;
