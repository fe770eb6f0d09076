// The outbox survives a process kill: the built server (dist/server.js) runs with RISK_SERVICE_URL pointing at a
// local receiver that holds every request open; three signings are approved, the server claims their results and
// posts them, and is killed with SIGKILL while the posts hang. A new server on the same data folder takes the
// abandoned claims once their lease has run out and delivers them: every result arrives, each key is accepted once.
// It runs on PGlite (the data folder) and, when the run has PostgreSQL, on a database cloned from the run's template.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROCESS_PATHS, PRODUCT_PATHS, SESSION_PATHS, type SessionUser, type SigningDetail } from '@tfb/contract';
import { startRiskReceiver, type RiskReceiver } from './helpers/risk-receiver.js';
import { clonePostgresDatabase, describeEachKind, sessionHeaders, type TestDatabaseKind } from './helpers/test-app.js';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const SERVER_JS = path.join(SERVER_DIR, 'dist/server.js');
const LEASE_MS = 3000;

let root: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-outbox-'));
  // The processes run the compiled server; compile it when this run has not (npm test builds first).
  if (!fs.existsSync(SERVER_JS)) {
    const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
    const built = spawnSync(process.execPath, [tsc, '-b', SERVER_DIR], { encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`could not build the server:\n${built.stdout}${built.stderr}`);
  }
}, 240_000);

afterAll(async () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** Where a server keeps its data: a PGlite data folder, or a PostgreSQL database (and a folder for its uploads). */
type Store = { dataDir: string; databaseUrl: string | undefined };

async function startServer(store: Store, receiver: RiskReceiver): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: store.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(store.dataDir, 'no-web'),
    RISK_SERVICE_URL: receiver.url,
    RISK_OUTBOX_INTERVAL_MS: '100',
    RISK_OUTBOX_TIMEOUT_MS: '2000',
    RISK_OUTBOX_LEASE_MS: String(LEASE_MS),
    RISK_OUTBOX_BASE_DELAY_MS: '100',
  };
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, [SERVER_JS], { cwd: SERVER_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => {
      if (output.includes('is running at')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code} before it was running:\n${output}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

async function until(fn: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

type Json = Record<string, unknown>;
function client(base: string) {
  const call = async (headers: Record<string, string>, method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: Json };
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${json.message}`);
    return json.data;
  };
  const enter = async (userId: string) => {
    const data = (await call({}, 'POST', SESSION_PATHS.entry, { userId })) as { token: string; user: SessionUser };
    return sessionHeaders(data.token, data.user);
  };
  return { call, enter };
}

describeEachKind('the risk outbox across a restart', (kind: TestDatabaseKind) => {
  let receiver: RiskReceiver;
  let store: Store;
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    receiver = await startRiskReceiver('hang');
    const dataDir = path.join(root, kind);
    if (kind === 'postgres') {
      const clone = await clonePostgresDatabase();
      dropDatabase = clone.drop;
      store = { dataDir, databaseUrl: clone.url };
    } else {
      store = { dataDir, databaseUrl: undefined };
    }
  });
  afterAll(async () => {
    await receiver?.close();
    await dropDatabase?.();
  });

  it('delivers every result once across a SIGKILL in the middle of delivering them', () => deliversAcrossKill(store, receiver), 300_000);
});

async function deliversAcrossKill(store: Store, receiver: RiskReceiver): Promise<void> {
  const first = await startServer(store, receiver);
  const api = client(first.base);
  const admin = await api.enter('demo-admin');
  const staff = await api.enter('demo-a-staff');
  const approver = await api.enter('demo-a-approver');
  const product = await api.call(admin, 'POST', PRODUCT_PATHS.products, {
    name: '重启测试产品',
    code: `RESTART-${Date.now()}`,
    kind: 'orderFinancing',
    rateMin: 5,
    rateMax: 6,
    termMin: 1,
    termMax: 12,
    limitAmount: 1_000_000,
    requiredDocTypes: [],
  });
  await api.call(admin, 'PUT', PRODUCT_PATHS.shelf.replace(':id', String(product.id)), { status: 'on', version: product.version });
  const project = await api.call(staff, 'POST', '/api/businessperationService/projects', {
    projectName: '重启测试项目',
    type: 1,
    enterpriseName: '买方',
    supplierName: '卖方',
  });

  const keys: string[] = [];
  for (let i = 0; i < 3; i++) {
    const s = (await api.call(staff, 'POST', PRODUCT_PATHS.signings, {
      productId: product.id,
      amount: 1000 + i,
      termMonths: 3,
      purpose: `重启 ${i}`,
      projectId: project.id,
    })) as unknown as SigningDetail;
    const sub = (await api.call(staff, 'POST', PRODUCT_PATHS.submitSigning.replace(':id', String(s.id)), {
      version: s.version,
    })) as unknown as SigningDetail;
    const history = (await api.call(
      approver,
      'GET',
      `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(sub.processInstanceId))}`,
    )) as { historyList: { taskId: number }[] };
    await api.call(approver, 'POST', PROCESS_PATHS.complete, {
      processInstanceId: sub.processInstanceId,
      taskId: history.historyList.at(-1)!.taskId,
      action: i === 1 ? 'reject' : 'approve',
      comment: i === 1 ? '额度不足' : '',
    });
    keys.push(`product-sign-${s.id}-${sub.processInstanceId}`);
  }

  // The server has claimed and posted all three; the receiver holds them open. Kill it mid-delivery.
  await until(() => keys.every((k) => receiver.attemptsOf(k).length >= 1), 'the first posts');
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  expect(receiver.accepted.size).toBe(0);

  // A new process on the same database: the abandoned claims are taken again once their lease has run out.
  receiver.fallback = 'ok';
  const second = await startServer(store, receiver);
  await until(() => keys.every((k) => receiver.accepted.has(k)), 'every result delivered after the restart');
  for (const k of keys) {
    expect(receiver.acceptedCount.get(k), k).toBe(1);
    expect(receiver.attemptsOf(k).length, k).toBeGreaterThanOrEqual(2);
    expect(new Set(receiver.attemptsOf(k).map((a) => a.key))).toEqual(new Set([k]));
  }
  expect(keys.map((k) => (receiver.accepted.get(k) as { result: string }).result)).toEqual(['approved', 'rejected', 'approved']);

  // The signing's page shows the delivery, with the attempt the killed process made counted.
  const signingId = Number(/^product-sign-(\d+)-/.exec(keys[0]!)![1]);
  const api2 = client(second.base);
  const staff2 = await api2.enter('demo-a-staff');
  await until(async () => {
    const d = (await api2.call(staff2, 'GET', PRODUCT_PATHS.signing.replace(':id', String(signingId)))) as unknown as SigningDetail;
    return d.riskDeliveries[0]?.status === 'delivered';
  }, 'the delivered status');
  const detail = (await api2.call(staff2, 'GET', PRODUCT_PATHS.signing.replace(':id', String(signingId)))) as unknown as SigningDetail;
  expect(detail.riskDeliveries[0]).toMatchObject({ status: 'delivered', idempotencyKey: keys[0] });
  expect(detail.riskDeliveries[0]!.attempts).toBeGreaterThanOrEqual(2);
  second.child.kill('SIGTERM');
  await new Promise((resolve) => second.child.once('exit', resolve));
}
