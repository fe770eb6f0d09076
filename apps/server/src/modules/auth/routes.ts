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
import { ok } from '../../lib/reply.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { AuthService } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ signer: TokenSigner }> = async (app, opts) => {
  const service = new AuthService(app.database.db, opts.signer, app.config);
  const tags = ['session'];

  app.post(
    SESSION_PATHS.entry,
    { config: { access: 'public' }, schema: { tags, security: [], body: EntryBodySchema, response: { 200: EntryReplySchema } } },
    async (req) => ok(await service.enter(req.body.userId, req.body.ticket)),
  );

  app.get(
    SESSION_PATHS.publicConfig,
    { config: { access: 'public' }, schema: { tags, security: [], response: { 200: PublicConfigReplySchema } } },
    async () =>
      ok({
        portalUrl: app.config.portalUrl,
        ticketRequired: Boolean(app.config.portalSecret),
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
    { config: { access: 'public' }, schema: { tags, security: [], body: LoginBodySchema, response: { 200: LoginReplySchema } } },
    async (req) => {
      const s = await service.login(req.body.username, req.body.password);
      return ok({ token: s.token, refreshToken: s.refreshToken });
    },
  );

  app.get(SESSION_PATHS.userInfo, { config: { access: 'signedIn' }, schema: { tags, response: { 200: UserInfoReplySchema } } }, async (req) => {
    const user = await service.sessionUser(req.session().userId);
    return ok({ roles: user.roles, name: user.name, avatar: user.avatar, introduction: user.introduction });
  });
};
