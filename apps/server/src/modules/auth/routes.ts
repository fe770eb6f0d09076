// Session calls: portal entry, session profile, refresh rotation, logout, and the template's login.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EntryBodySchema,
  EntryReplySchema,
  LoginBodySchema,
  LoginReplySchema,
  RefreshBodySchema,
  RefreshReplySchema,
  SESSION_PATHS,
  PublicConfigReplySchema,
  SessionReplySchema,
  UserInfoReplySchema,
  envelope,
  inputString,
} from '@tfb/contract';
import fastifyRateLimit from '@fastify/rate-limit';
import { RetryLaterError } from '../../lib/errors.js';
import { DatabaseRateLimitCounter } from '../../lib/rate-limit-store.js';
import { ok } from '../../lib/reply.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ signer: TokenSigner }> = async (app, opts) => {
  const service = new AuthService(app.database.db, opts.signer, app.config);
  const tags = ['session'];

  // Requests per source address on the sign-in calls, counted in the shared database (every app process
  // together). Only routes that declare `config.rateLimit` are limited.
  await app.register(fastifyRateLimit, {
    global: false,
    store: new DatabaseRateLimitCounter(app.database.db).storeClass(),
    errorResponseBuilder: (_req, ctx) =>
      new RetryLaterError(`请求过于频繁，请 ${Math.max(1, Math.ceil(ctx.ttl / 1000))} 秒后再试`, ctx.ttl / 1000),
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
    async (req) => ok(await service.enter(req.body.userId, req.body.ticket)),
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
    async (req) => ok(await service.refresh(req.body.refreshToken)),
  );

  app.post(
    SESSION_PATHS.logout,
    {
      config: { access: 'public' },
      schema: {
        tags,
        security: [],
        // A body-less POST arrives as null: logout then has nothing to revoke, which is fine.
        body: z.object({ refreshToken: inputString().max(512).optional() }).nullish(),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await service.logout(req.body?.refreshToken);
      return ok(null);
    },
  );

  app.post(
    SESSION_PATHS.login,
    {
      config: { access: 'public', rateLimit: perAddress('login', app.config.loginRatePerMinute) },
      schema: { tags, security: [], body: LoginBodySchema, response: { 200: LoginReplySchema } },
    },
    async (req) => {
      const s = await service.login(req.body.username, req.body.password, req.ip);
      return ok({ token: s.token, refreshToken: s.refreshToken });
    },
  );

  app.get(SESSION_PATHS.userInfo, { config: { access: 'signedIn' }, schema: { tags, response: { 200: UserInfoReplySchema } } }, async (req) => {
    const user = await service.sessionUser(req.session().userId);
    return ok({ roles: user.roles, name: user.name, avatar: user.avatar, introduction: user.introduction });
  });
};
