// The portal_media rows of one site of one enterprise: every query is scoped by both, and a deleted file is gone
// for the library (mediaByIds still finds it for the content that pointed at it). "Where used" reads the content
// items' references (portal_item_refs, ref_kind 'media').
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  MEDIA_MESSAGES,
  MEDIA_TOP_FOLDER,
  type MediaFile,
  type MediaFolder,
  type MediaKind,
  type MediaListQuery,
  type MediaUse,
  type PortalSite,
  type UpdateMediaBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';
import { mediaSummary, type MediaOwner, type MediaRow } from '../../lib/portal-media.js';

type Db = Kysely<DB>;
export type Scope = { enterpriseId: string; site: PortalSite };
export type Actor = MediaOwner;

const FILE = '媒体文件';

export const toMediaFile = (r: MediaRow): MediaFile => ({
  ...mediaSummary(r),
  folder: r.folder,
  version: r.version,
  createUserName: r.create_user_name,
  createTime: r.create_time,
  updateTime: r.update_time,
});

const live = (db: Db, scope: Scope) =>
  db.selectFrom('portal_media').where('enterprise_id', '=', scope.enterpriseId).where('site', '=', scope.site).where('deleted', '=', false);

export async function listMedia(db: Db, scope: Scope, q: MediaListQuery, w: PageWindow): Promise<Paged<MediaFile>> {
  let filtered = live(db, scope);
  if (q.folder !== undefined) filtered = filtered.where('folder', '=', q.folder === MEDIA_TOP_FOLDER ? '' : q.folder);
  if (q.kind) filtered = filtered.where('kind', '=', q.kind);
  filtered = matchingAny(filtered, q.name, ['file_name', 'alt']);
  return fetchPage(db, filtered, (f) => f.selectAll().orderBy('create_time', 'desc').orderBy('id', 'desc'), w, toMediaFile);
}

/** The site's folders that hold files (the top as ''), by path, each with its count. Bounded by what a library
 * holds: folders are few next to files, and a picker lists them all. */
export async function listFolders(db: Db, scope: Scope, kind?: MediaKind): Promise<MediaFolder[]> {
  let q = live(db, scope);
  if (kind) q = q.where('kind', '=', kind);
  const rows = await q
    .select(['folder', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('folder')
    .orderBy('folder')
    .limit(1000)
    .execute();
  return rows.map((r) => ({ folder: r.folder, count: Number(r.count) }));
}

export async function findMedia(db: Db, scope: Scope, id: number): Promise<MediaFile> {
  const row = await live(db, scope).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(FILE);
  return toMediaFile(row);
}

/** The content items (not deleted) whose draft or live copy refers to file `id`. */
export async function mediaUses(db: Db, scope: Scope, id: number): Promise<MediaUse[]> {
  const rows = await db
    .selectFrom('portal_item_refs as r')
    .innerJoin('portal_items as i', 'i.id', 'r.item_id')
    .select(['i.id', 'i.type', 'i.title'])
    .where('r.ref_kind', '=', 'media')
    .where('r.ref_id', '=', id)
    .where('i.enterprise_id', '=', scope.enterpriseId)
    .where('i.site', '=', scope.site)
    .where('i.deleted', '=', false)
    .orderBy('i.id')
    .limit(200)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), type: r.type, title: r.title }));
}

/** Scoped uses of a file that exists in the library (404 otherwise). */
export async function findMediaUses(db: Db, scope: Scope, id: number): Promise<MediaUse[]> {
  await findMedia(db, scope, id);
  return mediaUses(db, scope, id);
}

const lockMedia = async (trx: Transaction<DB>, scope: Scope, id: number): Promise<MediaRow> => {
  const row = await live(trx, scope).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound(FILE);
  return row;
};

export async function updateMedia(db: Db, scope: Scope, id: number, body: UpdateMediaBody): Promise<MediaFile> {
  return db.transaction().execute(async (trx) => {
    const row = await lockMedia(trx, scope, id);
    if (row.version !== body.version) throw conflict(MEDIA_MESSAGES.stale);
    if (row.kind === 'image' && body.alt === '') throw fieldError('alt', MEDIA_MESSAGES.altRequired);
    const updated = await trx
      .updateTable('portal_media')
      .set({
        file_name: body.fileName,
        alt: body.alt,
        folder: body.folder,
        version: row.version + 1,
        update_time: sql<string>`now()`,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMediaFile(updated);
  });
}

/** Marks the file deleted, unless a content item still uses it (409 naming them). Its bytes stay in the store:
 * other rows (or other uploads) may share them. */
export async function deleteMedia(db: Db, scope: Scope, id: number): Promise<{ id: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await lockMedia(trx, scope, id);
    const uses = await mediaUses(trx, scope, id);
    if (uses.length)
      throw conflict(
        MEDIA_MESSAGES.inUse(
          row.file_name,
          uses.map((u) => MEDIA_MESSAGES.use(u.title, u.id)),
        ),
      );
    await trx
      .updateTable('portal_media')
      .set({ deleted: true, update_time: sql<string>`now()` })
      .where('id', '=', id)
      .execute();
    return { id };
  });
}

/**
 * The content type of stored content `sha256` when a file of the library (any site, any enterprise: these are the
 * public sites' files) names it as its original, thumbnail or variant; undefined otherwise.
 */
export async function publicMediaType(db: Db, sha256: string): Promise<string | undefined> {
  const original = await db
    .selectFrom('portal_media')
    .select('mime_type')
    .where('sha256', '=', sha256)
    .where('deleted', '=', false)
    .limit(1)
    .executeTakeFirst();
  if (original) return original.mime_type;
  const derived = await db
    .selectFrom('portal_media')
    .select('id')
    .where('deleted', '=', false)
    .where((eb) => eb.or([eb('thumb_sha256', '=', sha256), sql<boolean>`variants @> ${JSON.stringify([{ sha256 }])}::jsonb`]))
    .limit(1)
    .executeTakeFirst();
  return derived ? 'image/webp' : undefined;
}
