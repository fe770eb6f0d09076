import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthLiveReplySchema, HealthReadyReplySchema, HealthReplySchema, OPERATIONS_MESSAGES, SESSION_PATHS } from '@tfb/contract';
import { listMigrations } from '../../db/migrate.js';
import { ok } from '../../lib/reply.js';
import { readiness } from './readiness.js';
import { pingDatabase } from './repository.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['system'];
  app.get(
    SESSION_PATHS.health,
    { config: { access: 'public' }, schema: { tags, security: [], response: { 200: HealthReplySchema } } },
    async () => {
      await pingDatabase(app.database.db);
      return ok({ status: 'ok' as const, database: app.database.kind });
    },
  );

  // Liveness: the process answers (restart it when not); the database is not consulted.
  app.get(
    SESSION_PATHS.healthLive,
    { config: { access: 'public' }, schema: { tags, security: [], response: { 200: HealthLiveReplySchema } } },
    async () => ok({ status: 'ok' as const }),
  );

  // Readiness: send traffic here only when the database answers and the schema is the one this build expects.
  const expected = listMigrations().map((m) => m.version);
  app.get(
    SESSION_PATHS.healthReady,
    {
      config: { access: 'public' },
      schema: { tags, security: [], response: { 200: HealthReadyReplySchema, 503: HealthReadyReplySchema } },
    },
    async (_request, reply) => {
      const state = await readiness(app.database, expected);
      if (state.status === 'ready') return ok(state);
      return reply.status(503).send({ code: 50300, message: OPERATIONS_MESSAGES.notReady, data: state });
    },
  );
};
