// System settings: users and roles of the caller's enterprise, the role table, the enterprise's menu list, the
// platform's dictionaries and the enterprise's number rules.
import { sql, type Kysely } from 'kysely';
import {
  BUSINESS_MESSAGES,
  DEFAULT_SHOWN_MENUS,
  GROUP_USER_ROLES,
  INTERNAL_USER_ROLES,
  NUMBER_RULE_KEYS,
  ROLES,
  ROLE_NAMES,
  ROLE_PERMISSIONS,
  SYSTEM_MESSAGES,
  TOP_MENU_KEYS,
  type AssignRolesBody,
  type CreateDictEntryBodySchema,
  type CreateDictGroupBody,
  type DictEntryRow,
  type DictGroup,
  type EnterpriseMenu,
  type NumberDatePart,
  type NumberResetPeriod,
  type NumberRuleRow,
  type SaveMenusBody,
  type SystemRole,
  type SystemUser,
  type TopMenuKey,
} from '@tfb/contract';
import type { z } from 'zod';
import type { DB } from '../../db/types.js';
import type { Session } from '../../plugins/session.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';
import { numberRuleOf, previewNumber } from '../../lib/numbering.js';

type Db = Kysely<DB>;

// ---- Users and roles ----

const userColumns = [
  'u.id',
  'u.user_name',
  'u.name',
  'u.org_id',
  'o.name as org_name',
  'u.phone',
  'u.is_internal',
  'u.is_group',
  'u.is_active',
  'u.roles_version',
  sql<string[] | null>`(select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id)`.as('roles'),
] as const;

type UserRow = {
  id: string;
  user_name: string;
  name: string;
  org_id: string;
  org_name: string;
  phone: string;
  is_internal: boolean;
  is_group: boolean;
  is_active: boolean;
  roles_version: number;
  roles: string[] | null;
};

const toUser = (r: UserRow): SystemUser => ({
  userId: r.id,
  userName: r.user_name,
  name: r.name,
  orgId: r.org_id,
  orgName: r.org_name,
  phone: r.phone,
  roles: r.roles ?? [],
  isInternal: r.is_internal,
  isGroup: r.is_group,
  isActive: r.is_active,
  version: r.roles_version,
});

const usersOf = (db: Db, enterpriseId: string) =>
  db.selectFrom('users as u').innerJoin('organisations as o', 'o.id', 'u.org_id').where('u.enterprise_id', '=', enterpriseId);

export async function listUsers(db: Db, s: Session, search: string | undefined, w: PageWindow): Promise<Paged<SystemUser>> {
  const filtered = matchingAny(usersOf(db, s.enterpriseId), search, ['u.name', 'u.user_name', 'u.phone', 'o.name']);
  return fetchPage(
    db,
    filtered,
    (q) => q.select(userColumns).orderBy('u.user_name').orderBy('u.id'),
    w,
    (r) => toUser(r as UserRow),
  );
}

const getUser = async (db: Db, enterpriseId: string, userId: string): Promise<SystemUser | undefined> => {
  const row = await usersOf(db, enterpriseId).select(userColumns).where('u.id', '=', userId).executeTakeFirst();
  return row && toUser(row as UserRow);
};

/**
 * Replaces a user's roles. Role changes of one enterprise are serialised (the enterprise row is locked), so two
 * administrators taking each other's admin role at once cannot leave the enterprise without one.
 */
export async function assignRoles(db: Db, s: Session, userId: string, body: AssignRolesBody): Promise<SystemUser> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('enterprises').select('id').where('id', '=', s.enterpriseId).forUpdate().executeTakeFirst();
    const user = await getUser(trx, s.enterpriseId, userId);
    if (!user) throw notFound('用户');
    if (user.version !== body.version) throw conflict(BUSINESS_MESSAGES.staleVersion);
    const roles = [...new Set(body.roles)].sort();
    const forbidden = (allowed: readonly string[], message: string) => {
      if (roles.some((r) => !allowed.includes(r))) throw fieldError('roles', message);
    };
    if (user.isInternal) forbidden(INTERNAL_USER_ROLES, SYSTEM_MESSAGES.internalRoles);
    else if (user.isGroup) forbidden(GROUP_USER_ROLES, SYSTEM_MESSAGES.groupRoles);
    else {
      if (roles.includes('internal')) throw fieldError('roles', SYSTEM_MESSAGES.internalOnly);
      if (roles.includes('group')) throw fieldError('roles', SYSTEM_MESSAGES.groupOnly);
    }
    if (userId === s.userId && !roles.includes('admin')) throw fieldError('roles', SYSTEM_MESSAGES.ownAdmin);
    if (user.roles.includes('admin') && !roles.includes('admin')) {
      const others = await trx
        .selectFrom('users as u')
        .innerJoin('user_roles as r', 'r.user_id', 'u.id')
        .select('u.id')
        .where('u.enterprise_id', '=', s.enterpriseId)
        .where('u.is_active', '=', true)
        .where('r.role', '=', 'admin')
        .where('u.id', '<>', userId)
        .limit(1)
        .execute();
      if (others.length === 0) throw fieldError('roles', SYSTEM_MESSAGES.lastAdmin);
    }
    const unchanged = roles.length === user.roles.length && roles.every((r, i) => r === [...user.roles].sort()[i]);
    if (!unchanged) {
      await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
      await trx
        .insertInto('user_roles')
        .values(roles.map((role) => ({ user_id: userId, role })))
        .execute();
    }
    await trx
      .updateTable('users')
      .set({ roles_version: sql<number>`roles_version + 1`, updated_at: sql<string>`now()` })
      .where('id', '=', userId)
      .execute();
    return (await getUser(trx, s.enterpriseId, userId))!;
  });
}

/** Every role of the permission table with its permissions and the users of the caller's enterprise holding it. */
export async function listRoles(db: Db, s: Session): Promise<SystemRole[]> {
  const holders = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.role', 'u.id', 'u.name'])
    .where('u.enterprise_id', '=', s.enterpriseId)
    .orderBy('u.name')
    .execute();
  return ROLES.map((role) => ({
    role,
    name: ROLE_NAMES[role],
    permissions: [...ROLE_PERMISSIONS[role]],
    users: holders.filter((h) => h.role === role).map((h) => ({ userId: h.id, name: h.name })),
  }));
}

// ---- Menus ----

/** The path each top menu opens (the stored list's `path`). */
export const MENU_PATHS: Record<TopMenuKey, string> = {
  dashboard: '/portalWebsite/columnsettings',
  orders: '/orders',
  projects: '/projects',
  contracts: '/contracts',
  warehouse: '/warehouse',
  funds: '/funds',
  products: '/products',
  goods: '/goods',
  customers: '/customers',
  system: '/system',
  risk: '/risk',
  statistics: '/statistics',
  blockchain: '/blockchain',
};

export async function listMenus(db: Db, enterpriseId: string): Promise<EnterpriseMenu[]> {
  const rows = await db
    .selectFrom('enterprise_menus')
    .select(['menu_name', 'is_hidden'])
    .where('enterprise_id', '=', enterpriseId)
    .execute();
  const stored = new Map(rows.map((r) => [r.menu_name, r.is_hidden]));
  return TOP_MENU_KEYS.map((key) => {
    const flag = stored.get(key);
    const defaultShown = DEFAULT_SHOWN_MENUS.includes(key);
    return {
      menuName: key,
      path: MENU_PATHS[key],
      isHidden: flag === undefined ? (defaultShown ? 1 : 0) : flag === 1 ? 1 : 0,
      stored: flag !== undefined,
      defaultShown,
    };
  });
}

/** Replaces the enterprise's stored list (menus it leaves out follow the spec's defaults again). */
export async function saveMenus(db: Db, enterpriseId: string, body: SaveMenusBody): Promise<EnterpriseMenu[]> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('enterprise_menus').where('enterprise_id', '=', enterpriseId).execute();
    if (body.menus.length > 0) {
      await trx
        .insertInto('enterprise_menus')
        .values(
          body.menus.map((m) => ({
            enterprise_id: enterpriseId,
            menu_name: m.menuName,
            path: MENU_PATHS[m.menuName],
            is_hidden: m.isHidden,
            sort: TOP_MENU_KEYS.indexOf(m.menuName),
          })),
        )
        .execute();
    }
  });
  return listMenus(db, enterpriseId);
}

// ---- Dictionaries (platform-wide) ----

export async function listDictGroups(db: Db): Promise<DictGroup[]> {
  const rows = await db
    .selectFrom('dict_groups as g')
    .select(['g.name', 'g.label', sql<number>`(select count(*) from dict_entries e where e.group_name = g.name)::int`.as('n')])
    .orderBy('g.name')
    .execute();
  return rows.map((r) => ({ name: r.name, label: r.label, entryCount: Number(r.n) }));
}

export async function createDictGroup(db: Db, body: CreateDictGroupBody): Promise<DictGroup> {
  const row = await db
    .insertInto('dict_groups')
    .values({ name: body.name, label: body.label })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning(['name', 'label'])
    .executeTakeFirst();
  if (!row) throw fieldError('name', SYSTEM_MESSAGES.groupExists);
  return { ...row, entryCount: 0 };
}

const entryColumns = ['dict_key as dictKey', 'dict_value_name as dictValueName', 'sort', 'version'] as const;

const groupExists = async (db: Db, group: string) =>
  (await db.selectFrom('dict_groups').select('name').where('name', '=', group).executeTakeFirst()) !== undefined;

export async function listDictEntries(db: Db, group: string): Promise<DictEntryRow[]> {
  if (!(await groupExists(db, group))) throw notFound('字典组');
  return db.selectFrom('dict_entries').select(entryColumns).where('group_name', '=', group).orderBy('sort').orderBy('dict_key').execute();
}

export async function createDictEntry(db: Db, group: string, body: z.output<typeof CreateDictEntryBodySchema>): Promise<DictEntryRow> {
  if (!(await groupExists(db, group))) throw notFound('字典组');
  const row = await db
    .insertInto('dict_entries')
    .values({ group_name: group, dict_key: body.dictKey, dict_value_name: body.dictValueName, sort: body.sort })
    .onConflict((oc) => oc.columns(['group_name', 'dict_key']).doNothing())
    .returning(entryColumns)
    .executeTakeFirst();
  if (!row) throw fieldError('dictKey', SYSTEM_MESSAGES.dictKeyExists);
  return row;
}

export async function updateDictEntry(
  db: Db,
  group: string,
  dictKey: string,
  body: { dictValueName: string; sort: number; version: number },
): Promise<DictEntryRow> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('dict_entries')
      .select('version')
      .where('group_name', '=', group)
      .where('dict_key', '=', dictKey)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw notFound('字典项');
    if (current.version !== body.version) throw conflict(BUSINESS_MESSAGES.staleVersion);
    return trx
      .updateTable('dict_entries')
      .set({ dict_value_name: body.dictValueName, sort: body.sort, version: sql<number>`version + 1` })
      .where('group_name', '=', group)
      .where('dict_key', '=', dictKey)
      .returning(entryColumns)
      .executeTakeFirstOrThrow();
  });
}

export async function deleteDictEntry(db: Db, group: string, dictKey: string): Promise<{ dictKey: string }> {
  const row = await db
    .deleteFrom('dict_entries')
    .where('group_name', '=', group)
    .where('dict_key', '=', dictKey)
    .returning('dict_key')
    .executeTakeFirst();
  if (!row) throw notFound('字典项');
  return { dictKey: row.dict_key };
}

// ---- Number rules (per enterprise) ----

const ruleRow = async (db: Db, enterpriseId: string, numberKey: string): Promise<NumberRuleRow> => {
  const rule = await numberRuleOf(db, enterpriseId, numberKey);
  return {
    numberKey,
    prefix: rule.prefix,
    datePart: rule.datePart,
    sequenceWidth: rule.sequenceWidth,
    resetPeriod: rule.resetPeriod,
    stored: rule.stored,
    version: rule.version,
    nextNumber: await previewNumber(db, enterpriseId, rule),
  };
};

export async function listNumberRules(db: Db, enterpriseId: string): Promise<NumberRuleRow[]> {
  const out: NumberRuleRow[] = [];
  for (const key of NUMBER_RULE_KEYS) out.push(await ruleRow(db, enterpriseId, key));
  return out;
}

export async function saveNumberRule(
  db: Db,
  s: Session,
  numberKey: string,
  body: { prefix: string; datePart: NumberDatePart; sequenceWidth: number; resetPeriod: NumberResetPeriod; version: number },
): Promise<NumberRuleRow> {
  if (!NUMBER_RULE_KEYS.includes(numberKey)) throw notFound('编号规则');
  await db.transaction().execute(async (trx) => {
    const values = {
      prefix: body.prefix,
      date_part: body.datePart,
      sequence_width: body.sequenceWidth,
      reset_period: body.resetPeriod,
      updated_by: s.userId,
      updated_at: sql<string>`now()`,
    };
    if (body.version === 0) {
      const inserted = await trx
        .insertInto('number_rules')
        .values({ enterprise_id: s.enterpriseId, number_key: numberKey, ...values })
        .onConflict((oc) => oc.columns(['enterprise_id', 'number_key']).doNothing())
        .returning('version')
        .executeTakeFirst();
      if (!inserted) throw conflict(BUSINESS_MESSAGES.staleVersion);
      return;
    }
    const updated = await trx
      .updateTable('number_rules')
      .set({ ...values, version: sql<number>`version + 1` })
      .where('enterprise_id', '=', s.enterpriseId)
      .where('number_key', '=', numberKey)
      .where('version', '=', body.version)
      .returning('version')
      .executeTakeFirst();
    if (!updated) throw conflict(BUSINESS_MESSAGES.staleVersion);
  });
  return ruleRow(db, s.enterpriseId, numberKey);
}
