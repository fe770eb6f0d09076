// Operations: the request id on every reply and every log line of its request, liveness and readiness, and the
// Prometheus metrics behind METRICS_TOKEN.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS_MESSAGES, SESSION_PATHS } from '@tfb/contract';
import { METRICS_TOKEN_MIN_LENGTH, loadConfig } from '../src/config.js';
import { listMigrations } from '../src/db/migrate.js';
import { readiness } from '../src/modules/health/readiness.js';
import { REQUEST_ID_HEADER, REQUEST_ID_MAX_LENGTH } from '../src/plugins/request-id.js';
import { createTestApp, describeEachDatabase, openTestDatabase, testDatabaseKinds, type TestApp } from './helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const METRICS_TOKEN = 'metrics-token-for-the-ops-test-0123456789';
const EXPECTED_MIGRATIONS = listMigrations().map((m) => m.version);
/** A route with a path parameter: its metrics must name the pattern, never the id. */
const USER_BY_ID = SESSION_PATHS.userById;

type LogLine = { level: number; msg: string; reqId?: string; err?: { message: string }; req?: { url: string } };

/** Collects the app's JSON log lines. */
function logCollector() {
  const lines: string[] = [];
  return {
    stream: { write: (line: string) => void lines.push(line) },
    /** The lines written since the last call, parsed. */
    take(): LogLine[] {
      return lines.splice(0).map((l) => JSON.parse(l) as LogLine);
    },
  };
}

const log = logCollector();

describeEachDatabase(
  'request ids',
  (t) => {
    beforeAll(async () => {
      // A route that fails, to see the id in the error's log line.
      t().app.get('/api/ops-test/fails', { config: { access: 'public' } }, async () => {
        throw new Error('the ops test failing on purpose');
      });
      await t().app.ready();
      log.take();
    });

    it('gives a request without one a fresh id and answers it in x-request-id', async () => {
      const a = await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive });
      const b = await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive });
      expect(a.headers[REQUEST_ID_HEADER]).toMatch(UUID);
      expect(b.headers[REQUEST_ID_HEADER]).toMatch(UUID);
      expect(a.headers[REQUEST_ID_HEADER]).not.toBe(b.headers[REQUEST_ID_HEADER]);
    });

    it('keeps a well-formed incoming id and replaces a malformed one', async () => {
      const send = (id: string) => t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive, headers: { [REQUEST_ID_HEADER]: id } });
      for (const good of ['abc-123', 'lb:7f.a_b-c', 'x'.repeat(REQUEST_ID_MAX_LENGTH)]) {
        expect((await send(good)).headers[REQUEST_ID_HEADER]).toBe(good);
      }
      for (const bad of ['', 'has space', 'new\\nline', '<script>', 'é', 'x'.repeat(REQUEST_ID_MAX_LENGTH + 1)]) {
        const res = await send(bad);
        expect(res.statusCode, bad).toBe(200);
        expect(res.headers[REQUEST_ID_HEADER], bad).toMatch(UUID);
      }
    });

    it('answers the id on refusals, errors and not-found replies too', async () => {
      const id = 'ops-refusals-1';
      const headers = { [REQUEST_ID_HEADER]: id };
      const replies = await Promise.all([
        // No session: 401 from a hook before the route.
        t().app.inject({ method: 'GET', url: SESSION_PATHS.session, headers }),
        // Not found, under /api and not.
        t().app.inject({ method: 'GET', url: '/api/no-such-call', headers }),
        t().app.inject({ method: 'POST', url: '/no-such-page', headers }),
        // Invalid JSON: 400 from the body parser.
        t().app.inject({
          method: 'POST',
          url: SESSION_PATHS.entry,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: '{',
        }),
        // A path parameter over the router's limit: answered by the router, before any hook.
        t().app.inject({ method: 'GET', url: USER_BY_ID.replace(':userId', 'u'.repeat(101)), headers }),
        // An unhandled error: 500.
        t().app.inject({ method: 'GET', url: '/api/ops-test/fails', headers }),
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual([401, 404, 404, 400, 414, 500]);
      for (const r of replies) expect(r.headers[REQUEST_ID_HEADER], `${r.statusCode}`).toBe(id);
      // The security headers hold on the same replies (but the router's own, which runs no hook).
      for (const r of replies.filter((x) => x.statusCode !== 414)) expect(r.headers['x-content-type-options']).toBe('nosniff');
    });

    it('writes JSON log lines that all carry the request id, the error line included', async () => {
      log.take();
      const id = 'ops-log-line-42';
      await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive, headers: { [REQUEST_ID_HEADER]: id } });
      const lines = log.take();
      expect(lines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
      expect(lines.every((l) => l.reqId === id)).toBe(true);

      const failing = 'ops-log-failing-7';
      const res = await t().app.inject({ method: 'GET', url: '/api/ops-test/fails', headers: { [REQUEST_ID_HEADER]: failing } });
      expect(res.statusCode).toBe(500);
      const errorLines = log.take();
      expect(errorLines.every((l) => l.reqId === failing)).toBe(true);
      const unhandled = errorLines.find((l) => l.msg === 'unhandled error');
      expect(unhandled?.err?.message).toBe('the ops test failing on purpose');
      expect(unhandled?.level).toBe(50);
    });

    it('never writes a credential from the query string (a portal ticket, a token) to the log', async () => {
      log.take();
      await t().app.inject({ method: 'GET', url: '/?userId=demo-a-staff&ticket=one-time-secret-4711&Token=tok-secret-99' });
      const lines = log.take();
      const incoming = lines.find((l) => l.msg === 'incoming request');
      expect(incoming?.req?.url).toBe('/?userId=demo-a-staff&ticket=[redacted]&Token=[redacted]');
      expect(JSON.stringify(lines)).not.toMatch(/one-time-secret-4711|tok-secret-99/);
    });
  },
  { config: { logLevel: 'info' }, logStream: log.stream },
);

describeEachDatabase('liveness and readiness', (t, kind) => {
  it('answers live without the database', async () => {
    const res = await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: '成功', data: { status: 'ok' } });
  });

  it('answers ready when the database answers and every migration is applied', async () => {
    const res = await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthReady });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 0,
      message: '成功',
      data: {
        status: 'ready',
        database: { kind, answers: true },
        migrations: { expected: EXPECTED_MIGRATIONS.length, applied: EXPECTED_MIGRATIONS.length, pending: [] },
      },
    });
  });

  it('keeps GET /api/health as it was', async () => {
    const res = await t().app.inject({ method: 'GET', url: SESSION_PATHS.health });
    expect(res.json()).toEqual({ code: 0, message: '成功', data: { status: 'ok', database: kind } });
  });
});

describe.each(testDatabaseKinds())('readiness when not ready [%s]', (kind) => {
  it('answers 503 naming a migration the database has not applied', async () => {
    const t = await createTestApp({ kind });
    try {
      const last = EXPECTED_MIGRATIONS.at(-1)!;
      await t.database.execScript(`DELETE FROM schema_migrations WHERE version = '${last}'`);
      const res = await t.app.inject({ method: 'GET', url: SESSION_PATHS.healthReady });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 50300,
        message: OPERATIONS_MESSAGES.notReady,
        data: {
          status: 'notReady',
          database: { kind, answers: true },
          migrations: { expected: EXPECTED_MIGRATIONS.length, applied: EXPECTED_MIGRATIONS.length - 1, pending: [last] },
        },
      });
      // Liveness does not care.
      expect((await t.app.inject({ method: 'GET', url: SESSION_PATHS.healthLive })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('answers 503 when the database does not answer', async () => {
    const owned = await openTestDatabase(kind);
    const t = await createTestApp({ kind, database: owned.database });
    try {
      expect((await t.app.inject({ method: 'GET', url: SESSION_PATHS.healthReady })).statusCode).toBe(200);
      await owned.database.close();
      const res = await t.app.inject({ method: 'GET', url: SESSION_PATHS.healthReady });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 50300,
        message: OPERATIONS_MESSAGES.notReady,
        data: { status: 'notReady', database: { kind, answers: false }, migrations: null },
      });
      expect((await t.app.inject({ method: 'GET', url: SESSION_PATHS.healthLive })).statusCode).toBe(200);
    } finally {
      await t.close();
      await owned.dispose();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is off unless set, and refused when short or spaced', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(METRICS_TOKEN_MIN_LENGTH - 1) })).toThrow(/METRICS_TOKEN must be at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: `${METRICS_TOKEN} more` })).toThrow(/METRICS_TOKEN/);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
  });
  afterAll(() => t.close());

  it('serves no metrics endpoint at all', async () => {
    const res = await t.app.inject({ method: 'GET', url: SESSION_PATHS.metrics, headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 40400 });
  });
});

const scrape = (t: TestApp, authorization?: string) =>
  t.app.inject({ method: 'GET', url: SESSION_PATHS.metrics, headers: authorization === undefined ? {} : { authorization } });

describeEachDatabase(
  'metrics with METRICS_TOKEN',
  (t, kind) => {
    it('refuses a scrape without the token or with another one', async () => {
      for (const authorization of [
        undefined,
        '',
        `Bearer ${METRICS_TOKEN}x`,
        `Bearer ${METRICS_TOKEN.slice(1)}`,
        `Basic ${METRICS_TOKEN}`,
        METRICS_TOKEN,
      ]) {
        const res = await scrape(t(), authorization);
        expect(res.statusCode, String(authorization)).toBe(401);
        expect(res.json()).toEqual({ code: 40100, message: OPERATIONS_MESSAGES.metricsRefused, data: null });
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.headers[REQUEST_ID_HEADER]).toMatch(UUID);
      }
    });

    it('answers the text format with a latency histogram per route pattern and the pool figures', async () => {
      await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive });
      await t().app.inject({ method: 'GET', url: SESSION_PATHS.healthLive });
      // Two ids of one route: one series, under the pattern (401 without a session).
      await t().app.inject({ method: 'GET', url: USER_BY_ID.replace(':userId', 'first-user') });
      await t().app.inject({ method: 'GET', url: USER_BY_ID.replace(':userId', 'second-user') });
      await t().app.inject({ method: 'GET', url: '/api/no-such-call/123' });

      const res = await scrape(t(), `Bearer ${METRICS_TOKEN}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      const live = `method="GET",route="${SESSION_PATHS.healthLive}",status_code="200"`;
      expect(text).toMatch(new RegExp(`^http_request_duration_seconds_bucket\\{le="0\\.001",${live}\\} \\d+$`, 'm'));
      expect(text).toMatch(new RegExp(`^http_request_duration_seconds_count\\{${live}\\} 2$`, 'm'));
      expect(text).toContain(`http_request_duration_seconds_count{method="GET",route="${USER_BY_ID}",status_code="401"} 2`);
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="__unknown__",status_code="404"} 1');
      expect(text).not.toMatch(/first-user|second-user|no-such-call/);
      // The metrics endpoint does not count itself.
      expect(text).not.toContain(`route="${SESSION_PATHS.metrics}"`);
      // The pool: PGlite's single connection, PostgreSQL's pool (idle between requests).
      expect(text).toMatch(new RegExp(`^db_pool_connections\\{kind="${kind}"\\} [1-9]\\d*$`, 'm'));
      expect(text).toMatch(new RegExp(`^db_pool_idle_connections\\{kind="${kind}"\\} [1-9]\\d*$`, 'm'));
      expect(text).toMatch(new RegExp(`^db_pool_waiting_clients\\{kind="${kind}"\\} 0$`, 'm'));
      // The process's own figures.
      expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    });

    it('keeps each app’s figures to itself', async () => {
      const other = await createTestApp({ kind, database: t().database, config: { metricsToken: METRICS_TOKEN } });
      try {
        await other.app.inject({ method: 'GET', url: SESSION_PATHS.healthReady });
        const mine = (await scrape(t(), `Bearer ${METRICS_TOKEN}`)).body;
        const theirs = (await scrape(other, `Bearer ${METRICS_TOKEN}`)).body;
        expect(theirs).toContain(`route="${SESSION_PATHS.healthReady}"`);
        expect(theirs).not.toContain(`route="${SESSION_PATHS.healthLive}"`);
        expect(mine).not.toContain(`route="${SESSION_PATHS.healthReady}"`);
      } finally {
        await other.close();
      }
    });
  },
  { config: { metricsToken: METRICS_TOKEN } },
);

describe('PGlite: its one connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', config: { metricsToken: METRICS_TOKEN } });
  });
  afterAll(() => t.close());

  it('counts the queries queued behind its one connection', async () => {
    const gauges = async () => (await scrape(t, `Bearer ${METRICS_TOKEN}`)).body.split('\n').filter((l) => l.startsWith('db_pool_'));
    expect(t.database.poolFigures()).toEqual({ total: 1, idle: 1, waiting: 0 });
    let queued: Promise<unknown> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      // Outside the transaction: it waits for the connection the transaction holds.
      queued = sql`select 1`.execute(t.database.db);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(t.database.poolFigures()).toEqual({ total: 1, idle: 0, waiting: 1 });
      expect(await gauges()).toEqual([
        'db_pool_connections{kind="pglite"} 1',
        'db_pool_idle_connections{kind="pglite"} 0',
        'db_pool_waiting_clients{kind="pglite"} 1',
      ]);
    });
    await queued;
    expect(t.database.poolFigures()).toEqual({ total: 1, idle: 1, waiting: 0 });
  });

  it('is not ready while the database does not answer in time', async () => {
    let state: Awaited<ReturnType<typeof readiness>> | undefined;
    // The transaction holds the only connection: readiness's query waits behind it past its time.
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      state = await readiness(t.database, EXPECTED_MIGRATIONS, 50);
    });
    expect(state).toEqual({ status: 'notReady', database: { kind: 'pglite', answers: false }, migrations: null });
    expect((await readiness(t.database, EXPECTED_MIGRATIONS, 2000)).status).toBe('ready');
  });
});
