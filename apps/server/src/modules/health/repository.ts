import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { pgErrorCode } from '../../lib/business-codes.js';

/** Resolves once the database answers a query; rejects (a 500) when it cannot. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The migration versions the database records as applied (none before the first migration made the table). */
export async function appliedMigrationVersions(db: Kysely<DB>): Promise<Set<string>> {
  try {
    const { rows } = await sql<{ version: string }>`select version from schema_migrations`.execute(db);
    return new Set(rows.map((r) => r.version));
  } catch (e) {
    if (pgErrorCode(e) === '42P01') return new Set();
    throw e;
  }
}
