// `npm run bench [-- --scale N] [-- --duration S] [-- --connections 10,50] [-- --db pglite|postgres] [-- --no-flood]
// [-- --case TEXT] [-- --only login-flood] [-- --port N]`:
// seeds a scaled database (once per scale), then load-tests every list, picker and search of the goods picker (all
// goods, a category subtree, name searches of 1, 2 and 3 characters, goods-number searches of 1 and 2 characters and
// number prefixes), the category tree, both warehouse lists (in-storage notices, delivery instructions) and the
// order, project, loan and contract pickers, the portal sites' public API (a column's page of items, one article) and
// the portal admin's article list, the three statistics pages and the data portal's aggregate query with autocannon
// against PGlite and PostgreSQL, at each number of connections, printing req/s and p99 for the real app and for a
// bare Fastify handler running the same repository call with the same arguments, and their ratio; then the server
// time of every statistics chart and of each widget of a twelve-widget board with an empty cache. PostgreSQL is BENCH_DATABASE_URL (default: local server, database
// tfb_bench_{scale}).
// The login-flood case (alone with `--only login-flood`, no seeding) runs 50 concurrent wrong logins for the
// duration against a fresh database while one client calls GET /api/health, and prints health's p99.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { URLSearchParams } from 'node:url';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PICKER_PATHS } from '@tfb/contract';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const scale = opt('scale', Number(process.env.BENCH_SCALE || 100000));
const duration = opt('duration', 10);
const text = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
/** Each case runs at each of these numbers of connections (`--connections 10,50`). */
const connectionCounts = (text('connections') ?? '10,50').split(',').map(Number);
if (connectionCounts.some((c) => !Number.isInteger(c) || c < 1)) {
  console.error('--connections takes positive integers separated by commas, e.g. 10,50');
  process.exit(1);
}
const only = text('only');
/** `--port N`: the app listens on N and the bare handlers on N + 1 (default: a random pair from 18000). */
const basePort = text('port') === undefined ? undefined : Number(text('port'));
if (basePort !== undefined && (!Number.isInteger(basePort) || basePort < 1 || basePort > 65534)) {
  console.error('--port takes a port number (the bare handlers use the next one)');
  process.exit(1);
}
/** `--case TEXT`: only the cases whose name contains TEXT (e.g. --case picker). */
const caseFilter = text('case');
const DATABASES = ['pglite', 'postgres'];
const databases = text('db') === undefined ? DATABASES : [text('db')];
if (!DATABASES.includes(databases[0])) {
  console.error(`--db takes one of: ${DATABASES.join(', ')}`);
  process.exit(1);
}
const CASES = ['login-flood'];
if (only !== undefined && !CASES.includes(only)) {
  console.error(`--only takes one of: ${CASES.join(', ')}`);
  process.exit(1);
}
const FLOOD_CONNECTIONS = 50;
const root = path.resolve(import.meta.dirname, '..');
// The label the spec's delivery-instruction list filters by (spec 7.3 dataSources; seed-business DELIVERY_APPLICATION_SOURCE).
const DELIVERY_APPLICATION_SOURCE = '提货申请生成';
const pgAdminUrl = process.env.BENCH_ADMIN_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const pgUrl = process.env.BENCH_DATABASE_URL || `postgres://postgres@127.0.0.1:5432/tfb_bench_${scale}`;

function run(cmd, argv, env) {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', env: { ...process.env, ...env }, cwd: root });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(' ')} failed`);
}

async function ensurePostgresDb() {
  if (process.env.BENCH_DATABASE_URL) return true;
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
  } catch (e) {
    console.warn(`PostgreSQL not reachable (${e.message}); benchmarking PGlite only.`);
    return false;
  }
  const name = new URL(pgUrl).pathname.slice(1);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!exists.rowCount) await admin.query(`create database "${name}"`);
  await admin.end();
  return true;
}

function seedOnce(label, env, markerDir) {
  const marker = path.join(markerDir, `.bench-seeded-${scale}`);
  if (fs.existsSync(marker)) return console.log(`${label}: already seeded at scale ${scale}`);
  console.log(`${label}: seeding --scale ${scale} …`);
  const t = Date.now();
  run('node', ['apps/server/dist/db/seed-cli.js', '--scale', String(scale)], env);
  console.log(`${label}: seeded in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  fs.mkdirSync(markerDir, { recursive: true });
  fs.writeFileSync(marker, new Date().toISOString());
}

async function startTarget(env, port) {
  const child = spawn('node', ['apps/server/dist/bench-server.js'], {
    cwd: root,
    // A long token life: slow cases (and draining them) must not outlive the bench user's session.
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'error', ACCESS_TOKEN_TTL: '86400', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let rss = 0;
  const ready = await new Promise((resolve, reject) => {
    let buf = '';
    child.stdout.on('data', (d) => {
      buf += d.toString();
      let i;
      while ((i = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        try {
          const msg = JSON.parse(line);
          if (msg.ready) resolve(msg);
          if (msg.rssMb) rss = Math.max(rss, msg.rssMb);
        } catch {
          // not ours
        }
      }
    });
    child.once('exit', (code) => reject(new Error(`bench server exited ${code}`)));
  });
  return { child, ready, peakRss: () => rss };
}

async function token(port, userId = 'demo-a-staff') {
  const r = await fetch(`http://127.0.0.1:${port}/api/auth/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId }),
  });
  return (await r.json()).data.token;
}

/** The category list and in it S1-1 (scale run 1, first second-level node), from the app's own category call. */
async function scaleCategory(port, tok) {
  const r = await fetch(`http://127.0.0.1:${port}/api/mlzgoodsserver/mlzGoods/listCategory`, { headers: { token: tok } });
  const list = (await r.json()).data ?? [];
  return { list, category: list.find((c) => c.goodsCategoryCode === 'S1-1') };
}

/**
 * Waits until the database is idle: a request that timed out in the previous run still has its query running
 * (holding PGlite's single connection or a pool connection), and the next case must not queue behind it.
 * The bare /ping runs `SELECT 1`, so it answers only once everything queued before it has finished.
 */
async function drain(port) {
  for (;;) {
    const t = Date.now();
    try {
      await fetch(`http://127.0.0.1:${port + 1}/ping`);
    } catch {
      continue;
    }
    if (Date.now() - t < 500) return;
  }
}

const load = (url, headers, connections, extra = {}) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections, duration, headers, ...extra }, (err, res) => (err ? reject(err) : resolve(res))),
  );

const q = (params) => new URLSearchParams(params).toString();

async function benchDatabase(label, env) {
  const port = basePort ?? 18000 + Math.floor(Math.random() * 1000) * 2;
  const target = await startTarget(env, port);
  const tok = await token(port);
  const goods = '/api/mlzgoodsserver/mlzGoods/listMlzGoodsByGoodsId';
  const page0 = { pageNumber: '0', pageSize: '10' };
  /** The goods picker's list with `params` (page 0 unless they say otherwise), in the app and bare. */
  const goodsCase = (name, params) => [name, `${goods}?${q({ ...page0, ...params })}`, `/goods?${q({ ...page0, ...params })}`];
  const cases = [
    goodsCase('goods list (page 0, all categories)', {}),
    goodsCase('goods list (page 5, search "钢")', { pageNumber: '5', name: '钢' }),
    // Name searches of 1, 2 and 3 characters (the 1- and 2-character ones below pg_trgm's reach).
    goodsCase('goods search 1 char "钢"', { name: '钢' }),
    goodsCase('goods search 2 chars "螺纹"', { name: '螺纹' }),
    goodsCase('goods search 3 chars "螺纹钢"', { name: '螺纹钢' }),
    // Goods numbers (SP-yyyymmdd-nnnnn): a common and a rare 1-2 character piece, and prefixes.
    goodsCase('goods number 1 char "9"', { name: '9' }),
    goodsCase('goods number 2 chars "SP"', { name: 'SP' }),
    goodsCase('goods number 2 chars "99"', { name: '99' }),
    goodsCase('goods number prefix "SP-2025"', { name: 'SP-2025' }),
    goodsCase('goods number prefix "SP-20250101-0"', { name: 'SP-20250101-0' }),
  ];
  // The picker's category tree (the whole flat list), and a second-level category of the scale branch: a
  // subtree of some dozens of leaves holding its oldest goods.
  const { list, category } = await scaleCategory(port, tok);
  cases.push([`goods categories (tree of ${list.length})`, '/api/mlzgoodsserver/mlzGoods/listCategory', '/categories']);
  if (category) {
    cases.push(goodsCase(`goods list (page 0, category ${category.goodsCategoryCode} subtree)`, { goodsCategoryId: String(category.id) }));
  }
  const warehouse = { ...page0, isCreate: '0' };
  cases.push(
    ['in-storage notices (page 0)', `/api/businessperationService/inStorageManage/pageQuery?${q(warehouse)}`, `/notices?${q(warehouse)}`],
    [
      'delivery instructions (page 0, data source)',
      `/api/businessperationService/mlzDeliveryManage/pageQueryShipping?${q({ ...warehouse, dataSources: DELIVERY_APPLICATION_SOURCE })}`,
      `/instructions?${q({ ...warehouse, dataSources: DELIVERY_APPLICATION_SOURCE })}`,
    ],
  );
  // The pickers (spec 2.3 items 4–7), each as the web app opens it (page 0, no search) and, where the
  // picker searches, with a search.
  const picker = (name, apiPath, barePath, params = {}) => [
    name,
    `/api${apiPath}?${q({ ...page0, ...params })}`,
    `${barePath}?${q({ ...page0, ...params })}`,
  ];
  cases.push(
    picker('sales order picker', PICKER_PATHS.salesOrders, '/pick/sales-orders'),
    picker('purchase order picker', PICKER_PATHS.purchaseOrders, '/pick/purchase-orders'),
    picker('purchase order picker (search "CG")', PICKER_PATHS.purchaseOrders, '/pick/purchase-orders', { name: 'CG' }),
    picker('project picker', PICKER_PATHS.availableProjects, '/pick/projects'),
    picker('loan picker', PICKER_PATHS.loans, '/pick/loans'),
    picker('contract picker (all types)', PICKER_PATHS.fundContracts, '/pick/contracts'),
    picker('contract picker (search "HT")', PICKER_PATHS.fundContracts, '/pick/contracts', { blurry: 'HT' }),
    picker('in-storage contract picker', PICKER_PATHS.inStorageContracts, '/pick/in-storage-contracts'),
  );
  // The portal sites (ent-p's demo content): the public API without a session — a column's page of items and one
  // article — and the admin content list as the portal administrator opens it.
  const portalTok = await token(port, 'demo-portal-admin');
  const groupNews = await fetch(`http://127.0.0.1:${port}/api/public/portalWebsite/columns/news/group-news/items?pageSize=1`).then((r) =>
    r.json(),
  );
  const articleId = groupNews.data?.content?.[0]?.id;
  cases.push([
    'portal public: column items (page 0)',
    `/api/public/portalWebsite/columns/news/group-news/items?${q(page0)}`,
    `/public/column-items?${q({ ...page0, path: 'news/group-news' })}`,
    '',
  ]);
  if (articleId)
    cases.push(['portal public: one article', `/api/public/portalWebsite/items/${articleId}`, `/public/item?id=${articleId}`, '']);
  cases.push([
    'portal admin: article list (page 0)',
    `/api/portal/portalWebsite/content/article?${q(page0)}`,
    `/portal/content-list?${q(page0)}`,
    portalTok,
  ]);
  // The statistics pages (every chart, as the page loads them; answered from the figures' cache after the first
  // request, as in use) and the data portal's aggregate query.
  for (const page of ['business', 'funds', 'warehouse']) {
    cases.push([`statistics: ${page} page`, `/api/statistics/${page}`, `/statistics/${page}`]);
  }
  const dpQuery = { dataset: 'contracts', dimensions: ['month', 'contractType'], measures: ['amount', 'count'] };
  cases.push(['data portal: query contracts by month and type', '/api/data-portal/query', '/data-portal/query', tok, dpQuery]);
  const rows = [];
  for (const [name, appPath, barePath, caseToken = tok, body] of cases.filter(
    ([name]) => caseFilter === undefined || name.includes(caseFilter),
  )) {
    // '' : a public call, sent without a session.
    const headers = caseToken ? { token: caseToken } : {};
    // A POST case (the aggregate query) sends its JSON body.
    const post = body ? { method: 'POST', body: JSON.stringify(body) } : {};
    const json = body ? { 'content-type': 'application/json' } : {};
    for (const connections of connectionCounts) {
      await drain(port);
      await fetch(`http://127.0.0.1:${port}${appPath}`, { headers: { ...headers, ...json }, ...post });
      const a = await load(`http://127.0.0.1:${port}${appPath}`, { ...headers, ...json }, connections, post);
      await drain(port);
      await fetch(`http://127.0.0.1:${port + 1}${barePath}`, { headers: json, ...post });
      const b = await load(`http://127.0.0.1:${port + 1}${barePath}`, json, connections, post);
      if (a.non2xx || b.non2xx) console.warn(`  ${name}: non-2xx replies app=${a.non2xx} bare=${b.non2xx}`);
      if (a.errors || b.errors)
        console.warn(`  ${name}: errors (incl. ${a.timeouts}/${b.timeouts} timeouts) app=${a.errors} bare=${b.errors}`);
      rows.push({
        database: label,
        case: name,
        conns: connections,
        'app req/s': Math.round(a.requests.average),
        'app p99 ms': a.latency.p99,
        'bare req/s': Math.round(b.requests.average),
        'bare p99 ms': b.latency.p99,
        'app/bare': (a.requests.average / Math.max(1, b.requests.average)).toFixed(2),
      });
    }
  }
  // Server time of every statistics chart and of a twelve-widget board's widgets computed with an empty cache
  // (median and worst of 5), over the default twelve months and the last three.
  const figures = caseFilter === undefined || ['statistics', 'board'].some((k) => k.includes(caseFilter) || caseFilter.includes(k));
  if (figures) {
    await drain(port);
    const timings = await fetch(`http://127.0.0.1:${port + 1}/statistics-timings?runs=5`).then((r) => r.json());
    console.log(`\n${label}: statistics charts, uncached server time (ms)`);
    console.table(timings);
  }
  if (figures) {
    await drain(port);
    const timings = await fetch(`http://127.0.0.1:${port + 1}/board-timings?runs=5`).then((r) => r.json());
    console.log(`\n${label}: board widgets, uncached server time (ms)`);
    console.table(timings);
  }
  const rss = target.peakRss();
  target.child.kill('SIGTERM');
  await new Promise((r) => target.child.once('exit', r));
  return { rows, rss };
}

/**
 * 50 connections sending wrong passwords (one source address, as a single attacker) for the duration, while one
 * connection calls GET /api/health: health's p99 says whether sign-in work holds up everyone else. On a fresh
 * database, so no lock or counter from an earlier run decides the outcome.
 */
async function loginFlood(label, env) {
  const port = basePort ?? 18000 + Math.floor(Math.random() * 1000) * 2;
  const target = await startTarget(env, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const idle = await new Promise((resolve, reject) =>
      autocannon({ url: `${base}/api/health`, connections: 1, amount: 200 }, (err, res) => (err ? reject(err) : resolve(res))),
    );
    const [flood, health] = await Promise.all([
      new Promise((resolve, reject) =>
        autocannon(
          {
            url: `${base}/login/login`,
            method: 'POST',
            connections: FLOOD_CONNECTIONS,
            duration,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: 'admin', password: 'not-the-password' }),
          },
          (err, res) => (err ? reject(err) : resolve(res)),
        ),
      ),
      new Promise((resolve, reject) =>
        autocannon({ url: `${base}/api/health`, connections: 1, duration }, (err, res) => (err ? reject(err) : resolve(res))),
      ),
    ]);
    const codes = Object.entries(flood.statusCodeStats ?? {})
      .map(([code, s]) => `${code}×${s.count}`)
      .join(' ');
    if (health.non2xx || health.errors) console.warn(`  ${label}: health non-2xx ${health.non2xx}, errors ${health.errors}`);
    return {
      database: label,
      'wrong logins': flood.requests.total,
      'login replies': codes,
      'health p99 ms (idle)': idle.latency.p99,
      'health p99 ms (flood)': health.latency.p99,
      'health max ms (flood)': health.latency.max,
      'health req/s': Math.round(health.requests.average),
    };
  } finally {
    target.child.kill('SIGTERM');
    await new Promise((r) => target.child.once('exit', r));
  }
}

async function loginFloodAll() {
  const rows = [];
  // As configured (refused sign-ins answered after SIGN_IN_LIMITS.refusalDelayMs, which slows a guesser that waits
  // for answers), and with that delay off: the cost of a flood that does not wait.
  const variants = [
    ['', {}],
    [' (no refusal delay)', { SIGN_IN_REFUSAL_DELAY_MS: '0' }],
  ];
  for (const [suffix, extra] of variants) {
    const dir = fs.mkdtempSync(path.join(root, 'data', 'bench-login-flood-'));
    try {
      rows.push(await loginFlood(`pglite${suffix}`, { DATA_DIR: dir, DATABASE_URL: '', ...extra }));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const admin = new pg.Client({ connectionString: pgAdminUrl });
  try {
    await admin.connect();
  } catch (e) {
    console.warn(`PostgreSQL not reachable (${e.message}); login flood on PGlite only.`);
    return rows;
  }
  const name = 'tfb_bench_login_flood';
  await admin.end();
  for (const [suffix, extra] of variants) {
    const fresh = new pg.Client({ connectionString: pgAdminUrl });
    await fresh.connect();
    await fresh.query(`drop database if exists "${name}"`);
    await fresh.query(`create database "${name}"`);
    await fresh.end();
    const url = new URL(pgAdminUrl);
    url.pathname = `/${name}`;
    rows.push(await loginFlood(`postgres${suffix}`, { DATABASE_URL: url.toString(), ...extra }));
  }
  return rows;
}

if (only === 'login-flood') {
  fs.mkdirSync(path.join(root, 'data'), { recursive: true });
  const rows = await loginFloodAll();
  console.log(
    `\nLogin flood: ${FLOOD_CONNECTIONS} connections of wrong logins, ${duration} s, GET /api/health on one connection meanwhile.`,
  );
  console.table(rows);
  process.exit(0);
}

const all = [];
let pglite;
if (databases.includes('pglite')) {
  const pgliteDir = path.join(root, 'data', `bench-pglite-${scale}`);
  seedOnce('PGlite', { DATA_DIR: pgliteDir, DATABASE_URL: '' }, pgliteDir);
  pglite = await benchDatabase('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' });
  all.push(...pglite.rows);
  // Each database's figures as soon as they are in (the PostgreSQL half may still fail).
  console.table(pglite.rows);
}
let postgres;
if (databases.includes('postgres') && (await ensurePostgresDb())) {
  seedOnce('PostgreSQL', { DATABASE_URL: pgUrl }, path.join(root, 'data', `bench-postgres-${scale}`));
  postgres = await benchDatabase('postgres', { DATABASE_URL: pgUrl });
  all.push(...postgres.rows);
  console.table(postgres.rows);
}
console.log(`\nScale ${scale} goods; ${connectionCounts.join(' and ')} connections, ${duration} s per case.`);
console.table(all);
if (pglite && postgres) {
  // PGlite against PostgreSQL, case by case: the app's req/s on each.
  console.log('\nPGlite / PostgreSQL (app req/s):');
  console.table(
    pglite.rows.map((r, i) => ({
      case: r.case,
      conns: r.conns,
      'pglite/postgres': (r['app req/s'] / Math.max(1, postgres.rows[i]['app req/s'])).toFixed(2),
    })),
  );
}
console.log(
  `Peak server RSS: ${[pglite && `PGlite ${pglite.rss} MB`, postgres && `PostgreSQL ${postgres.rss} MB`].filter(Boolean).join(', ')}`,
);
// `--no-flood` leaves the login flood out (e.g. while comparing list figures).
if (args.includes('--no-flood')) process.exit(0);
const flood = await loginFloodAll();
console.log(`\nLogin flood: ${FLOOD_CONNECTIONS} connections of wrong logins, ${duration} s, GET /api/health on one connection meanwhile.`);
console.table(flood);
