// The SQL of the public side: the site's publisher and content version, its columns, and its published items —
// status published, not deleted, not past expiry (banners also not before go-live) — read from the live copy only.
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { PUBLIC_PAGE_TYPES, type ContentType, type PortalSite } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { mediaSummary } from '../../lib/portal-media.js';
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

/**
 * The site's publisher and its content version, in one query: the column tree's version and latest change, the
 * count and the exact sum of the write times of its items (any write moves it: withdrawals and deletions touch the
 * row), the set of items shown now (so an expiry or a banner's go-live passing changes it without any write), and
 * the same count and sum of its media files.
 * Undefined when no enterprise publishes the site.
 */
export async function siteVersion(db: Kysely<DB>, site: PortalSite): Promise<SiteVersion | undefined> {
  const row = await sql<{
    enterprise_id: string;
    tree_version: number | null;
    columns_changed: string | null;
    items_changed: string | null;
    items_touched: string;
    shown: string;
    went_off: string | null;
    went_live: string | null;
    media_changed: string | null;
    media_touched: string;
  }>`
    SELECT p.enterprise_id,
      (SELECT t.version FROM portal_column_trees t WHERE t.enterprise_id = p.enterprise_id AND t.site = p.site) AS tree_version,
      (SELECT max(c.update_time) FROM portal_columns c WHERE c.enterprise_id = p.enterprise_id AND c.site = p.site) AS columns_changed,
      i.items_changed, i.items_touched, i.shown, i.went_off, i.went_live, m.media_changed, m.media_touched
    FROM portal_site_publishers p
    CROSS JOIN LATERAL (
      SELECT max(i.update_time) AS items_changed,
        -- Exact (numeric): any row written again moves it, even one whose new time is not the latest.
        (count(*) || ':' || coalesce(sum(extract(epoch FROM i.update_time)), 0)) AS items_touched,
        md5(coalesce(string_agg(i.id::text, ',' ORDER BY i.id) FILTER (WHERE ${shownNow()}), '')) AS shown,
        max(i.expire_at) FILTER (WHERE i.status = 'published' AND NOT i.deleted AND i.expire_at <= now()) AS went_off,
        max(i.go_live_at) FILTER (WHERE i.status = 'published' AND NOT i.deleted AND i.go_live_at <= now()) AS went_live
      FROM portal_items i WHERE i.enterprise_id = p.enterprise_id AND i.site = p.site
    ) i
    CROSS JOIN LATERAL (
      SELECT max(m.update_time) AS media_changed,
        (count(*) || ':' || coalesce(sum(extract(epoch FROM m.update_time)), 0)) AS media_touched
      FROM portal_media m WHERE m.enterprise_id = p.enterprise_id AND m.site = p.site
    ) m
    WHERE p.site = ${site}`.execute(db);
  const r = row.rows[0];
  if (!r) return undefined;
  const times = [r.columns_changed, r.items_changed, r.went_off, r.went_live, r.media_changed].filter((t): t is string => t !== null);
  const lastModified = new Date(Math.max(0, ...times.map((t) => Date.parse(t))));
  const key = [r.enterprise_id, r.tree_version, r.columns_changed, r.items_touched, r.shown, r.media_touched].join('|');
  return { enterpriseId: r.enterprise_id, key, lastModified };
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
