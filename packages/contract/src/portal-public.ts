// The public side of the two portal sites (issue 12): the read API the public site and other readers call without a
// session, and the paths of the server-rendered site. Only published content is served (status published, not
// deleted, not past its expiry) — the live copy, never the draft — of the enterprise named as the site's publisher.
//
// Caching: every reply carries a strong ETag and Last-Modified and `Cache-Control: public, max-age=0,
// must-revalidate`, so a browser or proxy keeps the body but asks again each time (a 304 costs one small query);
// a publish is visible on the very next request.
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { COLUMN_KINDS, COLUMN_MAX_DEPTH, type PortalSite } from './portal.js';
import { CONTENT_TYPES, ContentParamsSchema, SLOT_KIND_NAMES, SLOT_VARIANTS, type ContentType, type SlotKind } from './portal-content.js';
import { MediaSummarySchema } from './portal-media.js';

/** The largest page of a column's items the public API answers (larger requests are clamped and say so). */
export const PUBLIC_PAGE_SIZE_MAX = 50;
/** How long a signed draft preview link works. */
export const PREVIEW_LINK_TTL_SECONDS = 30 * 60;
/** The Cache-Control of every public reply (pages and API); previews are `no-store`. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** The content types that have a page of their own on the public site (and an item reply). */
export const PUBLIC_PAGE_TYPES = [
  'article',
  'announcement',
  'pictureTextPage',
  'pictureTextItem',
  'video',
  'industryVideo',
] as const satisfies readonly ContentType[];
export type PublicPageType = (typeof PUBLIC_PAGE_TYPES)[number];
export const isPublicPageType = (type: string): type is PublicPageType => (PUBLIC_PAGE_TYPES as readonly string[]).includes(type);

/** A column as the public side names it: `path` is its slug path from the root (`news/group-news`). */
export const PublicColumnRefSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  path: z.string(),
  kind: z.enum(COLUMN_KINDS),
});
export type PublicColumnRef = z.infer<typeof PublicColumnRefSchema>;

const PublicColumnFields = PublicColumnRefSchema.extend({
  slug: z.string(),
  linkUrl: z.string(),
  seoTitle: z.string(),
  seoKeywords: z.string(),
  seoDescription: z.string(),
});
export type PublicColumn = z.infer<typeof PublicColumnFields> & { children: PublicColumn[] };

/** The visible column tree, as deep as a tree may be (each level its own schema: no recursive schema in the docs). */
const columnLevel = (depth: number): z.ZodType<PublicColumn> =>
  PublicColumnFields.extend({
    children: z.array(depth >= COLUMN_MAX_DEPTH ? z.never() : columnLevel(depth + 1)),
  }) as z.ZodType<PublicColumn>;
export const PublicColumnSchema = columnLevel(1);

/** One item in a list (a column's page, a layout slot). */
export const PublicItemSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  summary: z.string(),
  cover: MediaSummarySchema.nullable(),
  /** The date the item shows (its publishTime field when set, else when it was published). */
  publishTime: z.string(),
  publishedAt: z.string(),
  /** Videos: seconds. */
  duration: z.number().int().nullable(),
  /** Picture-text items: where the card links to ('' : its own page). */
  linkUrl: z.string(),
});
export type PublicItemSummary = z.infer<typeof PublicItemSummarySchema>;

/** One published item: its live fields (the rich-text body as `html`, sanitised), the media it shows, its column. */
export const PublicItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(CONTENT_TYPES),
  title: z.string(),
  column: PublicColumnRefSchema.nullable(),
  /** The live copy's fields except the rich-text body (media and columns by id, as the type defines them). */
  fields: z.record(z.string(), z.unknown()),
  html: z.string().nullable(),
  /** The media files the fields name. */
  media: z.array(MediaSummarySchema),
  publishTime: z.string(),
  publishedAt: z.string(),
});
export type PublicItem = z.infer<typeof PublicItemSchema>;

export const PublicBannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: MediaSummarySchema,
  linkUrl: z.string(),
  sortOrder: z.number().int(),
});
export type PublicBanner = z.infer<typeof PublicBannerSchema>;

export const PublicCopySchema = z.object({
  title: z.string(),
  footerText: z.string(),
  contactPhone: z.string(),
  contactEmail: z.string(),
  contactAddress: z.string(),
  icp: z.string(),
  copyright: z.string(),
});
export type PublicCopy = z.infer<typeof PublicCopySchema>;

export const PublicSlotSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slotKind: z.enum(SLOT_KIND_NAMES as [SlotKind, ...SlotKind[]]),
  variant: z.enum(SLOT_VARIANTS),
  itemCount: z.number().int(),
  sortOrder: z.number().int(),
  /** The columns it names that exist, in its order, each with its newest `itemCount` published items. */
  columns: z.array(PublicColumnRefSchema.extend({ items: z.array(PublicItemSummarySchema) })),
});
export type PublicSlot = z.infer<typeof PublicSlotSchema>;

export const PublicItemsQuerySchema = PageQuerySchema;
export const PublicItemParamsSchema = ContentParamsSchema;
export type PublicItemsQuery = z.input<typeof PublicItemsQuerySchema>;
/** The column's slug path, then `/items` (`news/group-news/items`). */
export const PublicColumnParamsSchema = z.object({ '*': z.string() });

export const PublicNavReplySchema = envelope(z.array(PublicColumnSchema));
export const PublicItemsPageReplySchema = envelope(pageOf(PublicItemSummarySchema).extend({ column: PublicColumnRefSchema }));
export const PublicItemReplySchema = envelope(PublicItemSchema);
export const PublicBannersReplySchema = envelope(z.array(PublicBannerSchema));
export const PublicCopyReplySchema = envelope(PublicCopySchema);
export const PublicSlotsReplySchema = envelope(z.array(PublicSlotSchema));

/** The public read calls of one site. `columnItems` is a wildcard route: the column's slug path, then `/items`. */
export const publicPaths = <S extends PortalSite>(site: S) =>
  ({
    nav: `/api/public/${site}/nav`,
    columnItems: `/api/public/${site}/columns/*`,
    banners: `/api/public/${site}/banners`,
    copy: `/api/public/${site}/copy`,
    slots: `/api/public/${site}/slots`,
    item: `/api/public/${site}/items/:id`,
  }) as const;
/** The URL of a column's items page (`path` is its slug path). */
export const publicColumnItemsUrl = (site: PortalSite, path: string) => `/api/public/${site}/columns/${path}/items`;

/** The server-rendered public site of each site. */
export const siteUrls = (site: PortalSite) => {
  const base = `/site/${site}`;
  return {
    home: `${base}/`,
    column: (path: string, page = 0) => `${base}/c/${path}${page > 0 ? `?page=${page + 1}` : ''}`,
    item: (id: number) => `${base}/a/${id}`,
    preview: (token: string) => `${base}/preview/${token}`,
  } as const;
};
/** The site's stylesheet (shared by both sites). */
export const SITE_STYLESHEET_PATH = '/site/assets/site.css';
