// The browser's session cookies, both written by the server and unreadable by page script (HttpOnly):
// - `Token`, the access token, SameSite=Lax, for links opened in a new window (file and print views) — only GET
//   routes that declare `cookieAuth` accept it;
// - the refresh token, SameSite=Strict and scoped to the refresh call's path, so no other request carries it.
// `Secure` when the request came over HTTPS (or HSTS says the product is served only over HTTPS).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, SESSION_PATHS, TOKEN_COOKIE } from '@tfb/contract';
import type { Config } from '../../config.js';

type CookieSpec = { name: string; value: string; path: string; maxAgeSeconds: number; sameSite: 'Lax' | 'Strict'; secure: boolean };

const serialize = (c: CookieSpec): string =>
  [
    `${c.name}=${encodeURIComponent(c.value)}`,
    `Path=${c.path}`,
    `Max-Age=${Math.max(0, Math.floor(c.maxAgeSeconds))}`,
    'HttpOnly',
    `SameSite=${c.sameSite}`,
    ...(c.secure ? ['Secure'] : []),
  ].join('; ');

const isSecure = (req: FastifyRequest, config: Config): boolean => config.hsts || req.protocol === 'https';

/** Sets both cookies for a newly issued or refreshed session. */
export function setSessionCookies(
  req: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  tokens: { token: string; refreshToken: string },
): void {
  const secure = isSecure(req, config);
  void reply.header('set-cookie', [
    serialize({ name: TOKEN_COOKIE, value: tokens.token, path: '/', maxAgeSeconds: config.accessTokenTtlSeconds, sameSite: 'Lax', secure }),
    serialize({
      name: REFRESH_COOKIE,
      value: tokens.refreshToken,
      path: SESSION_PATHS.refresh,
      maxAgeSeconds: config.refreshTokenTtlSeconds,
      sameSite: 'Strict',
      secure,
    }),
  ]);
}

/** Removes both cookies (logout, a refused refresh). */
export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply, config: Config): void {
  const secure = isSecure(req, config);
  void reply.header('set-cookie', [
    serialize({ name: TOKEN_COOKIE, value: '', path: '/', maxAgeSeconds: 0, sameSite: 'Lax', secure }),
    serialize({ name: REFRESH_COOKIE, value: '', path: SESSION_PATHS.refresh, maxAgeSeconds: 0, sameSite: 'Strict', secure }),
  ]);
}
