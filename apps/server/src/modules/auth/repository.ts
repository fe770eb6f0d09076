// Users, their roles and menus, operator accounts and refresh tokens.
import type { Kysely } from 'kysely';
import type { MenuEntry, SessionUser } from '@tfb/contract';
import type { DB } from '../../db/types.js';

type StoredMenu = { menu_name: string; path: string; is_hidden: number };

/**
 * The menu list a session carries (of spec section 6, where a flag of 1 means shown): the enterprise's stored list, which its
 * administrator edits (/system/menus), narrowed by the user's own rows: a menu the enterprise hides is hidden; for
 * the others the user's row decides, then the enterprise's; a menu neither names follows the spec's default.
 */
export function effectiveMenus(enterprise: readonly StoredMenu[], user: readonly StoredMenu[]): MenuEntry[] {
  const byName = new Map<string, MenuEntry>();
  const entry = (m: StoredMenu): MenuEntry => ({ menuName: m.menu_name, path: m.path, isHidden: m.is_hidden === 1 ? 1 : 0 });
  for (const m of enterprise) byName.set(m.menu_name, entry(m));
  for (const m of user) if (byName.get(m.menu_name)?.isHidden !== 0) byName.set(m.menu_name, entry(m));
  return [...byName.values()];
}

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
  const [roles, menus, enterpriseMenus] = await Promise.all([
    db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute(),
    db
      .selectFrom('user_menus')
      .select(['menu_name', 'path', 'is_hidden'])
      .where('user_id', '=', userId)
      .orderBy('sort')
      .orderBy('menu_name')
      .execute(),
    db
      .selectFrom('enterprise_menus')
      .select(['menu_name', 'path', 'is_hidden'])
      .where('enterprise_id', '=', row.enterprise_id)
      .orderBy('sort')
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
    menus: effectiveMenus(enterpriseMenus, menus),
  };
}

export async function findOperatorAccount(db: Kysely<DB>, username: string) {
  return db
    .selectFrom('operator_accounts')
    .select(['username', 'password_hash', 'user_id'])
    .where('username', '=', username)
    .executeTakeFirst();
}
