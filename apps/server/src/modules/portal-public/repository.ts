// The SQL of the public side: the site's publisher and content version, its columns, and its published items —
// status published, not deleted, not past expiry (banners also not before go-live) — read from the live copy only.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { PUBLIC_PAGE_TYPES, type ContentType, type PortalSite } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { mediaSummary } from '../../lib/portal-media.js';
import { FiguresCache, perDatabase } from '../../lib/version-cache.js';
import type { MediaSummary } from '@tfb/contract';

export type Scope = { enterpriseId: string; site: PortalSite };

/** What the public site shows of an item now (the same rule in every query and in the version below). */
const shownNow = (alias = 'i'): RawBuilder<SqlBool> =>
  sql<SqlBool>`(${sql.ref(`${alias}.status`)} = 'published' AND NOT ${sql.ref(`${alias}.deleted`)}
    AND (${sql.ref(`${alias}.expire_at`)} IS NULL OR ${sql.ref(`${alias}.expire_at`)} > now())
    AND (${sql.ref(`${alias}.type`)} <> 'banner' OR ${sql.ref(`${alias}.go_live_at`)} IS NULL OR ${sql.ref(`${alias}.go_live_at`)} <= now()))`;

export type SiteVersion = {
  enterpriseId: string;
  /** Changes whenever anything the public side shows of the site may have changed. */
  key: string;
  /** The latest moment what the site shows changed (an edit, a publish, an expiry passing). */
  lastModified: Date;
};

/** The published expiry and go-live instants of a site's content version (ms, ascending), the last few kept. */
const instantsOf = perDatabase(() => new FiguresCache<number[]>(8));

/**
 * The site's publisher and its content version: the portal content version (0040: raised by every write to what the
 * public side shows) with the number of the site's expiry and go-live instants already passed (so an expiry or a
 * banner's go-live passing changes it without any write). The instants are read once per content version; what is
 * passed is judged by the database's clock, as the queries that build the replies judge what is shown.
 * Undefined when no enterprise publishes the site.
 */
export async function siteVersion(db: Kysely<DB>, site: PortalSite): Promise<SiteVersion | undefined> {
  const row = await sql<{ enterprise_id: string; version: string; changed_at: string; now: string }>`
    SELECT p.enterprise_id, v.version, v.changed_at, now() AS now
    FROM portal_site_publishers p CROSS JOIN portal_content_version v
    WHERE p.site = ${site}`.execute(db);
  const r = row.rows[0];
  if (!r) return undefined;
  // Read after the version: a write in between raised it, and the next request reads them again.
  const times = await instantsOf(db).get(`${site}|${r.enterprise_id}|${r.version}`, () =>
    transitionsOf(db, { enterpriseId: r.enterprise_id, site }),
  );
  const now = Date.parse(r.now);
  const passed = countUpTo(times, now);
  const lastModified = new Date(Math.max(Date.parse(r.changed_at), passed > 0 ? times[passed - 1]! : 0));
  return { enterpriseId: r.enterprise_id, key: `${r.enterprise_id}|${r.version}|${passed}`, lastModified };
}

/** The instants at which what the site shows changes with no write: published items' expiry, banners' go-live. */
async function transitionsOf(db: Kysely<DB>, scope: Scope): Promise<number[]> {
  const r = await sql<{ at: string }>`
    SELECT i.expire_at AS at FROM portal_items i
    WHERE i.enterprise_id = ${scope.enterpriseId} AND i.site = ${scope.site}
      AND i.status = 'published' AND NOT i.deleted AND i.expire_at IS NOT NULL
    UNION ALL
    SELECT i.go_live_at FROM portal_items i
    WHERE i.enterprise_id = ${scope.enterpriseId} AND i.site = ${scope.site}
      AND i.status = 'published' AND NOT i.deleted AND i.type = 'banner' AND i.go_live_at IS NOT NULL`.execute(db);
  return r.rows.map((x) => Date.parse(x.at)).sort((a, b) => a - b);
}

/** How many of the ascending `times` are at or before `t`. */
function countUpTo(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type ColumnRow = {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  kind: 'list' | 'page' | 'link' | 'topic';
  link_url: string;
  sort_order: number;
  visible: boolean;
  seo_title: string;
  seo_keywords: string;
  seo_description: string;
};

/** Every column of the site, siblings in order. */
export async function readColumns(db: Kysely<DB>, scope: Scope): Promise<ColumnRow[]> {
  return db
    .selectFrom('portal_columns')
    .select([
      'id',
      'parent_id',
      'name',
      'slug',
      'kind',
      'link_url',
      'sort_order',
      'visible',
      'seo_title',
      'seo_keywords',
      'seo_description',
    ])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .orderBy('sort_order')
    .orderBy('id')
    .execute() as Promise<ColumnRow[]>;
}

/** A published item's live copy. */
export type LiveRow = {
  id: number;
  type: ContentType;
  live: Record<string, unknown>;
  live_html: string | null;
  live_column_id: number | null;
  published_at: string;
  sort_order: number;
};

const liveColumns = [
  'i.id',
  'i.type',
  'i.live',
  'i.live_html',
  'i.live_column_id',
  // A published row always has its publishing time; the fallback only keeps a hand-made row from breaking a page.
  sql<string>`coalesce(i.published_at, i.update_time)`.as('published_at'),
  'i.sort_order',
] as const;

const published = (db: Kysely<DB>, scope: Scope) =>
  db
    .selectFrom('portal_items as i')
    .where('i.enterprise_id', '=', scope.enterpriseId)
    .where('i.site', '=', scope.site)
    .where(shownNow())
    .where('i.live', 'is not', null);

/** One page of the published items (with a page of their own) of the columns named — a column and its sub-columns —
 * newest published first, and how many there are. */
export async function columnItems(
  db: Kysely<DB>,
  scope: Scope,
  columnIds: readonly number[],
  w: { offset: number; limit: number },
): Promise<{ rows: LiveRow[]; total: number }> {
  const inColumn = published(db, scope)
    .where('i.live_column_id', 'in', [...columnIds])
    .where('i.type', 'in', [...PUBLIC_PAGE_TYPES]);
  const [rows, count] = await Promise.all([
    inColumn.select(liveColumns).orderBy('i.published_at', 'desc').orderBy('i.id', 'desc').offset(w.offset).limit(w.limit).execute(),
    inColumn.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as LiveRow[], total: Number(count.n) };
}

/** The newest `limit` published items of each column named (one query for every slot of the home page). */
export async function newestOfColumns(db: Kysely<DB>, scope: Scope, columnIds: readonly number[], limit: number): Promise<LiveRow[]> {
  if (columnIds.length === 0) return [];
  const ranked = published(db, scope)
    .where('i.live_column_id', 'in', [...new Set(columnIds)])
    .where('i.type', 'in', [...PUBLIC_PAGE_TYPES])
    .select([
      ...liveColumns,
      sql<number>`row_number() OVER (PARTITION BY i.live_column_id ORDER BY i.published_at DESC, i.id DESC)`.as('rank'),
    ]);
  const rows = await db
    .selectFrom(ranked.as('r'))
    .selectAll()
    .where('r.rank', '<=', limit)
    .orderBy('r.live_column_id')
    .orderBy('r.rank')
    .execute();
  return rows as unknown as LiveRow[];
}

/** One published item of the types that have a page. */
export async function publishedItem(db: Kysely<DB>, scope: Scope, id: number): Promise<LiveRow | undefined> {
  const row = await published(db, scope)
    .select(liveColumns)
    .where('i.id', '=', id)
    .where('i.type', 'in', [...PUBLIC_PAGE_TYPES])
    .executeTakeFirst();
  return row as LiveRow | undefined;
}

/** The published items of a type without pages of their own (banners, website copy, layout slots), in sort order. */
export async function publishedOfType(db: Kysely<DB>, scope: Scope, type: 'banner' | 'websiteCopy' | 'layoutSlot'): Promise<LiveRow[]> {
  const rows = await published(db, scope).select(liveColumns).where('i.type', '=', type).orderBy('i.sort_order').orderBy('i.id').execute();
  return rows as LiveRow[];
}

/** The picture-text single page published in a page column. */
export async function pageOfColumn(db: Kysely<DB>, scope: Scope, columnId: number): Promise<LiveRow | undefined> {
  const row = await published(db, scope)
    .select(liveColumns)
    .where('i.live_column_id', '=', columnId)
    .where('i.type', '=', 'pictureTextPage')
    .orderBy('i.published_at', 'desc')
    .executeTakeFirst();
  return row as LiveRow | undefined;
}

/** The site's media files among `ids` that are not deleted (the public side never points at a removed file). */
export async function liveMedia(db: Kysely<DB>, scope: Scope, ids: readonly number[]): Promise<Map<number, MediaSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('portal_media')
    .selectAll()
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('deleted', '=', false)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), mediaSummary(r)]));
}

/** An item as a preview shows it: its draft (or one of its versions), whatever its status. */
export type DraftRow = {
  id: number;
  type: ContentType;
  data: Record<string, unknown>;
  /** The draft's rendered body when `data` is the current draft; null for an older version (rendered on read). */
  html: string | null;
  columnId: number | null;
  sortOrder: number;
  updateTime: string;
};

export async function draftItem(
  db: Kysely<DB>,
  scope: Scope,
  ref: { type: ContentType; id: number; version: number },
): Promise<DraftRow | undefined> {
  const item = await db
    .selectFrom('portal_items')
    .select(['id', 'type', 'draft', 'draft_html', 'version', 'column_id', 'sort_order', 'update_time'])
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('type', '=', ref.type)
    .where('id', '=', ref.id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  if (!item) return undefined;
  const base = { id: item.id, type: item.type, sortOrder: item.sort_order, updateTime: item.update_time };
  if (item.version === ref.version) {
    const data = item.draft as Record<string, unknown>;
    return { ...base, data, html: item.draft_html, columnId: item.column_id };
  }
  const old = await db
    .selectFrom('portal_item_versions')
    .select(['data', 'create_time'])
    .where('item_id', '=', ref.id)
    .where('version', '=', ref.version)
    .executeTakeFirst();
  if (!old) return undefined;
  const data = old.data as Record<string, unknown>;
  const columnId = typeof data.columnId === 'number' ? data.columnId : null;
  return { ...base, data, html: null, columnId, updateTime: old.create_time };
}

/** The item's current version, for a preview link of the caller's enterprise's item. */
export async function itemVersion(db: Kysely<DB>, scope: Scope, type: ContentType, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('portal_items')
    .select('version')
    .where('enterprise_id', '=', scope.enterpriseId)
    .where('site', '=', scope.site)
    .where('type', '=', type)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
  return row?.version;
}
