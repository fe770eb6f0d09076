import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Resolves once the database answers a query; rejects (a 500) when it cannot. */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
