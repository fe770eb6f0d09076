// `npm run test:scale`: three app processes behind nginx on one PostgreSQL database and one upload folder
// (scripts/scale/cluster.mjs starts and removes them). Checks what a deployment of several processes relies on:
//  a) a session entered through one process works through the others, and ends in all of them;
//  b) refresh-token rotation and reuse detection hold across processes;
//  c) business numbers stay unique when generated at once through all three;
//  d) a file uploaded through one process downloads through the others (and through nginx at the largest size);
//  e) with every process running the portal content scheduler, each scheduled item goes live (and expires) once;
//  f) a process killed (SIGKILL) under a write load loses no acknowledged write, and nginx keeps serving.
// Each check prints one line with its figures. Processes are addressed directly (A, B, C) where the check is about
// which process answers, and through nginx where it is about the deployment as a whole.
/* global AbortSignal, FormData */
import { Blob, Buffer } from 'node:buffer';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import {
  BUSINESS_PATHS,
  PROCESS_PATHS,
  SESSION_PATHS,
  UPLOAD_PATHS,
  contentPaths,
  portalPaths,
  publicColumnItemsUrl,
  publicPaths,
} from '@tfb/contract';
import { startCluster, waitFor } from './cluster.mjs';

/** How long a session ended in one process may still act in another (the announcement between processes). */
const ENDED_EVERYWHERE_WITHIN_MS = 5_000;
/** Every process runs the portal content scheduler this often (the product's default is 15 s). */
const SCHEDULER_INTERVAL_MS = 200;

let cluster;
const say = (line) => console.log(`  ${line}`);

before(async () => {
  cluster = await startCluster({ env: { PORTAL_SCHEDULER_INTERVAL_MS: String(SCHEDULER_INTERVAL_MS) }, log: console.log });
});

/** Runs `fn` with a connection of its own to the cluster's database. */
async function inDatabase(fn) {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

after(async () => {
  await cluster?.stop();
});

/** Prints the logs of the processes and of nginx when a check fails, then fails as it did. */
const withLogs = (fn) => async (t) => {
  try {
    await fn(t);
  } catch (e) {
    console.log(cluster?.logs() ?? '');
    throw e;
  }
};

async function call(base, method, path, { session, body, headers = {} } = {}) {
  const init = { method, headers: { ...(session?.headers ?? {}), ...headers }, signal: AbortSignal.timeout(60_000) };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${base}${path}`, init);
  const type = res.headers.get('content-type') ?? '';
  const payload = type.includes('json') ? await res.json() : Buffer.from(await res.arrayBuffer());
  return { status: res.status, body: payload };
}

/** A signed-in API client: it sends its access token in the `token` header (the spec's other headers are optional). */
const sessionOf = (token, refreshToken, user) => ({ token, refreshToken, user, headers: { token } });

async function enter(base, userId = 'demo-a-staff') {
  const res = await call(base, 'POST', SESSION_PATHS.entry, { body: { userId } });
  assert.equal(res.status, 200, `entry through ${base}: ${JSON.stringify(res.body)}`);
  const { token, refreshToken, user } = res.body.data;
  return sessionOf(token, refreshToken, user);
}

const sessionStatus = async (base, session) => (await call(base, 'GET', SESSION_PATHS.session, { session })).status;

/** Milliseconds until `app` refuses the session's access token (401), failing past the allowed delay. */
async function msUntilRefused(app, session) {
  const started = Date.now();
  await waitFor(`process ${app.name} refusing an ended session`, async () => (await sessionStatus(app.url, session)) === 401, {
    timeoutMs: ENDED_EVERYWHERE_WITHIN_MS,
    intervalMs: 10,
  });
  return Date.now() - started;
}

const byId = (path, id) => path.replace(':id', String(id));
const projectBody = (tag, i) => ({
  projectName: `${tag} 项目${i}`,
  type: 1,
  enterpriseName: '华东买方',
  supplierName: '北方卖方',
  projectTakeEffectTime: '2026-05-01',
});
const salesOrderBody = (tag, i) => ({ enterpriseName: `${tag} 客户${i}`, moneyDemand: 0, salesDate: 1, money: 1 });

/** Codes like XM-20260501-00042, per day: each day's sequence numbers with no gap and no repeat. */
function sequenceRanges(codes) {
  const days = new Map();
  for (const code of codes) {
    const m = /^(.*)-(\d{8})-(\d+)$/.exec(code);
    assert.ok(m, `not a business number: ${code}`);
    const key = `${m[1]}-${m[2]}`;
    days.set(key, [...(days.get(key) ?? []), Number(m[3])]);
  }
  return [...days].map(([day, numbers]) => {
    numbers.sort((x, y) => x - y);
    const first = numbers[0];
    const last = numbers.at(-1);
    return { day, first, last, count: numbers.length, contiguous: last - first + 1 === numbers.length };
  });
}

const fileBytes = (size) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, crypto.randomBytes(size - head.length - tail.length), tail]);
};
const sha = (buffer) => crypto.createHash('sha256').update(buffer).digest('hex');
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function upload(base, session, content, name, query = '') {
  const form = new FormData();
  form.append('file', new Blob([content], { type: 'application/pdf' }), name);
  const res = await call(base, 'POST', `${UPLOAD_PATHS.upload}${query}`, { session, body: form });
  assert.equal(res.status, 200, `upload through ${base}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

test(
  'a) a session entered through one process works through the others, and ends in all of them',
  withLogs(async () => {
    const [a, b, c] = cluster.apps;
    const session = await enter(a.url);
    for (const app of [a, b, c]) {
      const profile = await call(app.url, 'GET', SESSION_PATHS.session, { session });
      assert.equal(profile.status, 200, `session through ${app.name}: ${JSON.stringify(profile.body)}`);
      assert.equal(profile.body.data.userId, 'demo-a-staff');
      const list = await call(app.url, 'GET', `${BUSINESS_PATHS.projects}?pageNumber=0&pageSize=5`, { session });
      assert.equal(list.status, 200, `project list through ${app.name}: ${JSON.stringify(list.body)}`);
    }
    const loggedOut = await call(c.url, 'POST', SESSION_PATHS.logout, { session, body: {} });
    assert.equal(loggedOut.status, 200);
    const refusedBy = [];
    for (const app of [c, a, b]) refusedBy.push(`${app.name} after ${await msUntilRefused(app, session)} ms`);
    say(`a) entered through A; profile and project list 200 through A, B, C; logged out through C: refused by ${refusedBy.join(', ')}`);
  }),
);

test(
  'b) refresh rotation and reuse detection hold across processes',
  withLogs(async () => {
    const [a, b, c] = cluster.apps;
    const first = await enter(a.url);
    const rotated = await call(a.url, 'PUT', SESSION_PATHS.refresh, { body: { refreshToken: first.refreshToken } });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const second = sessionOf(rotated.body.data.token, rotated.body.data.refreshToken, first.user);
    assert.equal(await sessionStatus(b.url, second), 200, 'the rotated access token works through B');

    const reused = await call(b.url, 'PUT', SESSION_PATHS.refresh, { body: { refreshToken: first.refreshToken } });
    assert.equal(reused.status, 401, `the spent refresh token presented to B: ${JSON.stringify(reused.body)}`);
    const afterReuse = await call(c.url, 'PUT', SESSION_PATHS.refresh, { body: { refreshToken: second.refreshToken } });
    assert.equal(afterReuse.status, 401, `the current refresh token after the reuse, through C: ${JSON.stringify(afterReuse.body)}`);
    const refusedBy = [];
    for (const app of [b, a, c]) refusedBy.push(`${app.name} after ${await msUntilRefused(app, second)} ms`);

    // The same refresh token presented to two processes at the same moment: one rotation, the other is a reuse.
    const raced = await enter(c.url);
    const answers = await Promise.all(
      [a, b].map((app) => call(app.url, 'PUT', SESSION_PATHS.refresh, { body: { refreshToken: raced.refreshToken } })),
    );
    assert.deepEqual(answers.map((r) => r.status).sort(), [200, 401], 'one of two simultaneous refreshes rotates');
    const winner = answers.find((r) => r.status === 200).body.data;
    const winnerSession = sessionOf(winner.token, winner.refreshToken, raced.user);
    const racedRefused = await msUntilRefused(c, winnerSession);
    say(
      `b) rotated through A (new access token works through B); old refresh token reused through B: 401, current one through C: 401, ` +
        `access token refused by ${refusedBy.join(', ')}; simultaneous refresh through A and B: one 200, one 401, session ended (C after ${racedRefused} ms)`,
    );
  }),
);

test(
  'c) business numbers stay unique under concurrent generation through all three processes',
  withLogs(async () => {
    const PER_PROCESS = 30;
    const tag = `SCALE${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const sessions = await Promise.all(cluster.apps.map((app) => enter(app.url)));
    const kinds = [
      { name: 'projects', path: BUSINESS_PATHS.projects, body: projectBody, code: 'projectCode' },
      { name: 'sales orders', path: BUSINESS_PATHS.salesOrders, body: salesOrderBody, code: 'orderCode' },
    ];
    const started = Date.now();
    const created = await Promise.all(
      kinds.map(async (kind) => {
        const replies = await Promise.all(
          cluster.apps.flatMap((app, p) =>
            Array.from({ length: PER_PROCESS }, (_, i) =>
              call(app.url, 'POST', kind.path, { session: sessions[p], body: kind.body(tag, p * 100 + i) }),
            ),
          ),
        );
        for (const r of replies) assert.equal(r.status, 200, `${kind.name}: ${JSON.stringify(r.body)}`);
        return { kind, codes: replies.map((r) => r.body.data[kind.code]) };
      }),
    );
    const ms = Date.now() - started;
    const figures = [];
    for (const { kind, codes } of created) {
      assert.equal(new Set(codes).size, codes.length, `${kind.name}: every code distinct`);
      for (const range of sequenceRanges(codes)) {
        assert.ok(range.contiguous, `${kind.name} ${range.day}: ${range.count} numbers from ${range.first} to ${range.last}`);
        figures.push(`${range.day}-${String(range.first).padStart(5, '0')}…${String(range.last).padStart(5, '0')}`);
      }
    }
    // And as stored: no two records of one enterprise share a code (numbers run per enterprise).
    const { rows } = await inDatabase((db) =>
      db.query(
        `SELECT (SELECT count(*) - count(DISTINCT (enterprise_id, project_code)) FROM projects) AS projects,
                (SELECT count(*) - count(DISTINCT (enterprise_id, order_code)) FROM sales_orders) AS orders`,
      ),
    );
    assert.deepEqual(rows[0], { projects: '0', orders: '0' }, 'stored codes repeat');
    const total = created.reduce((n, c) => n + c.codes.length, 0);
    say(
      `c) ${total} records created at once (${PER_PROCESS} projects and ${PER_PROCESS} sales orders through each of A, B, C) in ${ms} ms: all codes distinct, gapless: ${figures.join(', ')}`,
    );
  }),
);

test(
  'd) a file uploaded through one process downloads through the others',
  withLogs(async () => {
    const [a, b, c] = cluster.apps;
    const session = await enter(a.url);
    const content = fileBytes(3 * 1024 * 1024);
    const url = await upload(a.url, session, content, 'scale-check.pdf');
    for (const app of [b, c]) {
      const res = await call(app.url, 'GET', url, { session });
      assert.equal(res.status, 200, `download through ${app.name}`);
      assert.equal(sha(res.body), sha(content), `the bytes downloaded through ${app.name}`);
    }
    // Through nginx at the largest variant's size class: nginx's body limit lets it through.
    const large = fileBytes(12 * 1024 * 1024);
    const largeUrl = await upload(cluster.url, session, large, 'scale-large.pdf', '?variant=large');
    const back = await call(cluster.url, 'GET', largeUrl, { session });
    assert.equal(back.status, 200);
    assert.equal(sha(back.body), sha(large));
    say(
      `d) ${mb(content.length)} uploaded through A downloaded through B and C with the same SHA-256; ${mb(large.length)} uploaded and downloaded through nginx intact`,
    );
  }),
);

test(
  'e) with every process running the scheduler, each scheduled portal item goes live and expires exactly once',
  withLogs(async () => {
    const ITEMS = 20;
    /** From the first create to the first goLiveAt: room to create, submit and approve every item before it is due. */
    const LEAD_MS = 10_000;
    /** goLiveAts spread out, so that the passes of different processes find different items due. */
    const STAGGER_MS = 100;
    /** Every other item expires this long after it goes live. */
    const LIVE_FOR_MS = 1_500;
    const SITE = 'portalWebsite';
    const paths = contentPaths(SITE, 'article');
    const at = (path, id) => path.replace(':id', String(id));
    const tag = `SCHED${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const [editor, admin] = [await enter(cluster.url, 'demo-portal-editor'), await enter(cluster.url, 'demo-portal-admin')];
    const ok = (res, what) => {
      assert.equal(res.status, 200, `${what}: ${JSON.stringify(res.body)}`);
      return res.body.data;
    };
    const tree = ok(await call(cluster.url, 'GET', portalPaths(SITE).columns, { session: editor }), 'the column tree');
    const column = tree.columns.find((c) => c.slug === 'group-news');
    assert.ok(column, 'the seeded column group-news');

    // Which process wrote each system audit row: the database notes the writing connection's application_name
    // (PGAPPNAME=tfb-A … per process) beside it. Observation only, in this run's database; the product writes nothing for it.
    await inDatabase((db) =>
      db.query(`
        CREATE TABLE scale_system_audit (audit_id bigint PRIMARY KEY, app text NOT NULL, pass bigint NOT NULL);
        CREATE FUNCTION scale_note_system_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO scale_system_audit VALUES (NEW.id, current_setting('application_name'), txid_current());
          RETURN NULL;
        END $$;
        CREATE TRIGGER scale_note_system_audit AFTER INSERT ON audit_log
          FOR EACH ROW WHEN (NEW.user_id = 'system') EXECUTE FUNCTION scale_note_system_audit();`),
    );

    const t0 = Date.now();
    const plan = Array.from({ length: ITEMS }, (_, i) => {
      const goLive = t0 + LEAD_MS + i * STAGGER_MS;
      return { i, goLive, expire: i % 2 === 0 ? goLive + LIVE_FOR_MS : null };
    });
    const items = await Promise.all(
      plan.map(async (p) => {
        const title = `${tag} 定时${p.i}`;
        const created = ok(
          await call(cluster.url, 'POST', paths.items, {
            session: editor,
            body: {
              data: {
                title,
                columnId: column.id,
                body: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: title }] }] },
              },
              goLiveAt: new Date(p.goLive).toISOString(),
              expireAt: p.expire === null ? null : new Date(p.expire).toISOString(),
            },
          }),
          `create ${title}`,
        );
        const submitted = ok(
          await call(cluster.url, 'POST', at(paths.submit, created.id), { session: editor, body: { version: created.version } }),
          `submit ${title}`,
        );
        const history = ok(
          await call(cluster.url, 'GET', PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(submitted.processInstanceId)), {
            session: admin,
          }),
          `task history of ${title}`,
        );
        ok(
          await call(cluster.url, 'POST', PROCESS_PATHS.complete, {
            session: admin,
            body: {
              processInstanceId: submitted.processInstanceId,
              taskId: history.historyList.at(-1).taskId,
              action: 'approve',
              comment: '',
            },
          }),
          `approve ${title}`,
        );
        return { ...p, id: created.id, title };
      }),
    );
    const approvedIn = Date.now() - t0;
    const ids = items.map((x) => x.id);
    assert.ok(
      approvedIn < LEAD_MS,
      `creating, submitting and approving ${ITEMS} items took ${approvedIn} ms, past the first goLiveAt (${LEAD_MS} ms): an approval after it publishes at once, without the scheduler`,
    );

    const expected = (item) => (item.expire === null ? 'published' : 'expired');
    const lastDue = Math.max(...items.map((x) => x.expire ?? x.goLive));
    const rows = await waitFor(
      `every item published, those with an expiry expired`,
      () =>
        inDatabase(async (db) => {
          const { rows: r } = await db.query('SELECT id, status, published_at FROM portal_items WHERE id = ANY($1)', [ids]);
          const status = new Map(r.map((x) => [Number(x.id), x.status]));
          return items.every((item) => status.get(item.id) === expected(item)) ? r : undefined;
        }),
      { timeoutMs: lastDue - Date.now() + 120_000, intervalMs: 100 },
    );
    const settledIn = Date.now() - lastDue;
    const publishedAt = new Map(rows.map((x) => [Number(x.id), new Date(x.published_at).getTime()]));
    const lateness = items.map((x) => publishedAt.get(x.id) - x.goLive);
    assert.ok(
      lateness.every((ms) => ms >= 0),
      `published before goLiveAt: ${JSON.stringify(items.filter((x, k) => lateness[k] < 0).map((x) => x.id))}`,
    );

    // Exactly one system audit row per item per transition, and no other system row for these items.
    const { trail, byProcess } = await inDatabase(async (db) => {
      const audit = await db.query(
        `SELECT a.entity_id, a.diff->0->>'from' AS "from", a.diff->0->>'to' AS "to", count(*)::int AS n
           FROM audit_log a
          WHERE a.entity = 'portalWebsiteItem' AND a.user_id = 'system' AND a.entity_id = ANY($1)
          GROUP BY 1, 2, 3`,
        [ids],
      );
      // GROUPING SETS: per process and transition the rows, per process alone the passes (transactions) they came in.
      const apps = await db.query(
        `SELECT s.app, a.diff->0->>'to' AS "to", count(*)::int AS n, count(DISTINCT s.pass)::int AS passes
           FROM audit_log a JOIN scale_system_audit s ON s.audit_id = a.id
          WHERE a.entity = 'portalWebsiteItem' AND a.entity_id = ANY($1)
          GROUP BY GROUPING SETS ((s.app, a.diff->0->>'to'), (s.app))`,
        [ids],
      );
      return { trail: audit.rows, byProcess: apps.rows };
    });
    const transitions = (item) => ['scheduled→published', ...(item.expire === null ? [] : ['published→expired'])];
    for (const item of items) {
      const found = trail
        .filter((r) => Number(r.entity_id) === item.id)
        .map((r) => `${r.from}→${r.to}×${r.n}`)
        .sort();
      assert.deepEqual(
        found,
        transitions(item)
          .map((t) => `${t}×1`)
          .sort(),
        `${item.title} (${item.id}): its system audit rows`,
      );
    }
    const transitionCount = items.reduce((n, x) => n + transitions(x).length, 0);
    assert.equal(
      byProcess.filter((r) => r.to !== null).reduce((n, r) => n + r.n, 0),
      transitionCount,
      `every system audit row of these items names its process: ${JSON.stringify(byProcess)}`,
    );

    // The public API through nginx: the published items are served and listed in their column, the expired ones not.
    const live = items.filter((x) => x.expire === null);
    const gone = items.filter((x) => x.expire !== null);
    for (const item of items) {
      const res = await call(cluster.url, 'GET', at(publicPaths(SITE).item, item.id));
      if (item.expire === null) {
        assert.equal(res.status, 200, `public ${item.title}: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.data.title, item.title);
      } else assert.equal(res.status, 404, `public ${item.title} after its expiry: ${JSON.stringify(res.body)}`);
    }
    const listed = new Set();
    for (let page = 0; ; page++) {
      const res = await call(cluster.url, 'GET', `${publicColumnItemsUrl(SITE, 'news/group-news')}?pageNumber=${page}&pageSize=50`);
      const data = ok(res, `the public list of group-news, page ${page}`);
      for (const row of data.content) listed.add(row.id);
      if (data.content.length === 0 || (page + 1) * 50 >= data.totalElements) break;
    }
    assert.deepEqual(
      live.filter((x) => !listed.has(x.id)).map((x) => x.id),
      [],
      'published items missing from the public column list',
    );
    assert.deepEqual(
      gone.filter((x) => listed.has(x.id)).map((x) => x.id),
      [],
      'expired items still in the public column list',
    );

    const perProcess = cluster.apps
      .map((app) => {
        const mine = byProcess.filter((r) => r.app === `tfb-${app.name}`);
        const n = (to) => mine.find((r) => r.to === to)?.n ?? 0;
        const passes = mine.find((r) => r.to === null)?.passes ?? 0;
        return `${app.name} ${n('published')} published + ${n('expired')} expired in ${passes} pass${passes === 1 ? '' : 'es'}`;
      })
      .join(', ');
    say(
      `e) ${ITEMS} articles created, submitted and approved through nginx in ${approvedIn} ms, due over ${((ITEMS - 1) * STAGGER_MS) / 1000} s ` +
        `(${gone.length} expiring ${LIVE_FOR_MS} ms after going live); schedulers every ${SCHEDULER_INTERVAL_MS} ms in A, B, C: ` +
        `all settled ${Math.max(0, settledIn)} ms after the last due time, published ${Math.min(...lateness)}…${Math.max(...lateness)} ms after goLiveAt; ` +
        `${transitionCount} transitions, one system audit row per item per transition (by process: ${perProcess}); ` +
        `public API through nginx: ${live.length} served and listed, ${gone.length} expired answer 404`,
    );
  }),
);

test(
  'f) a process killed under a write load loses no acknowledged write, and nginx keeps serving',
  withLogs(async () => {
    const WRITERS = 8;
    const READERS = 4;
    const BEFORE_KILL = 40;
    const AFTER_KILL = 80;
    const victim = cluster.apps[1];
    const tag = `KILL${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const session = await enter(cluster.url);
    const acknowledged = [];
    const refusedWrites = [];
    const failedReads = [];
    let reads = 0;
    let attempts = 0;
    let running = true;
    let killed = false;
    const writer = async () => {
      while (running) {
        const n = attempts++;
        const sentAfterKill = killed;
        const res = await call(cluster.url, 'POST', BUSINESS_PATHS.projects, { session, body: projectBody(tag, n) }).catch((e) => ({
          status: e.message,
        }));
        if (res.status === 200) acknowledged.push({ id: res.body.data.id, code: res.body.data.projectCode });
        else refusedWrites.push({ status: res.status, sentAfterKill });
      }
    };
    const reader = async () => {
      while (running) {
        const res = await call(cluster.url, 'GET', `${BUSINESS_PATHS.projects}?pageNumber=0&pageSize=10&search=${tag}`, { session }).catch(
          (e) => ({
            status: e.message,
          }),
        );
        reads++;
        if (res.status !== 200) failedReads.push(res.status);
      }
    };
    const loops = [...Array.from({ length: WRITERS }, writer), ...Array.from({ length: READERS }, reader)];
    let killedAt;
    try {
      await waitFor('writes before the kill', () => acknowledged.length >= BEFORE_KILL, { timeoutMs: 120_000, intervalMs: 5 });
      killedAt = acknowledged.length;
      await victim.kill('SIGKILL');
      killed = true;
      await waitFor('writes after the kill', () => acknowledged.length >= killedAt + AFTER_KILL, { timeoutMs: 120_000, intervalMs: 5 });
    } finally {
      running = false;
      await Promise.all(loops);
    }

    // Every acknowledged write reads back through nginx, with its code; and is stored.
    for (const w of acknowledged) {
      const res = await call(cluster.url, 'GET', byId(BUSINESS_PATHS.project, w.id), { session });
      assert.equal(res.status, 200, `acknowledged project ${w.id} reads back`);
      assert.equal(res.body.data.projectCode, w.code);
    }
    const { rows } = await inDatabase((db) => db.query('SELECT id FROM projects WHERE project_name LIKE $1', [`${tag} %`]));
    const stored = new Set(rows.map((r) => Number(r.id)));
    const missing = acknowledged.filter((w) => !stored.has(Number(w.id)));
    assert.deepEqual(missing, [], 'acknowledged writes missing from the database');
    assert.deepEqual(failedReads, [], 'reads through nginx that failed');
    const refusedAfterKill = refusedWrites.filter((w) => w.sentAfterKill);
    const statuses = [...new Set(refusedWrites.map((w) => w.status))].join(', ') || 'none';
    assert.ok(refusedWrites.length <= WRITERS, `writes refused: ${statuses} (at most one in flight per writer)`);
    assert.equal((await call(cluster.url, 'GET', SESSION_PATHS.health)).status, 200);

    const victimAddress = `127.0.0.1:${victim.port}`;
    const passedOn = cluster.accessLog().filter((l) => l.upstreams.length > 1 && l.upstreams.includes(victimAddress));
    const retried = passedOn.filter((l) => l.status < 400);
    say(
      `f) ${WRITERS} writers and ${READERS} readers through nginx; process ${victim.name} killed (SIGKILL) after ${killedAt} acknowledged writes: ` +
        `${acknowledged.length} acknowledged, all read back and stored (${stored.size - acknowledged.length} more stored unacknowledged), ` +
        `${refusedWrites.length} writes refused (${statuses}; ${refusedAfterKill.length} of them sent after the kill), ` +
        `${reads} reads, ${failedReads.length} failed; nginx passed ${retried.length} request${retried.length === 1 ? '' : 's'} from ${victim.name} on to another process`,
    );
  }),
);
