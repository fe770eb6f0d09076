import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthReplySchema, SESSION_PATHS } from '@tfb/contract';
import { ok } from '../../lib/reply.js';
import { pingDatabase } from './repository.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SESSION_PATHS.health,
    { config: { access: 'public' }, schema: { tags: ['system'], security: [], response: { 200: HealthReplySchema } } },
    async () => {
      await pingDatabase(app.database.db);
      return ok({ status: 'ok' as const, database: app.database.kind });
    },
  );
};
