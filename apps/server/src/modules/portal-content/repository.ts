// The content items of the portal sites: the list, the detail, and the editor's writes (create, save a version,
// restore a version, reissue an announcement, delete, reorder), plus the versions, one version's data and the
// diff. A create or save from the editor also drops the caller's autosave of that form (./autosave.ts). Every write runs in one transaction that locks the item first, so the version check (409 when stale) and
// the write are one step; every save is a version row.
import { sql } from 'kysely';
import type { z } from 'zod';
import {
  CONTENT_MESSAGES,
  type ContentData,
  type ContentDiff,
  type ContentItem,
  type ContentListQuerySchema,
  type ContentRow,
  type ContentVersion,
  type CreateContentBody,
  type RichTextDocument,
  type SaveContentBody,
} from '@tfb/contract';
import { recordAudit } from '../../lib/audit.js';
import { AppError, badRequest, conflict, fieldError } from '../../lib/errors.js';
import { fetchPage, likePattern, type PageWindow, type Paged } from '../../lib/paging.js';
import { mediaByIds } from '../../lib/portal-media.js';
import { announcePublicChange } from '../../lib/portal-public-events.js';
import { clearAutosave } from './autosave.js';
import {
  bodyHtml,
  changedBy,
  changedKeys,
  checkRefs,
  itemsWithColumn,
  lockItem,
  missing,
  mirrors,
  refsOf,
  scopedItems,
  selectRow,
  toRow,
  typeDef,
  uniqueViolation,
  writeRefs,
  writtenItem,
  readItem,
  type Actor,
  type Db,
  type ItemRow,
  type Scope,
} from './items.js';

export const auditEntity = (scope: Scope) => (scope.site === 'portalWebsite' ? 'portalWebsiteItem' : 'portalWebsitesItem');

/** Runs `write` in a transaction; a race past the uniqueness check is the same 409 as the check. */
export function inTransaction<T>(db: Db, scope: Scope, write: (trx: Db) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .execute(write)
    .catch((e: unknown) => {
      throw uniqueViolation(e, scope.type) ?? e;
    });
}

// ---- Reading ----

type ListFilter = Omit<z.output<typeof ContentListQuerySchema>, 'pageNumber' | 'pageSize'>;

export function listItems(db: Db, scope: Scope, f: ListFilter, w: PageWindow): Promise<Paged<ContentRow>> {
  let q = itemsWithColumn(db, scope);
  if (f.title) q = q.where('i.title', 'ilike', likePattern(f.title));
  if (f.columnId !== undefined) q = q.where('i.column_id', '=', f.columnId);
  if (f.slotKind) q = q.where('i.slot_kind', '=', f.slotKind);
  if (f.status === 'publishedWithDraft') q = q.where('i.status', '=', 'published').whereRef('i.version', '>', 'i.live_version');
  else if (f.status === 'published') q = q.where('i.status', '=', 'published').whereRef('i.version', '=', 'i.live_version');
  else if (f.status) q = q.where('i.status', '=', f.status);
  const sortable = typeDef(scope.type).sortable === true;
  return fetchPage(
    db,
    q,
    (p) => {
      const s = selectRow(p);
      return sortable ? s.orderBy('i.sort_order').orderBy('i.id') : s.orderBy('i.update_time', 'desc').orderBy('i.id', 'desc');
    },
    w,
    toRow,
  );
}

export async function getItem(db: Db, scope: Scope, id: number): Promise<ContentItem> {
  const item = await readItem(db, scope, id);
  if (!item) throw missing();
  return item;
}

export async function listVersions(db: Db, scope: Scope, id: number): Promise<ContentVersion[]> {
  const item = await scopedItems(db, scope).select(['id', 'live_version', 'live']).where('id', '=', id).executeTakeFirst();
  if (!item) throw missing();
  const rows = await db.selectFrom('portal_item_versions').selectAll().where('item_id', '=', id).orderBy('version', 'desc').execute();
  return rows.map((v) => ({
    version: v.version,
    title: v.title,
    userName: v.user_name,
    time: v.create_time,
    changedFields: v.changed_fields,
    note: v.note,
    live: item.live !== null && item.live_version === v.version,
  }));
}

async function versionData(db: Db, id: number, version: number): Promise<ContentData | undefined> {
  const v = await db
    .selectFrom('portal_item_versions')
    .select('data')
    .where('item_id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return v ? (v.data as ContentData) : undefined;
}

export async function getVersion(db: Db, scope: Scope, id: number, version: number): Promise<{ version: number; data: ContentData }> {
  if (!(await scopedItems(db, scope).select('id').where('id', '=', id).executeTakeFirst())) throw missing();
  const data = await versionData(db, id, version);
  if (!data) throw new AppError(40400, CONTENT_MESSAGES.versionMissing);
  return { version, data };
}

/** Rich text as the plain text a reviewer compares: blocks on lines of their own. */
function plainText(doc: unknown): string {
  const lines: string[] = [];
  const walk = (node: unknown, line: string[]): void => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: string; text?: string; content?: unknown[]; attrs?: { alt?: string; src?: string } };
    if (n.type === 'text') line.push(n.text ?? '');
    else if (n.type === 'hardBreak') line.push('\n');
    else if (n.type === 'image') lines.push(`[${n.attrs?.alt || n.attrs?.src || ''}]`);
    else if (n.type === 'paragraph' || n.type === 'heading' || n.type === 'codeBlock') {
      const own: string[] = [];
      for (const c of n.content ?? []) walk(c, own);
      lines.push(own.join(''));
    } else for (const c of n.content ?? []) walk(c, line);
  };
  walk(doc as RichTextDocument, []);
  return lines.join('\n');
}

/** The two sides (a version or the live copy) field by field, as text a reviewer reads. */
export async function diffItem(db: Db, scope: Scope, id: number, from: 'live' | number, to: 'live' | number): Promise<ContentDiff> {
  const item = await scopedItems(db, scope).select(['id', 'live']).where('id', '=', id).executeTakeFirst();
  if (!item) throw missing();
  const side = async (s: 'live' | number, field: 'from' | 'to'): Promise<ContentData> => {
    if (s === 'live') {
      if (!item.live) throw fieldError(field, CONTENT_MESSAGES.liveMissing);
      return item.live as ContentData;
    }
    const data = await versionData(db, id, s);
    if (!data) throw fieldError(field, CONTENT_MESSAGES.versionMissing);
    return data;
  };
  const [before, after] = [await side(from, 'from'), await side(to, 'to')];
  const refs = [before, after].map((d) => refsOf(scope.type, d));
  const columnIds = [...new Set(refs.flatMap((r) => r.columns))];
  const columnNames = new Map(
    (columnIds.length
      ? await db
          .selectFrom('portal_columns')
          .select(['id', 'name'])
          .where('enterprise_id', '=', scope.enterpriseId)
          .where('site', '=', scope.site)
          .where('id', 'in', columnIds)
          .execute()
      : []
    ).map((c) => [c.id, c.name]),
  );
  const media = await mediaByIds(
    db,
    scope,
    refs.flatMap((r) => r.media),
  );
  const asText = (widget: string, v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (widget === 'richText') return plainText(v);
    if (widget === 'image' || widget === 'video') return media.get(v as number)?.fileName ?? `#${String(v)}`;
    if (widget === 'column') return columnNames.get(v as number) ?? `#${String(v)}`;
    if (widget === 'columns' && Array.isArray(v)) return v.map((c: number) => columnNames.get(c) ?? `#${c}`).join('、');
    if (widget === 'tags' && Array.isArray(v)) return v.join('、');
    return typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean);
  };
  return {
    from,
    to,
    fields: typeDef(scope.type).fields.map((f) => {
      const b = asText(f.widget, before[f.key]);
      const a = asText(f.widget, after[f.key]);
      return {
        key: f.key,
        label: f.label,
        changed: JSON.stringify(before[f.key] ?? null) !== JSON.stringify(after[f.key] ?? null),
        before: b,
        after: a,
      };
    }),
  };
}

// ---- Writing ----

async function writeVersion(
  trx: Db,
  actor: Actor,
  id: number,
  version: number,
  data: ContentData,
  changed: string[],
  note: string,
): Promise<void> {
  await trx
    .insertInto('portal_item_versions')
    .values({
      item_id: id,
      version,
      title: mirrors(data).title,
      data: JSON.stringify(data),
      changed_fields: changed,
      note,
      user_id: actor.userId,
      user_name: actor.userName,
    })
    .execute();
}

/** A new item from the add form: its draft is version 1, and the caller's autosave of the add form goes. */
export function createItem(db: Db, actor: Actor, body: CreateContentBody): Promise<ContentItem> {
  return insertItem(db, actor, body, CONTENT_MESSAGES.created, true);
}

function insertItem(db: Db, actor: Actor, body: CreateContentBody, note: string, fromAddForm: boolean): Promise<ContentItem> {
  return inTransaction(db, actor, async (trx) => {
    if (fromAddForm) await clearAutosave(trx, actor, null);
    await checkRefs(trx, actor, body.data, null);
    const row = await trx
      .insertInto('portal_items')
      .values({
        enterprise_id: actor.enterpriseId,
        site: actor.site,
        type: actor.type,
        ...mirrors(body.data),
        draft: JSON.stringify(body.data),
        draft_html: bodyHtml(actor.type, body.data),
        go_live_at: body.goLiveAt,
        expire_at: body.expireAt,
        create_user_id: actor.userId,
        create_user_name: actor.userName,
        change_user_id: actor.userId,
        change_user_name: actor.userName,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const filled = Object.keys(body.data).filter((k) => !isBlank(body.data[k]));
    await writeVersion(trx, actor, row.id, 1, body.data, filled, note);
    await writeRefs(trx, row);
    await recordAudit(trx, actor, {
      entity: auditEntity(actor),
      entityId: row.id,
      action: 'create',
      diff: [{ field: 'title', from: null, to: row.title }],
    });
    return writtenItem(trx, actor, row.id);
  });
}

const isBlank = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

/** Whether the item's draft may change now: not under review, and not a published announcement. */
function assertEditable(row: ItemRow): void {
  if (row.review_state === 'pending') throw conflict(CONTENT_MESSAGES.pendingReview);
  if (typeDef(row.type).lockedAfterPublish && row.live_version !== null) throw conflict(CONTENT_MESSAGES.announcementLocked);
}

/** Writes `data` as the item's next version (the item is locked and editable). */
async function nextDraft(
  trx: Db,
  actor: Actor,
  row: ItemRow,
  data: ContentData,
  window: { goLiveAt: string | null; expireAt: string | null },
  note: string,
): Promise<ContentItem> {
  await checkRefs(trx, actor, data, row.id);
  const version = row.version + 1;
  const before = row.draft as ContentData;
  const changed = changedKeys(row.type, before, data);
  const windowChanged = [
    ...(sameInstant(row.go_live_at, window.goLiveAt) ? [] : ['goLiveAt']),
    ...(sameInstant(row.expire_at, window.expireAt) ? [] : ['expireAt']),
  ];
  await writeVersion(trx, actor, row.id, version, data, [...changed, ...windowChanged], note);
  const updated = await trx
    .updateTable('portal_items')
    .set({
      ...mirrors(data),
      draft: JSON.stringify(data),
      draft_html: bodyHtml(row.type, data),
      go_live_at: window.goLiveAt,
      expire_at: window.expireAt,
      version,
      ...changedBy(actor),
    })
    .where('id', '=', row.id)
    .where('version', '=', row.version)
    .returningAll()
    .executeTakeFirstOrThrow();
  await writeRefs(trx, updated);
  await recordAudit(trx, actor, {
    entity: auditEntity(actor),
    entityId: row.id,
    action: 'update',
    diff: [{ field: 'version', from: row.version, to: version }, ...changed.map((field) => ({ field, from: null, to: null }))],
  });
  return writtenItem(trx, actor, row.id);
}

const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/** Saves a new version; `body.version` must be the current one (409 otherwise). */
export function saveItem(db: Db, actor: Actor, id: number, body: SaveContentBody): Promise<ContentItem> {
  return inTransaction(db, actor, async (trx) => {
    const row = await lockItem(trx, actor, id);
    if (row.version !== body.version) throw conflict(CONTENT_MESSAGES.stale);
    assertEditable(row);
    await clearAutosave(trx, actor, id);
    return nextDraft(trx, actor, row, body.data, body, '');
  });
}

/** A new version holding version `version`'s data; the live copy is untouched. */
export function restoreVersion(db: Db, actor: Actor, id: number, version: number): Promise<ContentItem> {
  return inTransaction(db, actor, async (trx) => {
    const row = await lockItem(trx, actor, id);
    const data = await versionData(trx, id, version);
    if (!data) throw new AppError(40400, CONTENT_MESSAGES.versionMissing);
    assertEditable(row);
    return nextDraft(trx, actor, row, data, { goLiveAt: row.go_live_at, expireAt: row.expire_at }, CONTENT_MESSAGES.restoredFrom(version));
  });
}

/** Announcements: a new draft item copying the draft of one that has been published (which stays as it is). */
export async function reissueItem(db: Db, actor: Actor, id: number): Promise<ContentItem> {
  const source = await scopedItems(db, actor)
    .select(['draft', 'live_version', 'go_live_at', 'expire_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!source) throw missing();
  if (!typeDef(actor.type).lockedAfterPublish || source.live_version === null) throw badRequest(CONTENT_MESSAGES.reissueAnnouncementsOnly);
  return insertItem(
    db,
    actor,
    { data: source.draft as ContentData, goLiveAt: null, expireAt: null },
    CONTENT_MESSAGES.reissuedFrom(id),
    false,
  );
}

/**
 * Deletes (softly) an item the public site does not show and will not show: never published, withdrawn or
 * expired, and not under review. Its column references go, so the columns it named can be deleted.
 */
export function deleteItem(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  return inTransaction(db, actor, async (trx) => {
    const row = await lockItem(trx, actor, id);
    if (row.review_state === 'pending') throw conflict(CONTENT_MESSAGES.pendingReview);
    if (row.status === 'published' || row.status === 'scheduled') throw conflict(CONTENT_MESSAGES.notDeletable);
    await trx
      .updateTable('portal_items')
      .set({ deleted: true, column_id: null, live_column_id: null, ...changedBy(actor) })
      .where('id', '=', id)
      .execute();
    await trx.deleteFrom('portal_item_refs').where('item_id', '=', id).execute();
    // Everyone's working copies of a deleted item go with it (their editors can no longer open it).
    await trx.deleteFrom('portal_item_autosaves').where('item_id', '=', id).execute();
    return { id };
  });
}

/**
 * A new order of a sortable type's items (for slots, of one slot kind): each moved item's sortOrder becomes its
 * place, as a new version of its draft and, when it has one, in its live copy too (reordering needs no approval).
 */
export function reorderItems(
  db: Db,
  actor: Actor,
  ids: readonly number[],
): Promise<{ done: number[]; refused: { id: number; message: string }[] }> {
  if (!typeDef(actor.type).sortable) throw badRequest(CONTENT_MESSAGES.sortInvalid);
  if (new Set(ids).size !== ids.length) throw fieldError('ids', CONTENT_MESSAGES.batchEmpty);
  return inTransaction(db, actor, async (trx) => {
    const rows = await scopedItems(trx, actor)
      .selectAll()
      .where('id', 'in', [...ids])
      .orderBy('id')
      .forUpdate()
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const [i, id] of ids.entries()) if (!byId.has(id)) throw fieldError(`ids.${i}`, CONTENT_MESSAGES.notFound);
    if (actor.type === 'layoutSlot' && new Set(rows.map((r) => r.slot_kind)).size > 1)
      throw fieldError('ids', CONTENT_MESSAGES.slotKindMixed);
    let publicChange = false;
    for (const [place, id] of ids.entries()) {
      const row = byId.get(id)!;
      if (row.sort_order === place) continue;
      const data = { ...(row.draft as ContentData), sortOrder: place };
      const live = row.live ? { ...(row.live as ContentData), sortOrder: place } : null;
      await writeVersion(trx, actor, id, row.version + 1, data, ['sortOrder'], CONTENT_MESSAGES.reordered);
      await trx
        .updateTable('portal_items')
        .set({
          sort_order: place,
          draft: JSON.stringify(data),
          live: live === null ? null : JSON.stringify(live),
          version: row.version + 1,
          ...changedBy(actor),
        })
        .where('id', '=', id)
        .execute();
      if (row.status === 'published') publicChange = true;
    }
    if (publicChange) await announcePublicChange(trx, actor);
    return { done: [...ids], refused: [] };
  });
}

/** For the scheduler and approvals: `published_at` etc. compared with the app's clock. */
export const instant = (d: Date) => sql<string>`${d.toISOString()}::timestamptz`;
