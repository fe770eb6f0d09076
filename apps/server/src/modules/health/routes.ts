import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  HealthLiveReplySchema,
  HealthReadyReplySchema,
  HealthReplySchema,
  OPERATIONS_MESSAGES,
  SESSION_PATHS,
  type Readiness,
} from '@tfb/contract';
import type { Database } from '../../db/connection.js';
import { listMigrations } from '../../db/migrate.js';
import { ok } from '../../lib/reply.js';
import { appliedMigrationVersions, pingDatabase } from './repository.js';

/** How long readiness waits for the database before it counts as not answering. */
export const READINESS_TIMEOUT_MS = 2000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

/** Whether the database answers and has applied every migration in `expected`. */
export async function readiness(database: Database, expected: readonly string[], timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  let applied: Set<string>;
  try {
    applied = await withTimeout(
      pingDatabase(database.db).then(() => appliedMigrationVersions(database.db)),
      timeoutMs,
    );
  } catch {
    return { status: 'notReady', database: { kind: database.kind, answers: false }, migrations: null };
  }
  const pending = expected.filter((v) => !applied.has(v));
  return {
    status: pending.length ? 'notReady' : 'ready',
    database: { kind: database.kind, answers: true },
    migrations: { expected: expected.length, applied: expected.length - pending.length, pending },
  };
}

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
