// Versioned SQL migrations from apps/server/migrations, each applied once inside its own transaction.
import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './connection.js';

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

export function listMigrations(dir = MIGRATIONS_DIR): { version: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: fs.readFileSync(path.join(dir, f), 'utf8') }));
}

/** The advisory lock every migration step takes: one start-up migrates at a time. */
const MIGRATION_LOCK = 727274;

const quote = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Applies pending migrations; safe when several app processes start at once (advisory lock). */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Under the same lock: two start-ups creating the table at once would collide in PostgreSQL's catalogue
  // (IF NOT EXISTS does not guard against a concurrent creation) and one of them would fail to start.
  await database.execScript(`
    BEGIN;
    SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
    CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());
    COMMIT;`);
  const applied: string[] = [];
  for (const m of listMigrations(dir)) {
    // One script per migration: take the lock, skip if done, apply, record — all or nothing.
    const script = `
      BEGIN;
      SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});
      DO $migrate$ BEGIN
        IF EXISTS (SELECT 1 FROM schema_migrations WHERE version = ${quote(m.version)}) THEN
          RAISE EXCEPTION 'already-applied' USING ERRCODE = 'P0001';
        END IF;
      END $migrate$;
      ${m.sql}
      ;
      INSERT INTO schema_migrations (version) VALUES (${quote(m.version)});
      COMMIT;`;
    try {
      await database.execScript(script);
      applied.push(m.version);
    } catch (e) {
      if (String((e as Error).message).includes('already-applied')) continue;
      throw new Error(`Migration ${m.version} failed: ${(e as Error).message}`);
    }
  }
  return applied;
}
