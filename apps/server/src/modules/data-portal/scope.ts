// Whose figures a caller sees, decided from the session alone: a group user sees the member enterprises of their
// group (their own enterprise when the group has none); the staff of the platform enterprise see every enterprise;
// anyone else sees their own. The lookup is cached per user until the data version changes.
import { sql, type Kysely } from 'kysely';
import { DATA_PORTAL_MESSAGES, type DataScope } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import type { Session } from '../../plugins/session.js';
import { Lru, versionKey, type DataVersion } from '../../lib/version-cache.js';

export type Enterprise = { id: string; name: string };

/** A caller's scope: its kind and the enterprises it covers (every enterprise for `all`), by name. */
export type ResolvedScope = { scope: DataScope; enterprises: readonly Enterprise[] };

/** The enterprises a figure covers: a list, or null for every enterprise. */
export type EnterpriseIds = readonly string[] | null;

const scopes = new Lru<ResolvedScope>(2000);

export async function resolveScope(db: Kysely<DB>, version: DataVersion, s: Session): Promise<ResolvedScope> {
  const key = `${s.userId}|${s.enterpriseId}|${versionKey(version)}`;
  const hit = scopes.get(key);
  if (hit) return hit;
  const resolved = await lookUp(db, s);
  scopes.set(key, resolved);
  return resolved;
}

async function lookUp(db: Kysely<DB>, s: Session): Promise<ResolvedScope> {
  const own = await db
    .selectFrom('enterprises as e')
    .innerJoin('users as u', 'u.enterprise_id', 'e.id')
    .select(['e.id', 'e.name', 'e.is_platform', 'u.group_id'])
    .where('u.id', '=', s.userId)
    .executeTakeFirst();
  const ownEnterprise: Enterprise = own ? { id: own.id, name: own.name } : { id: s.enterpriseId, name: '' };
  if (own?.group_id) {
    const members = await db
      .selectFrom('enterprise_group_members as m')
      .innerJoin('enterprises as e', 'e.id', 'm.enterprise_id')
      .select(['e.id', 'e.name'])
      .where('m.group_id', '=', own.group_id)
      .orderBy('e.id')
      .execute();
    if (members.length) return { scope: 'group', enterprises: members };
  }
  if (own?.is_platform) {
    const all = await sql<Enterprise>`SELECT id, name FROM enterprises ORDER BY id`.execute(db);
    return { scope: 'all', enterprises: all.rows };
  }
  return { scope: 'enterprise', enterprises: [ownEnterprise] };
}

/** An enterprise's own scope, without a user: every enterprise for the platform, else the enterprise alone. */
export async function resolveEnterpriseScope(db: Kysely<DB>, version: DataVersion, enterpriseId: string): Promise<ResolvedScope> {
  const key = `enterprise:${enterpriseId}|${versionKey(version)}`;
  const hit = scopes.get(key);
  if (hit) return hit;
  const own = await db.selectFrom('enterprises').select(['id', 'name', 'is_platform']).where('id', '=', enterpriseId).executeTakeFirst();
  let resolved: ResolvedScope;
  if (own?.is_platform) {
    const all = await sql<Enterprise>`SELECT id, name FROM enterprises ORDER BY id`.execute(db);
    resolved = { scope: 'all', enterprises: all.rows };
  } else {
    resolved = { scope: 'enterprise', enterprises: [{ id: enterpriseId, name: own?.name ?? '' }] };
  }
  scopes.set(key, resolved);
  return resolved;
}

/** The enterprises a filter covers within the scope: the one it names (refused outside the scope), else the scope's. */
export function narrowScope(scope: ResolvedScope, enterpriseId: string | undefined, field = 'enterpriseId'): EnterpriseIds {
  if (enterpriseId !== undefined) {
    if (!scope.enterprises.some((e) => e.id === enterpriseId)) {
      throw new AppError(40300, DATA_PORTAL_MESSAGES.enterpriseOutOfScope, [{ field, message: DATA_PORTAL_MESSAGES.enterpriseOutOfScope }]);
    }
    return [enterpriseId];
  }
  return scope.scope === 'all' ? null : scope.enterprises.map((e) => e.id);
}
