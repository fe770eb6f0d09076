// Users, their roles and menus, operator accounts and refresh tokens.
import type { Kysely } from 'kysely';
import type { SessionUser } from '@tfb/contract';
import type { DB } from '../../db/types.js';

export async function findSessionUser(db: Kysely<DB>, userId: string): Promise<SessionUser | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select([
      'u.id',
      'u.user_name',
      'u.name',
      'u.enterprise_id',
      'e.name as enterprise_name',
      'e.company_id',
      'u.org_id',
      'u.phone',
      'u.storage_address',
      'u.storage_address_id',
      'u.warehouse_id',
      'u.is_internal',
      'u.is_group',
      'u.is_supervisor',
      'u.avatar',
      'u.introduction',
    ])
    .where('u.id', '=', userId)
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  const [roles, menus] = await Promise.all([
    db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute(),
    db
      .selectFrom('user_menus')
      .select(['menu_name', 'path', 'is_hidden'])
      .where('user_id', '=', userId)
      .orderBy('sort')
      .orderBy('menu_name')
      .execute(),
  ]);
  return {
    userId: row.id,
    userName: row.user_name,
    name: row.name,
    enterpriseId: row.enterprise_id,
    enterpriseName: row.enterprise_name,
    companyId: row.company_id,
    orgId: row.org_id,
    phone: row.phone,
    storageAddress: row.storage_address,
    storageAddressId: row.storage_address_id,
    warehouseId: row.warehouse_id === null ? null : String(row.warehouse_id),
    isInternal: row.is_internal,
    isGroup: row.is_group,
    isSupervisor: row.is_supervisor,
    roles: roles.map((r) => r.role),
    avatar: row.avatar,
    introduction: row.introduction,
    menus: menus.map((m) => ({ menuName: m.menu_name, path: m.path, isHidden: m.is_hidden === 1 ? 1 : 0 })),
  };
}

export async function findOperatorAccount(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('operator_accounts')
    .select(['username', 'password_hash', 'user_id'])
    .where('username', '=', username)
    .executeTakeFirst();
}
