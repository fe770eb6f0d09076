// The rows of portal_items as the calls see them: scoping (enterprise, site, type; deleted rows do not exist), the
// locked read every write starts with, the draft's mirrors and rendering, the references an item's copies make
// (checked at save, rewritten at every save and publish) and the wire shapes.
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  CONTENT_MESSAGES,
  CONTENT_TYPE_DEFS,
  SLOT_COLUMN_KINDS,
  type ContentData,
  type ContentItem,
  type ContentRow,
  type ContentStatus,
  type ContentType,
  type ContentTypeDef,
  type MediaSummary,
  type PortalSite,
  type RichTextBlock,
  type RichTextDocument,
  publicMediaSha,
} from '@tfb/contract';
import type { DB, PortalItems } from '../../db/types.js';
import { AppError, fieldError } from '../../lib/errors.js';
import { mediaByIds } from '../../lib/portal-media.js';
import { renderRichText } from '../../lib/rich-text/index.js';

/** Whose items: the caller's enterprise (from the session), the site and the content type of the path. */
export type Scope = { enterpriseId: string; site: PortalSite; type: ContentType };
export type Actor = Scope & { userId: string; userName: string };
export type Db = Kysely<DB>;
export type ItemRow = Selectable<PortalItems>;

export const typeDef = (type: ContentType): ContentTypeDef => CONTENT_TYPE_DEFS[type];

export const missing = () => new AppError(40400, CONTENT_MESSAGES.notFound);

/** The scope's items that exist (not deleted). */
export const scopedItems = (db: Db, scope: Scope) =>
  db
    .selectFrom('portal_items')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('type', '=', scope.type)
    .where('deleted', '=', false);

/** Item `id` of the scope, locked for the caller's transaction; 404 when the scope has no such item. */
export async function lockItem(trx: Db, scope: Scope, id: number): Promise<ItemRow> {
  const row = await scopedItems(trx, scope).selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw missing();
  return row;
}

export const reportedStatus = (r: Pick<ItemRow, 'status' | 'version' | 'live_version'>): ContentStatus =>
  r.status === 'published' && r.live_version !== null && r.version > r.live_version ? 'publishedWithDraft' : r.status;

const asData = (v: unknown): ContentData => (v && typeof v === 'object' && !Array.isArray(v) ? (v as ContentData) : {});

/** The columns the lists filter and sort by, mirrored from the draft. */
export function mirrors(data: ContentData) {
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  return {
    title: typeof data.title === 'string' ? data.title : '',
    column_id: num(data.columnId),
    slot_kind: typeof data.slotKind === 'string' ? data.slotKind : null,
    sort_order: num(data.sortOrder) ?? 0,
  };
}

/** The rich-text field of a type, if it has one. */
const richTextField = (type: ContentType) => typeDef(type).fields.find((f) => f.widget === 'richText');

/** The HTML of a copy's rich-text body, rendered and sanitised (null: the type or the copy has none). */
export function bodyHtml(type: ContentType, data: ContentData): string | null {
  const field = richTextField(type);
  const doc = field ? data[field.key] : null;
  return doc ? renderRichText(doc as RichTextDocument) : null;
}

/** The column and media ids a copy refers to. */
export function refsOf(type: ContentType, data: ContentData): { columns: number[]; media: number[] } {
  const columns: number[] = [];
  const media: number[] = [];
  for (const f of typeDef(type).fields) {
    const v = data[f.key];
    if (f.widget === 'column' && typeof v === 'number') columns.push(v);
    if (f.widget === 'columns' && Array.isArray(v)) columns.push(...v.filter((x): x is number => typeof x === 'number'));
    if ((f.widget === 'image' || f.widget === 'video') && typeof v === 'number') media.push(v);
  }
  return { columns, media };
}

/** The sha256s of the media library files a copy's rich-text body shows as images (their public URLs). */
export function bodyMediaShas(type: ContentType, data: ContentData): string[] {
  const field = richTextField(type);
  const doc = field ? (data[field.key] as RichTextDocument | null | undefined) : null;
  const shas = new Set<string>();
  // A loop, not recursion: the document's depth is bounded by the schema, but a stored one is walked the same way.
  const stack: RichTextBlock[] = [...(doc?.content ?? [])];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === 'image') {
      const sha = publicMediaSha(node.attrs.src);
      if (sha) shas.add(sha);
    } else if (node.type === 'bulletList' || node.type === 'orderedList') {
      for (const item of node.content) stack.push(...item.content);
    } else if (node.type === 'blockquote') stack.push(...node.content);
  }
  return [...shas];
}

/**
 * The scope's image files (not deleted) that hold each of `shas` as their original, thumbnail or a variant, locked
 * FOR SHARE like every media reference (see checkRefs). A sha several files hold (the same picture uploaded twice)
 * maps to all of them: each is in use while the body shows it.
 */
async function mediaIdsByShas(trx: Db, scope: { enterpriseId: string; site: PortalSite }, shas: readonly string[]) {
  const found = new Map<string, number[]>();
  if (shas.length === 0) return found;
  const rows = await trx
    .selectFrom('portal_media')
    .select(['id', 'sha256', 'thumb_sha256', 'variants'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('kind', '=', 'image')
    .where('deleted', '=', false)
    .where((eb) =>
      eb.or([
        eb('sha256', 'in', shas),
        eb('thumb_sha256', 'in', shas),
        // One containment test per sha, each answered by the GIN index on variants.
        ...shas.map((sha256) => sql<boolean>`variants @> ${JSON.stringify([{ sha256 }])}::jsonb`),
      ]),
    )
    .orderBy('id')
    .forShare()
    .execute();
  for (const r of rows) {
    const held = [r.sha256, r.thumb_sha256, ...((r.variants as { sha256: string }[] | null) ?? []).map((v) => v.sha256)];
    for (const sha of shas) if (held.includes(sha)) found.set(sha, [...(found.get(sha) ?? []), Number(r.id)]);
  }
  return found;
}

/** Rewrites what the item's draft and live copies refer to (the column guard and the media library read it). */
export async function writeRefs(trx: Db, item: Pick<ItemRow, 'id' | 'type' | 'draft' | 'live' | 'enterprise_id' | 'site'>): Promise<void> {
  const data = [asData(item.draft), ...(item.live ? [asData(item.live)] : [])];
  const copies = data.map((d) => refsOf(item.type, d));
  const shas = [...new Set(data.flatMap((d) => bodyMediaShas(item.type, d)))];
  const bodyMedia = await mediaIdsByShas(trx, { enterpriseId: item.enterprise_id, site: item.site }, shas);
  const columns = new Set(copies.flatMap((c) => c.columns));
  const media = new Set([...copies.flatMap((c) => c.media), ...[...bodyMedia.values()].flat()]);
  await trx.deleteFrom('portal_item_refs').where('item_id', '=', item.id).execute();
  const rows = [
    ...[...columns].map((ref_id) => ({ item_id: item.id, ref_kind: 'column' as const, ref_id })),
    ...[...media].map((ref_id) => ({ item_id: item.id, ref_kind: 'media' as const, ref_id })),
  ];
  if (rows.length) await trx.insertInto('portal_item_refs').values(rows).execute();
}

/**
 * Refuses (400, naming the field) a copy that points at a column or media file the site does not have, or of the
 * wrong kind; and (409) a second picture-text page of a column or a second website copy of a site.
 */
export async function checkRefs(trx: Db, scope: Scope, data: ContentData, itemId: number | null): Promise<void> {
  const def = typeDef(scope.type);
  for (const f of def.fields) {
    const v = data[f.key];
    if (f.widget === 'column' && typeof v === 'number') {
      await checkColumn(trx, scope, v, def.columnKinds ?? [], `data.${f.key}`);
    }
    if (f.widget === 'columns' && Array.isArray(v)) {
      for (const [i, id] of v.entries()) await checkColumn(trx, scope, id as number, SLOT_COLUMN_KINDS, `data.${f.key}.${i}`);
    }
    if ((f.widget === 'image' || f.widget === 'video') && typeof v === 'number') {
      const m = await trx
        .selectFrom('portal_media')
        .select('kind')
        .where('id', '=', v)
        .where('enterprise_id', '=', scope.enterpriseId)
        .where('site', '=', scope.site)
        .where('deleted', '=', false)
        // Shares the lock a media delete takes, so a delete and a save that starts using the file never pass each
        // other: whichever comes second sees the first (the file gone, or the use that refuses the delete).
        .forShare()
        .executeTakeFirst();
      if (!m) throw fieldError(`data.${f.key}`, CONTENT_MESSAGES.mediaMissing);
      if (m.kind !== f.widget) throw fieldError(`data.${f.key}`, CONTENT_MESSAGES.mediaWrongKind(f.widget));
    }
    if (f.widget === 'richText') {
      const shas = bodyMediaShas(scope.type, data);
      const found = await mediaIdsByShas(trx, scope, shas);
      if (shas.some((sha) => !found.has(sha))) throw fieldError(`data.${f.key}`, CONTENT_MESSAGES.bodyMediaMissing);
    }
  }
  if (def.unique) {
    let other = scopedItems(trx, scope).select('id');
    if (def.unique === 'column') other = other.where('column_id', '=', mirrors(data).column_id);
    if (itemId !== null) other = other.where('id', '<>', itemId);
    if (await other.executeTakeFirst()) throw uniqueConflict(scope.type);
  }
}

async function checkColumn(trx: Db, scope: Scope, id: number, kinds: readonly string[], field: string): Promise<void> {
  const c = await trx
    .selectFrom('portal_columns')
    .select('kind')
    .where('id', '=', id)
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .executeTakeFirst();
  if (!c) throw fieldError(field, CONTENT_MESSAGES.columnWrongSite);
  if (!kinds.includes(c.kind)) throw fieldError(field, CONTENT_MESSAGES.columnWrongKind);
}

/** The 409 of a second picture-text page of a column or a second website copy of a site. */
export const uniqueConflict = (type: ContentType) =>
  typeDef(type).unique === 'column'
    ? new AppError(40900, CONTENT_MESSAGES.onePagePerColumn, [{ field: 'data.columnId', message: CONTENT_MESSAGES.onePagePerColumn }])
    : new AppError(40900, CONTENT_MESSAGES.oneCopyPerSite);

/** The partial unique indexes of 0018 (two concurrent creates that both passed checkRefs): the same 409. */
export function uniqueViolation(e: unknown, type: ContentType): AppError | undefined {
  const err = e as { code?: string; constraint?: string };
  if (err?.code !== '23505') return undefined;
  if (err.constraint === 'portal_items_one_page_per_column' || err.constraint === 'portal_items_one_copy_per_site')
    return uniqueConflict(type);
  return undefined;
}

/** The keys whose values differ between two copies (the version's changed fields), in the type's field order. */
export function changedKeys(type: ContentType, before: ContentData, after: ContentData): string[] {
  const keys = new Set([...typeDef(type).fields.map((f) => f.key), ...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

// ---- Wire shapes ----

const listRowColumns = [
  'i.id',
  'i.type',
  'i.title',
  'i.column_id',
  'i.slot_kind',
  'i.status',
  'i.review_state',
  'i.sort_order',
  'i.go_live_at',
  'i.expire_at',
  'i.published_at',
  'i.version',
  'i.live_version',
  'i.change_user_name',
  'i.update_time',
  'i.draft',
  'c.name as column_name',
] as const;

/** The items of the scope with their column's name (the list and the detail read both). */
export const itemsWithColumn = (db: Db, scope: Scope) =>
  db
    .selectFrom('portal_items as i')
    .leftJoin('portal_columns as c', 'c.id', 'i.column_id')
    .where('i.enterprise_id', '=', scope.enterpriseId)
    .where('i.site', '=', scope.site)
    .where('i.type', '=', scope.type)
    .where('i.deleted', '=', false);

export const selectRow = <Q extends ReturnType<typeof itemsWithColumn>>(q: Q) => q.select([...listRowColumns]);
type ListRow = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

export function toRow(r: ListRow): ContentRow {
  const draft = asData(r.draft);
  return {
    id: r.id,
    type: r.type,
    title: r.title,
    columnId: r.column_id,
    columnName: r.column_name ?? null,
    slotKind: r.slot_kind,
    status: reportedStatus(r),
    reviewState: r.review_state,
    sortOrder: r.sort_order,
    goLiveAt: r.go_live_at,
    expireAt: r.expire_at,
    publishedAt: r.published_at,
    version: r.version,
    liveVersion: r.live_version,
    changeUserName: r.change_user_name,
    updateTime: r.update_time,
    listData: Object.fromEntries(
      typeDef(r.type)
        .fields.filter((f) => f.inList)
        .map((f) => [f.key, draft[f.key] ?? null]),
    ),
  };
}

/** Item `id` of the scope as the detail call answers it (undefined: no such item). */
export async function readItem(db: Db, scope: Scope, id: number): Promise<ContentItem | undefined> {
  const r = await selectRow(itemsWithColumn(db, scope))
    .select(['i.live', 'i.reject_reason', 'i.submitted_version', 'i.process_instance_id', 'i.create_user_name', 'i.create_time'])
    .where('i.id', '=', id)
    .executeTakeFirst();
  if (!r) return undefined;
  const draft = asData(r.draft);
  const live = r.live ? asData(r.live) : null;
  const refs = [draft, ...(live ? [live] : [])].map((d) => refsOf(scope.type, d));
  const columnIds = [...new Set(refs.flatMap((x) => x.columns))];
  const names = columnIds.length
    ? await db
        .selectFrom('portal_columns')
        .select(['id', 'name'])
        .where('enterprise_id', '=', scope.enterpriseId)
        .where('site', '=', scope.site)
        .where('id', 'in', columnIds)
        .execute()
    : [];
  const media = await mediaByIds(
    db,
    scope,
    refs.flatMap((x) => x.media),
  );
  const { listData: _listData, ...row } = toRow(r);
  return {
    ...row,
    draft,
    live,
    rejectReason: r.reject_reason,
    submittedVersion: r.submitted_version,
    processInstanceId: r.process_instance_id,
    columns: Object.fromEntries(names.map((c) => [String(c.id), c.name])),
    media: [...media.values()].sort((a: MediaSummary, b: MediaSummary) => a.id - b.id),
    createUserName: r.create_user_name,
    createTime: r.create_time,
  };
}

/** An item the caller just wrote, read back inside the write's transaction. */
export async function writtenItem(trx: Db, scope: Scope, id: number): Promise<ContentItem> {
  const item = await readItem(trx, scope, id);
  if (!item) throw new Error(`portal item ${id} vanished within its own transaction`);
  return item;
}

/** `update_time = now()` and the author of a change. */
export const changedBy = (a: { userId: string; userName: string }) => ({
  change_user_id: a.userId,
  change_user_name: a.userName,
  update_time: sql<string>`now()`,
});
