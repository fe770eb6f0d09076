// Benchmark target: the real app and a bare Fastify handler running the same SQL, side by side on one
// database, so `npm run bench` can report the cost of validation, auth and serialisation. Each bare handler
// calls the repository function its app route calls, with the arguments the route passes for the bench
// user (demo-a-staff of ent-a: the operator-scope lists, no warehouse or supervisor filter), pickers included.
import Fastify from 'fastify';
import { sql } from 'kysely';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { listCategories, listGoods } from './modules/goods/repository.js';
import { IN_STORAGE_TABLES, OUTBOUND_TABLES } from './modules/warehouse/kinds.js';
import { pageSources } from './modules/warehouse/repository.js';
import { pageWindow, type PageWindow, type Paged } from './lib/paging.js';
import { pagePurchaseOrders, pageSalesOrders } from './modules/orders/public.js';
import { pageProjects } from './modules/projects/public.js';
import { pageLoans } from './modules/loans/public.js';
import { pageContractEntries } from './modules/pickers/repository.js';
import { IN_STORAGE_CONTRACT_TYPES, PUBLIC_PAGE_SIZE_MAX } from '@tfb/contract';
import { itemOf, liveSource, siteColumns, subtreeIds, summariesOf } from './modules/portal-public/content.js';
import { columnItems, publishedItem } from './modules/portal-public/repository.js';
import { DataPortalService } from './modules/data-portal/service.js';
import { computeChart, computePage, periodOf } from './modules/data-portal/statistics.js';
import { STATISTICS_CHARTS, STATISTICS_PAGES, type StatisticsPage } from '@tfb/contract';
import type { Session } from './plugins/session.js';
import { findDashboard } from './modules/data-portal-boards/repository.js';
import { dashboardFigures } from './modules/data-portal-boards/figures.js';
import { sourcesOf } from './modules/data-portal-boards/indicators.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  await migrate(database);
  const app = await buildApp({ config, database });
  await app.listen({ port: config.port, host: '127.0.0.1' });

  const bare = Fastify();
  const db = database.db;
  // `SELECT 1` behind whatever is still queued: the bench waits on it between cases.
  bare.get('/ping', async () => {
    await sql`SELECT 1`.execute(db);
    return { ok: true };
  });
  bare.get('/categories', async () => ({ code: 0, message: '成功', data: await listCategories(db, 'ent-a') }));
  // A paged list as the web app asks for it (text query parameters), answered in the success envelope.
  type Query = Record<string, string | undefined>;
  const barePage = (path: string, read: (q: Query, w: PageWindow) => Promise<Paged<unknown>>) =>
    bare.get(path, async (req) => {
      const q = req.query as Query;
      const r = await read(q, pageWindow({ pageNumber: Number(q.pageNumber ?? 0), pageSize: Number(q.pageSize ?? 10) }));
      return { code: 0, message: '成功', data: { content: r.content, totalElements: r.total } };
    });
  /** The warehouse sources (notices, instructions) of ent-a not yet made into an order, searched by `blurry`. */
  const sources = (q: Query, date: string | undefined, equals: Record<string, string | undefined>) => ({
    enterpriseId: 'ent-a',
    isCreate: Number(q.isCreate ?? 0),
    blurry: q.blurry?.trim() || undefined,
    date: date || undefined,
    equals,
  });
  barePage('/goods', (q, w) => {
    const filter = { name: q.name?.trim() || undefined, categoryId: q.goodsCategoryId ? Number(q.goodsCategoryId) : undefined };
    return listGoods(db, 'ent-a', filter, w);
  });
  barePage('/notices', (q, w) => pageSources(db, IN_STORAGE_TABLES, sources(q, q.collectionTimeL, {}), w));
  barePage('/instructions', (q, w) => {
    const equals = { data_sources: q.dataSources || undefined, supervise_id: q.superviseId || undefined };
    return pageSources(db, OUTBOUND_TABLES, sources(q, q.planDeliveryTime, equals), w);
  });
  // The pickers, as their routes call their modules' list queries (no search unless the query has one).
  const text = (v: string | undefined) => v?.trim() || undefined;
  barePage('/pick/sales-orders', (q, w) => pageSalesOrders(db, 'ent-a', { search: text(q.name) }, w));
  barePage('/pick/purchase-orders', (q, w) => pagePurchaseOrders(db, 'ent-a', { search: text(q.name) }, w));
  barePage('/pick/projects', (q, w) => pageProjects(db, 'ent-a', { codeName: text(q.codeName), type: undefined }, w));
  barePage('/pick/loans', (q, w) => pageLoans(db, 'ent-a', { search: text(q.search), createDate: undefined }, w));
  barePage('/pick/contracts', (q, w) => pageContractEntries(db, 'ent-a', { types: undefined, search: text(q.blurry) }, w));
  barePage('/pick/in-storage-contracts', (q, w) =>
    pageContractEntries(db, 'ent-a', { types: IN_STORAGE_CONTRACT_TYPES, search: text(q.search) }, w),
  );
  // The public portal API as a request that finds nothing kept: the same repository calls its routes make on a miss
  // (the app answers from what it keeps for the site's version, after one version query).
  const portal = { enterpriseId: 'ent-p', site: 'portalWebsite' } as const;
  bare.get('/public/column-items', async (req) => {
    const q = req.query as Query;
    const w = pageWindow({ pageNumber: Number(q.pageNumber ?? 0), pageSize: Number(q.pageSize ?? 10) }, PUBLIC_PAGE_SIZE_MAX);
    const column = (await siteColumns(db, portal)).byPath.get(q.path ?? '');
    if (!column) return { code: 40400, message: '栏目不存在', data: null };
    const { rows, total } = await columnItems(db, portal, subtreeIds(column), w);
    const content = await summariesOf(db, portal, rows);
    return { code: 0, message: '成功', data: { content, totalElements: total, pageNumber: w.pageNumber, pageSize: w.pageSize } };
  });
  bare.get('/public/item', async (req) => {
    const row = await publishedItem(db, portal, Number((req.query as Query).id));
    if (!row) return { code: 40400, message: '内容不存在', data: null };
    return { code: 0, message: '成功', data: await itemOf(db, portal, await siteColumns(db, portal), liveSource(row)) };
  });
  // The admin content list's query as a plain page of the site's articles (the content module's own list call,
  // filters and mapping included, is what the app side measures).
  bare.get('/portal/content-list', async (req) => {
    const q = req.query as Query;
    const w = pageWindow({ pageNumber: Number(q.pageNumber ?? 0), pageSize: Number(q.pageSize ?? 10) });
    const mine = db
      .selectFrom('portal_items')
      .where('enterprise_id', '=', portal.enterpriseId)
      .where('site', '=', portal.site)
      .where('type', '=', 'article')
      .where('deleted', '=', false);
    const [content, count] = await Promise.all([
      mine.selectAll().orderBy('update_time', 'desc').orderBy('id', 'desc').offset(w.offset).limit(w.limit).execute(),
      mine.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { code: 0, message: '成功', data: { content, totalElements: Number(count.n), pageNumber: w.pageNumber, pageSize: w.pageSize } };
  });
  // The statistics pages and the aggregate query as their routes compute them for the bench user (the same service,
  // its cache included), without the session, validation and serialisation of the app.
  const statistics = new DataPortalService(db, () => new Date());
  const benchUser = { userId: 'demo-a-staff', enterpriseId: 'ent-a' } as Session;
  bare.get('/statistics/:page', async (req) => {
    const page = (req.params as { page: StatisticsPage }).page;
    const caller = await statistics.caller(benchUser, {});
    const period = periodOf({}, new Date());
    // Kept whole as the route keeps it (the app writes a kept answer's bytes once; here it is serialised each time).
    const data = await statistics.keptFigures(caller, JSON.stringify(['statistics', page, period]), async () => ({
      page,
      ...(await computePage(statistics, caller, period, page)),
      filter: period,
    }));
    return { code: 0, message: '成功', data };
  });
  bare.post('/data-portal/query', async (req) => {
    const body = req.body as { dataset: 'contracts'; dimensions: string[]; measures: string[]; limit?: number };
    const caller = await statistics.caller(benchUser, {});
    const r = await statistics.aggregate(caller, { ...body, limit: body.limit ?? 200 });
    return { code: 0, message: '成功', data: { ...body, ...r, scope: caller.scope.scope } };
  });
  // Server time with an empty cache (what the first request after any write costs), median and worst of `runs`,
  // for ent-a and for the platform's every enterprise, over the default twelve months and over the last three.
  const periods = () => {
    const now = new Date();
    const today = periodOf({}, now).to;
    const [y, m, d] = today.split('-').map(Number) as [number, number, number];
    const from = new Date(Date.UTC(y, m - 1 - 3, d + 1)).toISOString().slice(0, 10);
    return [
      { label: '12 months', filter: {} },
      { label: '3 months', filter: { from, to: today } },
    ] as const;
  };
  const timed = async (runs: number, once: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await once();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const ms = (t: number) => Math.round(t * 10) / 10;
    return { medianMs: ms(times[times.length >> 1]!), maxMs: ms(times[times.length - 1]!) };
  };
  const platformUser = { userId: 'demo-internal', enterpriseId: 'ent-p' } as Session;
  bare.get('/statistics-timings', async (req) => {
    const runs = Number((req.query as Query).runs ?? 5);
    const out: { user: string; period: string; page: string; chart: string; medianMs: number; maxMs: number }[] = [];
    for (const user of [benchUser, platformUser]) {
      for (const { label, filter } of periods()) {
        for (const page of STATISTICS_PAGES) {
          for (const chartId of STATISTICS_CHARTS[page]) {
            const t = await timed(runs, async () => {
              const fresh = new DataPortalService(db, () => new Date());
              const caller = await fresh.caller(user, filter);
              await computeChart(fresh, caller, periodOf(filter, new Date()), chartId);
            });
            out.push({ user: user.userId, period: label, page, chart: chartId, ...t });
          }
        }
      }
    }
    return out;
  });
  // The platform's cockpit board (demo data) with the big screen's goods-flow chart added: twelve widgets, each
  // alone and the whole board, for the platform's data-portal administrator (every enterprise) and as ent-a sees
  // its own figures.
  bare.get('/board-timings', async (req) => {
    const runs = Number((req.query as Query).runs ?? 5);
    const first = (kind: 'board' | 'scene') =>
      db
        .selectFrom('data_dashboards')
        .select('id')
        .where('enterprise_id', '=', 'ent-p')
        .where('kind', '=', kind)
        .where('deleted', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const board = await findDashboard(db, { enterpriseId: 'ent-p', kind: 'board' }, Number((await first('board')).id));
    const scene = await findDashboard(db, { enterpriseId: 'ent-p', kind: 'scene' }, Number((await first('scene')).id));
    const widgets = [...board.widgets, ...scene.widgets.filter((w) => w.id === 'flowByMonth')];
    const twelve = { ...board, widgets };
    const indicators = await sourcesOf(db, 'ent-p', widgets);
    const viewers = [
      { label: 'platform (every enterprise)', viewer: { session: { userId: 'demo-portal-admin', enterpriseId: 'ent-p' } as Session } },
      { label: 'ent-a', viewer: { enterpriseId: 'ent-a' } },
    ];
    const out: { viewer: string; period: string; widget: string; medianMs: number; maxMs: number }[] = [];
    for (const { label: viewerLabel, viewer } of viewers) {
      for (const { label, filter } of periods()) {
        const given = 'from' in filter ? filter : undefined;
        const draw = (dashboard: typeof twelve) => () =>
          dashboardFigures(new DataPortalService(db, () => new Date()), viewer, dashboard, given, new Date(), indicators);
        for (const w of widgets) {
          out.push({ viewer: viewerLabel, period: label, widget: w.id, ...(await timed(runs, draw({ ...twelve, widgets: [w] }))) });
        }
        out.push({ viewer: viewerLabel, period: label, widget: `whole board (${widgets.length})`, ...(await timed(runs, draw(twelve))) });
      }
    }
    return out;
  });
  const barePort = config.port + 1;
  await bare.listen({ port: barePort, host: '127.0.0.1' });
  console.log(JSON.stringify({ ready: true, app: config.port, bare: barePort, database: database.kind }));
  const stop = async () => {
    await bare.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  setInterval(() => {
    const m = process.memoryUsage();
    console.log(JSON.stringify({ rssMb: Math.round(m.rss / 1048576), heapMb: Math.round(m.heapUsed / 1048576) }));
  }, 2000).unref();
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
