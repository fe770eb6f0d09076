// The organisation-service reads: a user of the caller's enterprise, a dictionary group.
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { DictEntry, UserDetailSchema } from '@tfb/contract';
import type { DB } from '../../db/types.js';

type UserDetail = z.infer<typeof UserDetailSchema>;

/** A user of the enterprise, or undefined (also for another enterprise's user). */
export async function findUser(db: Kysely<DB>, enterpriseId: string, userId: string): Promise<UserDetail | undefined> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
    .select(['u.id', 'u.user_name', 'u.enterprise_id', 'e.name as enterprise_name', 'u.phone'])
    .where('u.id', '=', userId)
    .where('u.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  return (
    row && {
      userId: row.id,
      userName: row.user_name,
      enterpriseId: row.enterprise_id,
      enterpriseName: row.enterprise_name,
      phone: row.phone,
    }
  );
}

/** The entries of one dictionary group, in their display order. */
export async function dictEntries(db: Kysely<DB>, group: string): Promise<DictEntry[]> {
  return db
    .selectFrom('dict_entries')
    .select(['dict_key as dictKey', 'dict_value_name as dictValueName'])
    .where('group_name', '=', group)
    .orderBy('sort')
    .orderBy('dict_key')
    .execute();
}
