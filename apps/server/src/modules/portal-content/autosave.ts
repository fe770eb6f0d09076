// The content editor's autosave: each user's working copy of an item's edit form (keyed by user and item) or of a
// type's add form (by user, site and type), never a version. Only its owner reads, writes or deletes it: the user
// and enterprise come from the session, and an item of another enterprise (or a deleted one) does not exist (404).
// A real save of the item by its owner deletes it (clearAutosave, called inside the save's transaction).
import { sql } from 'kysely';
import type { ContentAutosave, ContentData, SaveContentAutosaveBody } from '@tfb/contract';
import { missing, scopedItems, type Actor, type Db } from './items.js';

/** Whose autosave: the caller's, of item `itemId` (null: of the add form). */
type Owner = Pick<Actor, 'enterpriseId' | 'site' | 'type' | 'userId'>;

const ofOwner = (db: Db, owner: Owner, itemId: number | null) => {
  const q = db
    .selectFrom('portal_item_autosaves')
    .where('enterprise_id', '=', owner.enterpriseId)
    .where('site', '=', owner.site)
    .where('type', '=', owner.type)
    .where('user_id', '=', owner.userId);
  return itemId === null ? q.where('item_id', 'is', null) : q.where('item_id', '=', itemId);
};

async function assertItem(db: Db, owner: Owner, itemId: number | null): Promise<void> {
  if (itemId !== null && !(await scopedItems(db, owner).select('id').where('id', '=', itemId).executeTakeFirst())) throw missing();
}

export async function readAutosave(db: Db, owner: Owner, itemId: number | null): Promise<ContentAutosave | null> {
  await assertItem(db, owner, itemId);
  const row = await ofOwner(db, owner, itemId)
    .select(['data', 'go_live_at', 'expire_at', 'base_version', 'user_name', 'saved_time'])
    .executeTakeFirst();
  if (!row) return null;
  return {
    data: row.data as ContentData,
    goLiveAt: row.go_live_at,
    expireAt: row.expire_at,
    baseVersion: row.base_version,
    userName: row.user_name,
    savedTime: row.saved_time,
  };
}

export async function saveAutosave(
  db: Db,
  actor: Actor,
  itemId: number | null,
  body: SaveContentAutosaveBody,
): Promise<ContentAutosave | null> {
  await assertItem(db, actor, itemId);
  const copy = {
    data: JSON.stringify(body.data),
    go_live_at: body.goLiveAt,
    expire_at: body.expireAt,
    base_version: itemId === null ? null : (body.baseVersion ?? null),
    user_name: actor.userName,
    saved_time: sql<string>`now()`,
  };
  await db
    .insertInto('portal_item_autosaves')
    .values({ enterprise_id: actor.enterpriseId, site: actor.site, type: actor.type, item_id: itemId, user_id: actor.userId, ...copy })
    .onConflict((oc) =>
      (itemId === null
        ? oc.columns(['enterprise_id', 'site', 'type', 'user_id']).where('item_id', 'is', null)
        : oc.columns(['item_id', 'user_id']).where('item_id', 'is not', null)
      ).doUpdateSet(copy),
    )
    .execute();
  return readAutosave(db, actor, itemId);
}

export async function deleteAutosave(db: Db, owner: Owner, itemId: number | null): Promise<null> {
  await assertItem(db, owner, itemId);
  await clearAutosave(db, owner, itemId);
  return null;
}

/** Deletes the caller's autosave of the item (or of the add form): a real save makes it obsolete. */
export async function clearAutosave(trx: Db, owner: Owner, itemId: number | null): Promise<void> {
  let q = trx
    .deleteFrom('portal_item_autosaves')
    .where('enterprise_id', '=', owner.enterpriseId)
    .where('site', '=', owner.site)
    .where('type', '=', owner.type)
    .where('user_id', '=', owner.userId);
  q = itemId === null ? q.where('item_id', 'is', null) : q.where('item_id', '=', itemId);
  await q.execute();
}
