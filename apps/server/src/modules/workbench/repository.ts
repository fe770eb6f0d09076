// The workbench figures of one enterprise: its name and the row count of each business area the caller may read.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { can, type Permission, type Workbench } from '@tfb/contract';
import type { DB } from '../../db/types.js';

type AreaCount = { permission: Permission; table: keyof DB; live?: RawBuilder<unknown> };

/** Each card's figure: the rows of its table in the enterprise (live rows only where the table keeps others). */
const AREAS = {
  salesOrders: { permission: 'orders:read', table: 'sales_orders' },
  purchaseOrders: { permission: 'orders:read', table: 'purchase_orders' },
  projects: { permission: 'projects:read', table: 'projects' },
  contracts: { permission: 'contracts:read', table: 'contracts' },
  loanApplications: { permission: 'funds:read', table: 'loan_applications' },
  inStorageNotices: { permission: 'warehouse:read', table: 'in_storage_notices', live: sql`and is_create = 0` },
  deliveryInstructions: { permission: 'warehouse:read', table: 'delivery_instructions', live: sql`and is_create = 0` },
  goods: { permission: 'goods:read', table: 'goods' },
  addresses: { permission: 'customers:read', table: 'delivery_addresses', live: sql`and is_delete = 0` },
} as const satisfies Record<keyof Workbench['counts'], AreaCount>;

export async function enterpriseName(db: Kysely<DB>, enterpriseId: string): Promise<string> {
  const e = await db.selectFrom('enterprises').select('name').where('id', '=', enterpriseId).executeTakeFirst();
  return e?.name ?? '';
}

/** The enterprise's count of every area; null where `roles` may not read the area (its card is not shown). */
export async function areaCounts(db: Kysely<DB>, enterpriseId: string, roles: readonly string[]): Promise<Workbench['counts']> {
  const count = async ({ permission, table, ...rest }: AreaCount): Promise<number | null> => {
    if (!can(roles, permission)) return null;
    const live = rest.live ?? sql``;
    const r = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where enterprise_id = ${enterpriseId} ${live}`.execute(db);
    return r.rows[0]?.n ?? 0;
  };
  const keys = Object.keys(AREAS) as (keyof typeof AREAS)[];
  const figures = await Promise.all(keys.map((k) => count(AREAS[k])));
  return Object.fromEntries(keys.map((k, i) => [k, figures[i] ?? null])) as Workbench['counts'];
}
