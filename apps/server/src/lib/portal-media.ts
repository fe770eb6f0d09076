// Media files of the portal sites as content items, pickers and the public site see them (MediaSummary): the
// one mapping from a portal_media row to its public URLs, the one look-up of a site's media by id, and the one
// insert of a new file's row (the library's upload and the demo seed).
import type { Kysely, Selectable } from 'kysely';
import { publicMediaUrl, type MediaKind, type MediaSummary, type PortalSite } from '@tfb/contract';
import type { DB } from '../db/types.js';

export type MediaRow = Selectable<DB['portal_media']>;
export type MediaVariant = { width: number; sha256: string; size: number };

export function mediaSummary(row: MediaRow): MediaSummary {
  const variants = (row.variants as MediaVariant[] | null) ?? [];
  return {
    id: Number(row.id),
    kind: row.kind as MediaSummary['kind'],
    fileName: row.file_name,
    alt: row.alt,
    url: publicMediaUrl(row.sha256),
    thumbUrl: row.thumb_sha256 ? publicMediaUrl(row.thumb_sha256) : null,
    width: row.width,
    height: row.height,
    variants: [...variants].sort((a, b) => a.width - b.width).map((v) => ({ width: v.width, url: publicMediaUrl(v.sha256) })),
    size: Number(row.size_bytes),
    mimeType: row.mime_type,
  };
}

/** The site's media files among `ids` (deleted ones included, so an item still shows what it points at), by id. */
export async function mediaByIds(
  db: Kysely<DB>,
  scope: { enterpriseId: string; site: PortalSite },
  ids: readonly number[],
): Promise<Map<number, MediaSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('portal_media')
    .selectAll()
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), mediaSummary(r)]));
}

/** Who adds a file, to which site of which enterprise. */
export type MediaOwner = { enterpriseId: string; site: PortalSite; userId: string; userName: string };

/** A file whose bytes (and, for an image, variants) are already in the store. */
export type NewMedia = {
  kind: MediaKind;
  folder: string;
  fileName: string;
  alt: string;
  sha256: string;
  size: number;
  mimeType: string;
  width: number | null;
  height: number | null;
  thumbSha256: string | null;
  variants: MediaVariant[];
};

export async function insertMedia(db: Kysely<DB>, owner: MediaOwner, m: NewMedia): Promise<MediaRow> {
  return db
    .insertInto('portal_media')
    .values({
      enterprise_id: owner.enterpriseId,
      site: owner.site,
      kind: m.kind,
      folder: m.folder,
      file_name: m.fileName,
      alt: m.alt,
      sha256: m.sha256,
      size_bytes: m.size,
      mime_type: m.mimeType,
      width: m.width,
      height: m.height,
      thumb_sha256: m.thumbSha256,
      variants: JSON.stringify(m.variants),
      create_user_id: owner.userId,
      create_user_name: owner.userName,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
