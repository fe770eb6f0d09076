// Users a test needs that the demo seed does not have (e.g. a warehouse user of enterprise B), written straight
// into the test's own database; enter them with the test app's enter(id) like any demo user.
import type { Kysely } from 'kysely';
import type { Role } from '@tfb/contract';
import { insertUsers } from '../../src/db/seed-identity.js';
import type { DB } from '../../src/db/types.js';

export type TestUser = {
  id: string;
  enterpriseId: string;
  orgId: string;
  roles: Role[];
  warehouseId?: number | null;
  isSupervisor?: boolean;
};

export async function addTestUser(db: Kysely<DB>, u: TestUser): Promise<void> {
  await db.transaction().execute((trx) =>
    insertUsers(trx, [
      {
        id: u.id,
        enterprise_id: u.enterpriseId,
        org_id: u.orgId,
        user_name: u.id,
        name: u.id,
        is_supervisor: u.isSupervisor ?? false,
        warehouse_id: u.warehouseId ?? null,
        roles: u.roles,
      },
    ]),
  );
}
