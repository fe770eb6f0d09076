// The demo seed: idempotent (runs once per database, inside one transaction).
import type { Kysely } from 'kysely';
import { seedIdentity } from './seed-identity.js';
import { seedBusiness } from './seed-business.js';
import type { DB } from './types.js';

export { DEMO_USER_IDS } from './seed-identity.js';

const SEED_MARKER = 'demo_seed_v1';

/** Seeds the demo data unless this database already has it. Returns whether it seeded. */
export async function seedDemo(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('app_secrets')
      .values({ name: SEED_MARKER, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!inserted) return false;
    await seedIdentity(trx);
    await seedBusiness(trx);
    return true;
  });
}
