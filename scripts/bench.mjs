// `npm run bench [-- --scale N] [-- --duration S] [-- --only login-flood]`: seeds a scaled database (once per scale), then
// load-tests the goods picker list (all categories, a category subtree, a name search) and both warehouse
// lists (in-storage notices, delivery instructions) with autocannon against PGlite and PostgreSQL, printing
// req/s and p99 for the real app and for a bare Fastify handler running the same repository call with the
// same arguments, and their ratio. PostgreSQL is BENCH_DATABASE_URL (default: local server, database
// tfb_bench_{scale}).
// The login-flood case (alone with `--only login-flood`, no seeding) runs 50 concurrent wrong logins for the
// duration against a fresh database while one client calls GET /api/health, and prints health's p99.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const scale = opt('scale', Number(process.env.BENCH_SCALE || 100000));
const duration = opt('duration', 10);
const connections = opt('connections', 10);
const only = (() => {
  const i = args.indexOf('--only');
  return i >= 0 ? args[i + 1] : undefined;
})();
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

async function token(port) {
  const r = await fetch(`http://127.0.0.1:${port}/api/auth/entry`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 'demo-a-staff' }),
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

const load = (url, headers) =>
  new Promise((resolve, reject) => autocannon({ url, connections, duration, headers }, (err, res) => (err ? reject(err) : resolve(res))));

async function benchDatabase(label, env) {
  const port = 18000 + Math.floor(Math.random() * 1000) * 2;
  const target = await startTarget(env, port);
  const tok = await token(port);
  const goods = '/api/mlzgoodsserver/mlzGoods/listMlzGoodsByGoodsId';
  const steel = encodeURIComponent('钢');
  const source = encodeURIComponent(DELIVERY_APPLICATION_SOURCE);
  const cases = [
    ['goods list (page 0, all categories)', `${goods}?pageNumber=0&pageSize=10`, '/goods?pageNumber=0&pageSize=10'],
    [
      'goods list (page 5, search "钢")',
      `${goods}?pageNumber=5&pageSize=10&name=${steel}`,
      `/goods?pageNumber=5&pageSize=10&name=${steel}`,
    ],
  ];
  // The picker's category tree (the whole flat list), and a second-level category of the scale branch: a
  // subtree of some dozens of leaves holding its oldest goods.
  const { list, category } = await scaleCategory(port, tok);
  cases.push([`goods categories (tree of ${list.length})`, '/api/mlzgoodsserver/mlzGoods/listCategory', '/categories']);
  if (category) {
    cases.push([
      `goods list (page 0, category ${category.goodsCategoryCode} subtree)`,
      `${goods}?pageNumber=0&pageSize=10&goodsCategoryId=${category.id}`,
      `/goods?pageNumber=0&pageSize=10&goodsCategoryId=${category.id}`,
    ]);
  }
  cases.push(
    [
      'in-storage notices (page 0)',
      '/api/businessperationService/inStorageManage/pageQuery?pageNumber=0&pageSize=10&isCreate=0',
      '/notices?pageNumber=0&pageSize=10&isCreate=0',
    ],
    [
      'delivery instructions (page 0, data source)',
      `/api/businessperationService/mlzDeliveryManage/pageQueryShipping?pageNumber=0&pageSize=10&isCreate=0&dataSources=${source}`,
      `/instructions?pageNumber=0&pageSize=10&isCreate=0&dataSources=${source}`,
    ],
  );
  const rows = [];
  for (const [name, appPath, barePath] of cases) {
    await drain(port);
    await fetch(`http://127.0.0.1:${port}${appPath}`, { headers: { token: tok } });
    const a = await load(`http://127.0.0.1:${port}${appPath}`, { token: tok });
    await drain(port);
    await fetch(`http://127.0.0.1:${port + 1}${barePath}`);
    const b = await load(`http://127.0.0.1:${port + 1}${barePath}`, {});
    if (a.non2xx || b.non2xx) console.warn(`  ${name}: non-2xx replies app=${a.non2xx} bare=${b.non2xx}`);
    if (a.errors || b.errors)
      console.warn(`  ${name}: errors (incl. ${a.timeouts}/${b.timeouts} timeouts) app=${a.errors} bare=${b.errors}`);
    rows.push({
      database: label,
      case: name,
      'app req/s': Math.round(a.requests.average),
      'app p99 ms': a.latency.p99,
      'bare req/s': Math.round(b.requests.average),
      'bare p99 ms': b.latency.p99,
      'app/bare': (a.requests.average / Math.max(1, b.requests.average)).toFixed(2),
    });
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
  const port = 18000 + Math.floor(Math.random() * 1000) * 2;
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
const pgliteDir = path.join(root, 'data', `bench-pglite-${scale}`);
seedOnce('PGlite', { DATA_DIR: pgliteDir, DATABASE_URL: '' }, pgliteDir);
const pglite = await benchDatabase('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' });
all.push(...pglite.rows);
// Each database's figures as soon as they are in (the PostgreSQL half may still fail).
console.table(pglite.rows);
let postgres;
if (await ensurePostgresDb()) {
  seedOnce('PostgreSQL', { DATABASE_URL: pgUrl }, path.join(root, 'data', `bench-postgres-${scale}`));
  postgres = await benchDatabase('postgres', { DATABASE_URL: pgUrl });
  all.push(...postgres.rows);
  console.table(postgres.rows);
}
console.log(`\nScale ${scale} goods; ${connections} connections, ${duration} s per case.`);
console.table(all);
console.log(`Peak server RSS: PGlite ${pglite.rss} MB${postgres ? `, PostgreSQL ${postgres.rss} MB` : ''}`);
const flood = await loginFloodAll();
console.log(`\nLogin flood: ${FLOOD_CONNECTIONS} connections of wrong logins, ${duration} s, GET /api/health on one connection meanwhile.`);
console.table(flood);
