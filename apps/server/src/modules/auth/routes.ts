// Session calls: portal entry, session profile, refresh rotation, logout, and the template's login.
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EntryBodySchema,
  EntryReplySchema,
  LoginBodySchema,
  LogoutBodySchema,
  LogoutReplySchema,
  REFRESH_COOKIE,
  LoginReplySchema,
  RefreshBodySchema,
  RefreshReplySchema,
  SESSION_PATHS,
  PublicConfigReplySchema,
  SessionReplySchema,
  UserInfoReplySchema,
} from '@tfb/contract';
import fastifyRateLimit from '@fastify/rate-limit';
import { RetryLaterError, fieldError } from '../../lib/errors.js';
import { readCookie } from '../../lib/cookies.js';
import { DatabaseRateLimitCounter } from '../../lib/rate-limit-store.js';
import { ok } from '../../lib/reply.js';
import type { SessionRegistry } from '../../lib/session-registry.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { clearSessionCookies, setSessionCookies } from './cookies.js';
import { AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ signer: TokenSigner; sessions: SessionRegistry }> = async (app, opts) => {
  const service = new AuthService(app.database.db, opts.signer, app.config, (id) => opts.sessions.ended(id));
  const tags = ['session'];

  // Requests per source address on the sign-in calls, counted in the shared database (every app process
  // together). Only routes that declare `config.rateLimit` are limited.
  await app.register(fastifyRateLimit, {
    global: false,
    store: new DatabaseRateLimitCounter(app.database.db).storeClass(),
    errorResponseBuilder: (_req, ctx) =>
      new RetryLaterError(`请求过于频繁，请 ${Math.max(1, Math.ceil(ctx.ttl / 1000))} 秒后再试`, ctx.ttl / 1000),
  });
  // Refused sign-ins (over the request limit, or locked) are answered after a delay: holding the answer costs a
  // timer, and a flood that waits for answers (as guessers do) slows to one try per connection per delay.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode === 429 && app.config.signInRefusalDelayMs > 0) await delay(app.config.signInRefusalDelayMs);
    return payload;
  });
  const perAddress = (route: string, perMinute: number) => ({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: (req: { ip: string }) => `${route}:${req.ip}`,
  });

  app.post(
    SESSION_PATHS.entry,
    {
      config: { access: 'public', rateLimit: perAddress('entry', app.config.entryRatePerMinute) },
      schema: { tags, security: [], body: EntryBodySchema, response: { 200: EntryReplySchema } },
    },
    async (req, reply) => {
      const issued = await service.enter(req.body.userId, req.body.ticket);
      setSessionCookies(req, reply, app.config, issued);
      return ok(issued);
    },
  );

  app.get(
    SESSION_PATHS.publicConfig,
    { config: { access: 'public' }, schema: { tags, security: [], response: { 200: PublicConfigReplySchema } } },
    async () =>
      ok({
        portalUrl: app.config.portalUrl,
        ticketRequired: Boolean(app.config.portalSecret),
        templateLoginEnabled: !app.config.portalSecret || app.config.templateLogin,
        accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
      }),
  );

  app.get(SESSION_PATHS.session, { config: { access: 'signedIn' }, schema: { tags, response: { 200: SessionReplySchema } } }, async (req) =>
    ok(await service.sessionUser(req.session().userId)),
  );

  app.put(
    SESSION_PATHS.refresh,
    { config: { access: 'public' }, schema: { tags, security: [], body: RefreshBodySchema, response: { 200: RefreshReplySchema } } },
    async (req, reply) => {
      // The body's token (API clients) or the HttpOnly cookie (the browser, which sends a JSON `{}`: a PUT with a
      // JSON body is beyond a cross-site form, and the cookie is SameSite=Strict besides).
      const refreshToken = req.body.refreshToken ?? readCookie(req.headers.cookie, REFRESH_COOKIE);
      if (!refreshToken) throw fieldError('refreshToken', 'refreshToken is required');
      try {
        const renewed = await service.refresh(refreshToken);
        setSessionCookies(req, reply, app.config, renewed);
        return ok(renewed);
      } catch (e) {
        clearSessionCookies(req, reply, app.config);
        throw e;
      }
    },
  );

  app.post(
    SESSION_PATHS.logout,
    {
      config: { access: 'public' },
      schema: {
        tags,
        security: [],
        // A body-less POST arrives as null: the access token sent with it names the session to end.
        body: LogoutBodySchema,
        response: { 200: LogoutReplySchema },
      },
    },
    async (req, reply) => {
      await service.logout(req.sessionOrNull()?.sessionId, req.body?.refreshToken);
      clearSessionCookies(req, reply, app.config);
      return ok(null);
    },
  );

  app.post(
    SESSION_PATHS.login,
    {
      config: { access: 'public', rateLimit: perAddress('login', app.config.loginRatePerMinute) },
      schema: { tags, security: [], body: LoginBodySchema, response: { 200: LoginReplySchema } },
    },
    async (req, reply) => {
      const s = await service.login(req.body.username, req.body.password, req.ip);
      setSessionCookies(req, reply, app.config, s);
      return ok({ token: s.token, refreshToken: s.refreshToken });
    },
  );

  app.get(
    SESSION_PATHS.userInfo,
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: UserInfoReplySchema } } },
    async (req) => {
      const user = await service.sessionUser(req.session().userId);
      return ok({ roles: user.roles, name: user.name, avatar: user.avatar, introduction: user.introduction });
    },
  );
};
