// The public side of the two portal sites (issue 12): the read API (/api/public/<site>/…), the server-rendered
// site (/site/<site>/…), its stylesheet, and the signed draft previews with the admin call that makes their links.
// Everything public is the published content of the site's publisher (portal_site_publishers), answered from
// what is kept for the site's current content version (cache.ts) with ETag / Last-Modified / 304.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CONTENT_MESSAGES,
  CONTENT_TYPES,
  ContentParamsSchema,
  PORTAL_SITES,
  PREVIEW_LINK_TTL_SECONDS,
  PUBLIC_CACHE_CONTROL,
  PUBLIC_PAGE_SIZE_MAX,
  PreviewLinkReplySchema,
  PublicBannersReplySchema,
  PublicColumnParamsSchema,
  PublicCopyReplySchema,
  PublicItemParamsSchema,
  PublicItemReplySchema,
  PublicItemsPageReplySchema,
  PublicItemsQuerySchema,
  PublicNavReplySchema,
  PublicSlotsReplySchema,
  SITE_STYLESHEET_PATH,
  contentPaths,
  isPublicPageType,
  portalAccess,
  publicPaths,
  siteUrls,
  type Envelope,
  type PortalSite,
  type PublicBanner,
  type PublicColumn,
  type PublicCopy,
  type PublicSlot,
} from '@tfb/contract';
import { AppError } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { sessionCall } from '../../lib/route.js';
import { serializeDirectives, siteDirectives } from '../../plugins/security-headers.js';
import { PublicCache, rendered, sendRendered, type Rendered } from './cache.js';
import {
  bannersOf,
  columnRef,
  copyOf,
  draftSource,
  itemOf,
  liveSource,
  navOf,
  siteColumns,
  slotsOf,
  subtreeIds,
  summariesOf,
  trailOf,
  type ColumnInfo,
  type SiteColumns,
} from './content.js';
import { columnPage, homePage, itemPage, notFoundPage, type Frame } from './html.js';
import { checkPreview, loadPreviewKey, signPreview } from './preview-token.js';
import {
  columnItems,
  draftItem,
  itemVersion,
  pageOfColumn,
  publishedItem,
  publishedOfType,
  siteVersion,
  type DraftRow,
  type LiveRow,
  type Scope,
  type SiteVersion,
} from './repository.js';
import { SITE_CSS } from './site-css.js';
import { SITE_STRINGS } from './strings.js';

/** A column page of the site lists this many items. */
const SITE_PAGE_SIZE = 10;
const HTML = 'text/html; charset=utf-8';
const JSON_TYPE = 'application/json; charset=utf-8';
const SITE_CSP = serializeDirectives(siteDirectives());

const contentMissing = () => new AppError(40400, CONTENT_MESSAGES.notFound);
const columnMissing = () => new AppError(40400, '栏目不存在');

/** The site's content now: its publisher's scope and version (none: nobody publishes it, and it shows nothing). */
type Site = { site: PortalSite; scope: Scope | undefined; version: string; lastModified: Date };

/** What every page of a version of the site shares. */
type SiteData = { columns: SiteColumns; nav: PublicColumn[]; copy: PublicCopy | null };

const EMPTY_COLUMNS: SiteColumns = { byId: new Map(), byPath: new Map(), roots: [] };

export const portalPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.database;
  const db = database.db;
  const cache = new PublicCache();
  // A change announced by any process (the content module notifies in its transaction) drops the site's replies at
  // once; the content version each request reads keeps them right even when an announcement is missed.
  const stop = app.portalPublic.onChange(({ site }) => cache.drop(site));
  app.addHook('onClose', async () => stop());

  let previewKey: Promise<Buffer> | undefined;
  const keyOf = () => {
    previewKey ??= loadPreviewKey(database).catch((e: unknown) => {
      previewKey = undefined;
      throw e;
    });
    return previewKey;
  };

  const siteNow = async (site: PortalSite): Promise<Site> => {
    const v: SiteVersion | undefined = await siteVersion(db, site);
    if (!v) return { site, scope: undefined, version: 'none', lastModified: new Date(0) };
    return { site, scope: { enterpriseId: v.enterpriseId, site }, version: v.key, lastModified: v.lastModified };
  };
  const kept = <T>(s: Site, key: string, build: () => Promise<T>) => cache.get(s.site, s.version, key, build);

  const siteData = (s: Site): Promise<SiteData> =>
    kept(s, 'data', async () => {
      if (!s.scope) return { columns: EMPTY_COLUMNS, nav: [], copy: null };
      const [columns, copies] = await Promise.all([siteColumns(db, s.scope), publishedOfType(db, s.scope, 'websiteCopy')]);
      return { columns, nav: navOf(columns), copy: copies[0] ? copyOf(copies[0].live) : null };
    });
  const frameOf = async (s: Site): Promise<Frame> => {
    const d = await siteData(s);
    return { site: s.site, nav: d.nav, copy: d.copy };
  };

  const bannerInput = (r: LiveRow) => ({ id: r.id, data: r.live, sortOrder: r.sort_order });
  const banners = (s: Site): Promise<PublicBanner[]> =>
    kept(s, 'banners', async () =>
      s.scope ? bannersOf(db, s.scope, (await publishedOfType(db, s.scope, 'banner')).map(bannerInput)) : [],
    );
  const slots = (s: Site): Promise<PublicSlot[]> =>
    kept(s, 'slots', async () => {
      if (!s.scope) return [];
      const { columns } = await siteData(s);
      return slotsOf(db, s.scope, columns, (await publishedOfType(db, s.scope, 'layoutSlot')).map(bannerInput));
    });

  /** A column the site shows at `path` (not a link column). */
  const columnAt = async (s: Site, path: string): Promise<ColumnInfo> => {
    const c = (await siteData(s)).columns.byPath.get(path);
    if (!c || c.kind === 'link') throw columnMissing();
    return c;
  };
  const columnList = async (s: Site, c: ColumnInfo, w: ReturnType<typeof pageWindow>) => {
    const { rows, total } = await columnItems(db, s.scope!, subtreeIds(c), w);
    return pageOf(await summariesOf(db, s.scope!, rows), total, w);
  };
  const publicItem = async (s: Site, id: number) => {
    if (!s.scope) throw contentMissing();
    const row = await publishedItem(db, s.scope, id);
    if (!row) throw contentMissing();
    return itemOf(db, s.scope, (await siteData(s)).columns, liveSource(row));
  };

  /** The JSON reply of `data` in the envelope, checked against the route's reply schema once, when it is built. */
  const jsonOf = <T>(schema: z.ZodType<Envelope<T>>, data: T, s: Site): Rendered => {
    const checked = schema.safeParse(ok(data));
    if (!checked.success) throw new Error(`public reply did not match its schema: ${checked.error.message}`);
    return rendered(JSON.stringify(checked.data), JSON_TYPE, s.lastModified);
  };
  const answer = async (req: FastifyRequest, reply: FastifyReply, r: Promise<Rendered>) =>
    sendRendered(req, reply, await r, PUBLIC_CACHE_CONTROL);

  const tags = ['portal-public'];
  const open = { access: 'public' } as const;

  // The stylesheet: the same bytes until the server is updated.
  const css = rendered(SITE_CSS, 'text/css; charset=utf-8', new Date());
  app.get(SITE_STYLESHEET_PATH, { config: open, schema: { hide: true } }, async (req, reply) =>
    sendRendered(req, reply, css, 'public, max-age=300, must-revalidate'),
  );

  /** An HTML page of the site (status 200), or the site's 404 page when its content is missing. */
  const page = async (req: FastifyRequest, reply: FastifyReply, s: Site, key: string, build: () => Promise<string>) => {
    void reply.header('content-security-policy', SITE_CSP);
    try {
      const r = await kept(s, key, async () => rendered(await build(), HTML, s.lastModified));
      return await sendRendered(req, reply, r, PUBLIC_CACHE_CONTROL);
    } catch (e) {
      if (!(e instanceof AppError) || e.status !== 404) throw e;
      return notFound(reply, s);
    }
  };
  const notFound = async (reply: FastifyReply, s: Site, text?: string) =>
    reply
      .status(404)
      .header('content-security-policy', SITE_CSP)
      .header('cache-control', 'no-store')
      .type(HTML)
      .send(notFoundPage(await frameOf(s), text));

  for (const site of PORTAL_SITES) {
    const p = publicPaths(site);
    const urls = siteUrls(site);

    // ---- the read API ----
    app.get(p.nav, { config: open, schema: { tags, security: [], response: { 200: PublicNavReplySchema } } }, async (req, reply) => {
      const s = await siteNow(site);
      return answer(
        req,
        reply,
        kept(s, 'api:nav', async () => jsonOf(PublicNavReplySchema, (await siteData(s)).nav, s)),
      );
    });

    app.get(
      p.columnItems,
      {
        config: open,
        schema: {
          tags,
          security: [],
          params: PublicColumnParamsSchema,
          querystring: PublicItemsQuerySchema,
          response: { 200: PublicItemsPageReplySchema },
        },
      },
      async (req, reply) => {
        const tail = req.params['*'];
        if (!tail.endsWith('/items')) throw columnMissing();
        const path = tail.slice(0, -'/items'.length);
        const w = pageWindow(req.query, PUBLIC_PAGE_SIZE_MAX);
        const s = await siteNow(site);
        const key = `api:column:${w.pageNumber}:${w.pageSize}:${path}`;
        return answer(
          req,
          reply,
          kept(s, key, async () => {
            const c = await columnAt(s, path);
            return jsonOf(PublicItemsPageReplySchema, { ...(await columnList(s, c, w)), column: columnRef(c) }, s);
          }),
        );
      },
    );

    app.get(
      p.item,
      { config: open, schema: { tags, security: [], params: PublicItemParamsSchema, response: { 200: PublicItemReplySchema } } },
      async (req, reply) => {
        const s = await siteNow(site);
        const id = req.params.id;
        return answer(
          req,
          reply,
          kept(s, `api:item:${id}`, async () => jsonOf(PublicItemReplySchema, await publicItem(s, id), s)),
        );
      },
    );

    app.get(
      p.banners,
      { config: open, schema: { tags, security: [], response: { 200: PublicBannersReplySchema } } },
      async (req, reply) => {
        const s = await siteNow(site);
        return answer(
          req,
          reply,
          kept(s, 'api:banners', async () => jsonOf(PublicBannersReplySchema, await banners(s), s)),
        );
      },
    );

    app.get(p.copy, { config: open, schema: { tags, security: [], response: { 200: PublicCopyReplySchema } } }, async (req, reply) => {
      const s = await siteNow(site);
      return answer(
        req,
        reply,
        kept(s, 'api:copy', async () => {
          const { copy } = await siteData(s);
          if (!copy) throw contentMissing();
          return jsonOf(PublicCopyReplySchema, copy, s);
        }),
      );
    });

    app.get(p.slots, { config: open, schema: { tags, security: [], response: { 200: PublicSlotsReplySchema } } }, async (req, reply) => {
      const s = await siteNow(site);
      return answer(
        req,
        reply,
        kept(s, 'api:slots', async () => jsonOf(PublicSlotsReplySchema, await slots(s), s)),
      );
    });

    // ---- the site ----
    app.get(`/site/${site}`, { config: open, schema: { hide: true } }, async (_req, reply) => reply.redirect(urls.home, 301));

    app.get(urls.home, { config: open, schema: { hide: true } }, async (req, reply) => {
      const s = await siteNow(site);
      return page(req, reply, s, 'page:home', async () => homePage(await frameOf(s), { banners: await banners(s), slots: await slots(s) }));
    });

    app.get(`/site/${site}/c/*`, { config: open, schema: { hide: true } }, async (req, reply) => {
      const s = await siteNow(site);
      const path = (req.params as { '*': string })['*'].replace(/\/+$/, '');
      const pageParam = (req.query as Record<string, unknown>).page;
      const pageNumber =
        pageParam === undefined ? 1 : typeof pageParam === 'string' && /^[1-9]\d{0,5}$/.test(pageParam) ? Number(pageParam) : 0;
      if (pageNumber < 1) return notFound(reply, s);
      return page(req, reply, s, `page:column:${pageNumber}:${path}`, async () => {
        const c = await columnAt(s, path);
        const { columns } = await siteData(s);
        const trail = trailOf(columns, c);
        const section = trail[0]!;
        const siblings = section.children.filter((x) => x.visible);
        const view = {
          column: { ...columnRef(c), seoTitle: c.seo_title, seoKeywords: c.seo_keywords, seoDescription: c.seo_description },
          trail: trail.map(columnRef),
          siblings: siblings.length ? [columnRef(section), ...siblings.map(columnRef)] : [],
          sideHeading: section.name,
        };
        if (c.kind === 'page') {
          const row = await pageOfColumn(db, s.scope!, c.id);
          return columnPage(await frameOf(s), { ...view, single: row ? await itemOf(db, s.scope!, columns, liveSource(row)) : null });
        }
        const w = pageWindow({ pageNumber: pageNumber - 1, pageSize: SITE_PAGE_SIZE });
        const list = await columnList(s, c, w);
        // A page past the last is no page (the first page of an empty column still is one).
        if (pageNumber > 1 && list.content.length === 0) throw columnMissing();
        return columnPage(await frameOf(s), { ...view, list });
      });
    });

    app.get(`/site/${site}/a/:id`, { config: open, schema: { hide: true } }, async (req, reply) => {
      const s = await siteNow(site);
      const raw = (req.params as { id: string }).id;
      if (!/^[1-9]\d{0,15}$/.test(raw)) return notFound(reply, s);
      const id = Number(raw);
      return page(req, reply, s, `page:item:${id}`, async () => {
        const item = await publicItem(s, id);
        const { columns } = await siteData(s);
        const trail = trailOf(columns, item.column ? columns.byId.get(item.column.id) : undefined).map(columnRef);
        return itemPage(await frameOf(s), { item, trail });
      });
    });

    app.get(`/site/${site}/preview/:token`, { config: open, schema: { hide: true } }, async (req, reply) => {
      void reply
        .header('x-robots-tag', 'noindex, nofollow')
        .header('cache-control', 'no-store')
        .header('content-security-policy', SITE_CSP);
      const claims = checkPreview(await keyOf(), (req.params as { token: string }).token, Math.floor(Date.now() / 1000));
      const s = await siteNow(site);
      const scope = claims && claims.site === site ? { enterpriseId: claims.enterpriseId, site } : undefined;
      const draft = scope && claims ? await draftItem(db, scope, claims) : undefined;
      if (!scope || !draft) return notFound(reply, s, SITE_STRINGS.previewExpired);
      return reply.type(HTML).send(await previewPage(scope, draft));
    });

    // Anything else under the site: its 404 page.
    app.get(`/site/${site}/*`, { config: open, schema: { hide: true } }, async (_req, reply) => notFound(reply, await siteNow(site)));

    // ---- the preview links (admin) ----
    for (const type of CONTENT_TYPES) {
      sessionCall(
        app,
        'POST',
        contentPaths(site, type).preview,
        { access: portalAccess(site).read, tags: ['portal'], params: ContentParamsSchema, reply: PreviewLinkReplySchema },
        async (session, { params }) => {
          const version = await itemVersion(db, { enterpriseId: session.enterpriseId, site }, type, params.id);
          if (version === undefined) throw contentMissing();
          const exp = Math.floor(Date.now() / 1000) + PREVIEW_LINK_TTL_SECONDS;
          const token = signPreview(await keyOf(), { enterpriseId: session.enterpriseId, site, type, id: params.id, version, exp });
          return { url: urls.preview(token), expiresAt: new Date(exp * 1000).toISOString() };
        },
      );
    }
  }

  // A site that does not exist: a plain 404 page (not the back office's page, which answers unknown paths).
  app.get('/site/*', { config: open, schema: { hide: true } }, async (_req, reply) =>
    reply
      .status(404)
      .header('content-security-policy', SITE_CSP)
      .header('cache-control', 'no-store')
      .type(HTML)
      .send(notFoundPage({ site: PORTAL_SITES[0], nav: [], copy: null })),
  );

  /**
   * A draft as the site would show it, through the same renderers: a page type as its page, a banner, the website
   * copy or a layout slot as the home page with the draft in place of (or beside) the published one. The frame is
   * the previewing enterprise's own columns and published copy.
   */
  async function previewPage(scope: Scope, draft: DraftRow): Promise<string> {
    const [columns, copies] = await Promise.all([siteColumns(db, scope), publishedOfType(db, scope, 'websiteCopy')]);
    const copy = draft.type === 'websiteCopy' ? copyOf(draft.data) : copies[0] ? copyOf(copies[0].live) : null;
    const frame: Frame = { site: scope.site, nav: navOf(columns), copy, preview: true };
    if (isPublicPageType(draft.type)) {
      const item = await itemOf(db, scope, columns, draftSource(draft));
      const trail = trailOf(columns, draft.columnId === null ? undefined : columns.byId.get(draft.columnId)).map(columnRef);
      return itemPage(frame, { item, trail });
    }
    const withDraft = (rows: LiveRow[]) =>
      [
        ...rows.filter((r) => r.id !== draft.id).map((r) => ({ id: r.id, data: r.live, sortOrder: r.sort_order })),
        ...(draft.type === 'websiteCopy' ? [] : [{ id: draft.id, data: draft.data, sortOrder: draft.sortOrder }]),
      ].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    const bannerRows = await publishedOfType(db, scope, 'banner');
    const slotRows = await publishedOfType(db, scope, 'layoutSlot');
    const shownBanners = await bannersOf(
      db,
      scope,
      draft.type === 'banner' ? withDraft(bannerRows) : bannerRows.map((r) => ({ id: r.id, data: r.live, sortOrder: r.sort_order })),
    );
    const shownSlots = await slotsOf(
      db,
      scope,
      columns,
      draft.type === 'layoutSlot' ? withDraft(slotRows) : slotRows.map((r) => ({ id: r.id, data: r.live, sortOrder: r.sort_order })),
    );
    return homePage(frame, { banners: shownBanners, slots: shownSlots });
  }
};
