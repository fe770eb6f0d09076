// What the public side shows, in the contract's shapes: the visible column tree, items as list entries and as pages,
// banners, the website copy and the layout slots. The API answers these as JSON and the site renders the same
// values as HTML, so both always agree; a preview feeds a draft through the same functions.
import type { Kysely } from 'kysely';
import {
  CONTENT_TYPE_DEFS,
  RichTextDocumentSchema,
  SLOT_KIND_NAMES,
  SLOT_VARIANTS,
  type ContentType,
  type PublicBanner,
  type PublicColumn,
  type PublicColumnRef,
  type PublicCopy,
  type PublicItem,
  type PublicItemSummary,
  type PublicSlot,
  type SlotKind,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { renderRichText, sanitiseRichTextHtml } from '../../lib/rich-text/index.js';
import { liveMedia, newestOfColumns, readColumns, type ColumnRow, type DraftRow, type LiveRow, type Scope } from './repository.js';

export type ColumnInfo = ColumnRow & { path: string; children: ColumnInfo[]; shown: boolean };
export type SiteColumns = { byId: Map<number, ColumnInfo>; byPath: Map<string, ColumnInfo>; roots: ColumnInfo[] };

/** The site's columns as a tree, each with its slug path; `shown` when it and all its ancestors are visible. */
export async function siteColumns(db: Kysely<DB>, scope: Scope): Promise<SiteColumns> {
  const rows = await readColumns(db, scope);
  const byId = new Map<number, ColumnInfo>(rows.map((r) => [r.id, { ...r, path: '', children: [], shown: r.visible }]));
  const roots: ColumnInfo[] = [];
  for (const c of byId.values()) {
    const parent = c.parent_id === null ? undefined : byId.get(c.parent_id);
    if (parent) parent.children.push(c);
    else roots.push(c);
  }
  const byPath = new Map<string, ColumnInfo>();
  const walk = (list: ColumnInfo[], prefix: string, shown: boolean) => {
    for (const c of list) {
      c.path = prefix ? `${prefix}/${c.slug}` : c.slug;
      c.shown = shown && c.visible;
      byPath.set(c.path, c);
      walk(c.children, c.path, c.shown);
    }
  };
  walk(roots, '', true);
  return { byId, byPath, roots };
}

/** A column and every column below it: what the column lists (its own items and its sub-columns'). */
export const subtreeIds = (c: ColumnInfo): number[] => [c.id, ...c.children.flatMap(subtreeIds)];

/** The columns from the root down to `c`. */
export function trailOf(columns: SiteColumns, c: ColumnInfo | undefined): ColumnInfo[] {
  const trail: ColumnInfo[] = [];
  for (let at = c; at; at = at.parent_id === null ? undefined : columns.byId.get(at.parent_id)) trail.unshift(at);
  return trail;
}

export const columnRef = (c: ColumnInfo): PublicColumnRef => ({ id: c.id, name: c.name, path: c.path, kind: c.kind });

/** The visible columns (a hidden column hides its subtree from the navigation; its pages still answer). */
export function navOf(columns: SiteColumns): PublicColumn[] {
  const node = (c: ColumnInfo): PublicColumn => ({
    ...columnRef(c),
    slug: c.slug,
    linkUrl: c.link_url,
    seoTitle: c.seo_title,
    seoKeywords: c.seo_keywords,
    seoDescription: c.seo_description,
    children: c.children.filter((x) => x.visible).map(node),
  });
  return columns.roots.filter((c) => c.visible).map(node);
}

/** The keys of a type's media fields (image and video widgets). */
const mediaKeys = (type: ContentType): string[] =>
  CONTENT_TYPE_DEFS[type].fields.filter((f) => f.widget === 'image' || f.widget === 'video').map((f) => f.key);
const mediaIdsOf = (type: ContentType, data: Record<string, unknown>): number[] =>
  mediaKeys(type).flatMap((k) => (typeof data[k] === 'number' ? [data[k]] : []));

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** The date an item shows: its publishTime field when set, else when it was published. */
const shownTime = (data: Record<string, unknown>, publishedAt: string): string => str(data.publishTime) || publishedAt;

/** An item as lists show it; its cover is the cover field, or a video's poster. */
export async function summariesOf(db: Kysely<DB>, scope: Scope, rows: readonly LiveRow[]): Promise<PublicItemSummary[]> {
  const coverId = (r: LiveRow) => int(r.live.cover) ?? int(r.live.poster);
  const media = await liveMedia(
    db,
    scope,
    rows.flatMap((r) => coverId(r) ?? []),
  );
  return rows.map((r) => {
    const cover = coverId(r);
    return {
      id: r.id,
      type: r.type,
      title: str(r.live.title),
      summary: str(r.live.summary),
      cover: (cover !== null && media.get(cover)) || null,
      publishTime: shownTime(r.live, r.published_at),
      publishedAt: r.published_at,
      duration: int(r.live.duration),
      linkUrl: str(r.live.linkUrl),
    };
  });
}

/** An item to show as a page: the live copy of a published item, or a draft under preview. */
export type ItemSource = {
  id: number;
  type: ContentType;
  data: Record<string, unknown>;
  html: string | null;
  columnId: number | null;
  publishedAt: string;
};

export const liveSource = (r: LiveRow): ItemSource => ({
  id: r.id,
  type: r.type,
  data: r.live,
  html: r.live_html,
  columnId: r.live_column_id,
  publishedAt: r.published_at,
});

export const draftSource = (r: DraftRow): ItemSource => ({
  id: r.id,
  type: r.type,
  data: r.data,
  html: r.html ?? bodyHtml(r.data.body),
  columnId: r.columnId,
  publishedAt: r.updateTime,
});

/** The rendered body of a stored document (an older version keeps only its document). */
function bodyHtml(body: unknown): string | null {
  const doc = RichTextDocumentSchema.safeParse(body);
  return doc.success ? renderRichText(doc.data) : null;
}

export async function itemOf(db: Kysely<DB>, scope: Scope, columns: SiteColumns, source: ItemSource): Promise<PublicItem> {
  const media = await liveMedia(db, scope, mediaIdsOf(source.type, source.data));
  const { body: _body, ...fields } = source.data;
  const column = source.columnId === null ? undefined : columns.byId.get(source.columnId);
  return {
    id: source.id,
    type: source.type,
    title: str(source.data.title),
    column: column ? columnRef(column) : null,
    fields,
    // Sanitised at save; again here, so the page never depends on what another writer stored.
    html: source.html === null ? null : sanitiseRichTextHtml(source.html),
    media: [...media.values()],
    publishTime: shownTime(source.data, source.publishedAt),
    publishedAt: source.publishedAt,
  };
}

/** Banners with their image (one whose image is gone is left out: a banner is its image). */
export async function bannersOf(
  db: Kysely<DB>,
  scope: Scope,
  rows: readonly { id: number; data: Record<string, unknown>; sortOrder: number }[],
): Promise<PublicBanner[]> {
  const media = await liveMedia(
    db,
    scope,
    rows.flatMap((r) => int(r.data.image) ?? []),
  );
  return rows.flatMap((r) => {
    const image = media.get(int(r.data.image) ?? 0);
    if (!image || image.kind !== 'image') return [];
    return [{ id: r.id, title: str(r.data.title), image, linkUrl: str(r.data.linkUrl), sortOrder: r.sortOrder }];
  });
}

export const copyOf = (data: Record<string, unknown>): PublicCopy => ({
  title: str(data.title),
  footerText: str(data.footerText),
  contactPhone: str(data.contactPhone),
  contactEmail: str(data.contactEmail),
  contactAddress: str(data.contactAddress),
  icp: str(data.icp),
  copyright: str(data.copyright),
});

/** The layout slots, each column it names (that exists and is not a link) with its newest published items. */
export async function slotsOf(
  db: Kysely<DB>,
  scope: Scope,
  columns: SiteColumns,
  rows: readonly { id: number; data: Record<string, unknown>; sortOrder: number }[],
): Promise<PublicSlot[]> {
  const slots = rows.flatMap((r) => {
    const kind = r.data.slotKind as SlotKind;
    if (!SLOT_KIND_NAMES.includes(kind)) return [];
    const variant = (SLOT_VARIANTS as readonly string[]).includes(str(r.data.variant)) ? (r.data.variant as PublicSlot['variant']) : 'list';
    const ids = Array.isArray(r.data.columnIds) ? r.data.columnIds.filter((x): x is number => typeof x === 'number') : [];
    const cols = ids.flatMap((id) => {
      const c = columns.byId.get(id);
      return c && c.kind !== 'link' ? [c] : [];
    });
    return [{ r, kind, variant, itemCount: int(r.data.itemCount) ?? 5, cols }];
  });
  // The newest of every column of every subtree named, then each named column's newest among its subtree's.
  const most = Math.max(0, ...slots.map((s) => s.itemCount));
  const newest = await newestOfColumns(
    db,
    scope,
    slots.flatMap((s) => s.cols.flatMap(subtreeIds)),
    most,
  );
  const summaries = await summariesOf(db, scope, newest);
  const byColumn = new Map<number, { row: LiveRow; summary: PublicItemSummary }[]>();
  newest.forEach((row, i) => {
    const list = byColumn.get(row.live_column_id!) ?? [];
    list.push({ row, summary: summaries[i]! });
    byColumn.set(row.live_column_id!, list);
  });
  const newestFirst = (a: { row: LiveRow }, b: { row: LiveRow }) =>
    b.row.published_at.localeCompare(a.row.published_at) || b.row.id - a.row.id;
  const itemsOf = (c: ColumnInfo, count: number) =>
    subtreeIds(c)
      .flatMap((id) => byColumn.get(id) ?? [])
      .sort(newestFirst)
      .slice(0, count)
      .map((x) => x.summary);
  return slots.map((s) => ({
    id: s.r.id,
    title: str(s.r.data.title),
    slotKind: s.kind,
    variant: s.variant,
    itemCount: s.itemCount,
    sortOrder: s.r.sortOrder,
    columns: s.cols.map((c) => ({ ...columnRef(c), items: itemsOf(c, s.itemCount) })),
  }));
}
