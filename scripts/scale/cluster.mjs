// The product as a deployment runs it: several app processes (apps/server/dist/server.js) on one PostgreSQL database
// and one upload folder, behind Debian's nginx, all on loopback. startCluster() creates a new database and a temporary
// folder (nginx.conf, logs, uploads), starts nginx in the foreground and the processes, and waits until each answers
// /api/health and nginx answers through them; stop() ends them and removes the database and the folder, also after a
// failure, Ctrl-C or SIGTERM.
// `node scripts/scale/cluster.mjs` keeps such a cluster up until Ctrl-C (after `npm run build`), to try it by hand.
// Environment: SCALE_DATABASE_URL (else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) names the
// server where the run's database is created; NGINX_PATH the nginx binary (default: nginx on PATH, then /usr/sbin/nginx).
/* global AbortSignal */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/server.js');
/** How long a start may take on a busy machine (the first process migrates and seeds the new database). */
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 15_000;
/** The largest upload the server takes (DOCUMENT_LARGE_MAX_MB) plus room for the multipart envelope. */
export const CLIENT_MAX_BODY_SIZE = '210m';

export const adminDatabaseUrl = () =>
  process.env.SCALE_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** The nginx binary: NGINX_PATH, else nginx on PATH, else Debian's /usr/sbin/nginx; undefined when there is none. */
export function findNginx() {
  if (process.env.NGINX_PATH) return fs.existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : undefined;
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => path.join(d, 'nginx')).find((f) => fs.existsSync(f));
}

/** Whether PostgreSQL answers at the admin URL (null) or why not. */
export async function postgresProblem(url = adminDatabaseUrl()) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (e) {
    return e.message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const withDatabaseName = (url, name) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(url, sql) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

const isAlive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
};

/** Drops databases of earlier runs whose process is gone (killed before their clean-up). */
async function dropLeftovers(url) {
  const { rows } = await admin(url, "SELECT datname FROM pg_database WHERE datname LIKE 'tfb\\_scale\\_%'");
  for (const { datname } of rows) {
    const pid = Number(/^tfb_scale_(\d+)_/.exec(datname)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) await admin(url, `DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  }
}

/**
 * The nginx configuration of the deployment (README, "Deployment"): one upstream of the app processes, the client's
 * address and scheme passed on, uploads up to the server's own limit, and failover to the next process for requests
 * that may be repeated (nginx never re-sends a POST or PATCH a process has received).
 */
export function nginxHttpBlock({ listen, upstreams }) {
  return `
  upstream tfb_app {
${upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 32;
  }

  server {
    listen ${listen};
    client_max_body_size ${CLIENT_MAX_BODY_SIZE};

    location / {
      proxy_pass http://tfb_app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 5s;
      proxy_send_timeout 60s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 30s;
    }
  }`;
}

function nginxConf({ dir, listen, upstreams }) {
  const p = (name) => path.join(dir, name);
  return `# Written by scripts/scale/cluster.mjs for one run; everything nginx writes stays in ${dir}.
daemon off;
master_process on;
worker_processes 1;
pid ${p('nginx.pid')};
error_log ${p('error.log')} warn;
${process.getuid?.() === 0 ? `user ${os.userInfo().username};\n` : ''}
events {
  worker_connections 1024;
}

http {
  log_format upstream '$request_method|$uri|$status|$upstream_addr|$upstream_status';
  access_log ${p('access.log')} upstream;
  client_body_temp_path ${p('client_body')};
  proxy_temp_path ${p('proxy')};
  fastcgi_temp_path ${p('fastcgi')};
  uwsgi_temp_path ${p('uwsgi')};
  scgi_temp_path ${p('scgi')};
${nginxHttpBlock({ listen, upstreams })}
}
`;
}

/** Polls `probe` until it returns a truthy value; fails early when `gone()` names a reason (a process ended). */
export async function waitFor(what, probe, { timeoutMs = START_TIMEOUT_MS, gone = () => undefined, intervalMs = 100 } = {}) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const why = gone();
    if (why) throw new Error(`${what}: ${why}`);
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (value) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await delay(intervalMs);
  }
}

const healthy = async (base) => (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) })).status === 200;

const tail = (file, lines = 30) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
};

/** A child process with a log file, its exit awaited. */
function startChild(name, command, args, { env, logFile }) {
  const log = fs.openSync(logFile, 'a');
  const child = spawn(command, args, { env, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  const handle = { name, child, logFile, exit: undefined };
  handle.exited = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      handle.exit = signal ?? `exit ${code}`;
      resolve(handle.exit);
    });
    child.once('error', (e) => {
      handle.exit = e.message;
      resolve(handle.exit);
    });
  });
  handle.gone = () => (handle.exit ? `${name} ended (${handle.exit}); its log:\n${tail(logFile)}` : undefined);
  return handle;
}

async function stopChild(handle, signal) {
  if (handle.exit) return;
  handle.child.kill(signal);
  const ended = await Promise.race([handle.exited, delay(STOP_TIMEOUT_MS).then(() => false)]);
  if (ended === false && !handle.exit) {
    handle.child.kill('SIGKILL');
    await handle.exited;
  }
}

/**
 * Starts `processes` app processes behind nginx on a new database, each with `env` added to its environment.
 * Returns { url (nginx), apps: [{ name, url, pid, kill(signal) }], databaseUrl, uploadDir, dir, accessLog(), stop() }.
 */
export async function startCluster({ processes = 3, env = {}, log = console.log } = {}) {
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: build first (npm run build -w @tfb/server)`);
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (apt-get install -y nginx-light), or set NGINX_PATH');
  const adminUrl = adminDatabaseUrl();
  const problem = await postgresProblem(adminUrl);
  if (problem) throw new Error(`PostgreSQL is not reachable at ${adminUrl.replace(/:[^:@/]*@/, ':***@')}: ${problem}`);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-scale-'));
  const databaseName = `tfb_scale_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const databaseUrl = withDatabaseName(adminUrl, databaseName);
  const uploadDir = path.join(dir, 'uploads');
  const children = [];
  let databaseCreated = false;
  let stopped;

  const stop = () =>
    (stopped ??= (async () => {
      const problems = [];
      const attempt = async (what, fn) => {
        try {
          await fn();
        } catch (e) {
          problems.push(`${what}: ${e.message}`);
        }
      };
      await attempt('nginx', () => Promise.all(children.filter((c) => c.name === 'nginx').map((c) => stopChild(c, 'SIGQUIT'))));
      await attempt('app processes', () => Promise.all(children.filter((c) => c.name !== 'nginx').map((c) => stopChild(c, 'SIGTERM'))));
      if (databaseCreated) await attempt('database', () => admin(adminUrl, `DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`));
      await attempt('temporary folder', () => fs.promises.rm(dir, { recursive: true, force: true }));
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      if (problems.length) throw new Error(`clean-up incomplete: ${problems.join('; ')}`);
    })());
  const onSignal = (signal) => {
    log(`${signal}: stopping the cluster`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    await dropLeftovers(adminUrl);
    await admin(adminUrl, `CREATE DATABASE "${databaseName}"`);
    databaseCreated = true;
    fs.mkdirSync(uploadDir);

    const ports = [];
    while (ports.length < processes + 1) {
      const port = await freePort();
      if (!ports.includes(port)) ports.push(port);
    }
    const [nginxPort, ...appPorts] = ports;
    // What every process shares: the database, the upload folder and the secret that signs access tokens.
    const shared = {
      DATABASE_URL: databaseUrl,
      UPLOAD_DIR: uploadDir,
      DATA_DIR: path.join(dir, 'data'),
      TOKEN_SECRET: crypto.randomBytes(32).toString('base64url'),
      TRUST_PROXY: '127.0.0.1',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    };
    const apps = appPorts.map((port, i) => {
      const name = String.fromCharCode(65 + i);
      // PGAPPNAME: PostgreSQL's application_name of the process's connections (tfb-A …), so pg_stat_activity and
      // anything in the database that asks current_setting('application_name') can tell the processes apart.
      const handle = startChild(name, process.execPath, [SERVER_ENTRY], {
        env: { ...process.env, ...shared, PORT: String(port), PGAPPNAME: `tfb-${name}` },
        logFile: path.join(dir, `app-${name}.log`),
      });
      children.push(handle);
      return {
        name,
        port,
        url: `http://127.0.0.1:${port}`,
        get pid() {
          return handle.child.pid;
        },
        get exit() {
          return handle.exit;
        },
        gone: handle.gone,
        /** Sends `signal` and waits until the process has ended. */
        async kill(signal = 'SIGKILL') {
          handle.child.kill(signal);
          await handle.exited;
        },
      };
    });
    const started = Date.now();
    await Promise.all(apps.map((a) => waitFor(`process ${a.name} (${a.url})`, () => healthy(a.url), { gone: a.gone })));
    log(`  ${processes} app processes ready in ${((Date.now() - started) / 1000).toFixed(1)} s on one new database (${databaseName})`);

    const nginxDir = path.join(dir, 'nginx');
    fs.mkdirSync(nginxDir);
    const confFile = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(
      confFile,
      nginxConf({ dir: nginxDir, listen: `127.0.0.1:${nginxPort}`, upstreams: apps.map((a) => `127.0.0.1:${a.port}`) }),
    );
    const proxy = startChild('nginx', nginx, ['-p', nginxDir, '-c', confFile, '-e', path.join(nginxDir, 'error.log')], {
      env: process.env,
      logFile: path.join(nginxDir, 'stdout.log'),
    });
    children.push(proxy);
    const url = `http://127.0.0.1:${nginxPort}`;
    await waitFor(`nginx (${url})`, () => healthy(url), {
      gone: () => (proxy.exit ? `nginx ended (${proxy.exit}):\n${tail(path.join(nginxDir, 'error.log'))}` : undefined),
    });
    log(`  nginx ${url} in front of ${apps.map((a) => `${a.name} :${a.port}`).join(', ')}`);

    return {
      url,
      apps,
      databaseUrl,
      uploadDir,
      dir,
      /** nginx's access log so far: { method, uri, status, upstreams: ['127.0.0.1:port', …], upstreamStatuses }. */
      accessLog() {
        return fs
          .readFileSync(path.join(nginxDir, 'access.log'), 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => {
            const [method, uri, status, addrs, statuses] = line.split('|');
            return { method, uri, status: Number(status), upstreams: addrs.split(', '), upstreamStatuses: statuses.split(', ') };
          });
      },
      /** The last lines of each log (for a failure's message). */
      logs() {
        return [
          ...apps.map((a) => `--- process ${a.name}\n${tail(path.join(dir, `app-${a.name}.log`))}`),
          `--- nginx\n${tail(path.join(nginxDir, 'error.log'))}`,
        ].join('\n');
      },
      stop,
    };
  } catch (e) {
    await stop().catch((c) => log(c.message));
    throw e;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cluster = await startCluster();
  console.log(`\nServing on ${cluster.url}/ — Ctrl-C stops everything and drops the database.`);
  await new Promise(() => undefined);
}
