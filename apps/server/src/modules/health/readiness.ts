// Readiness: whether this process should be sent traffic. The database must answer, soon, and hold every migration
// this build ships (a process started against an older schema, or one whose database is gone, says so).
import type { Readiness } from '@tfb/contract';
import type { Database } from '../../db/connection.js';
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
