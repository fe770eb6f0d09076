// Builds the real app on a database of its own, restored from the run's template (see global-setup.ts):
// PGlite always, PostgreSQL when TEST_DATABASE_URL is set. Tests talk to it with app.inject only.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { PORTAL_TICKET_MAX_LIFETIME_SECONDS, SESSION_PATHS, type SessionUser } from '@tfb/contract';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/connection.js';
import { signPortalTicket, TokenSigner } from '../../src/lib/tokens.js';
import { loadSigningKey } from '../../src/modules/auth/signing-key.js';
import { REQUIRE_POSTGRES, databaseUrl, dropDatabase, quoteIdent, withAdmin } from './templates.js';

export type TestDatabaseKind = Database['kind'];

/** A signed-in demo user: the entry reply plus the headers of spec section 7 that match it. */
export type TestSession = {
  token: string;
  refreshToken: string;
  user: SessionUser;
  headers: Record<string, string>;
};

export type TestApp = {
  kind: TestDatabaseKind;
  /** Not yet ready: a test may still add routes before its first inject. */
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Signs with the app's own key (for expired or forged tokens). */
  signer: TokenSigner;
  enter(userId: string): Promise<TestSession>;
  close(): Promise<void>;
};

export type TestDatabase = { database: Database; dispose(): Promise<void> };

export type CreateTestAppOptions = {
  kind: TestDatabaseKind;
  config?: Partial<Config>;
  /** Build on this database instead of a fresh one (closing the app then leaves it open). */
  database?: Database;
  /** Log (JSON lines, at config.logLevel) to this stream; tests are silent otherwise. */
  logStream?: BuildOptions['logStream'];
  /** The app's clock (BuildOptions.clock). */
  clock?: () => Date;
};

/** The kinds this run covers: PGlite always, PostgreSQL when globalSetup built its template. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh database restored from the run's template: PGlite in memory, or a PostgreSQL clone. */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteTemplateFile'))]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    return { database, dispose: () => database.close() };
  }
  const clone = await clonePostgresDatabase();
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url: clone.url, max: 5 });
  } catch (e) {
    await clone.drop();
    throw e;
  }
  return {
    database,
    async dispose() {
      await database.close();
      await clone.drop();
    },
  };
}

/** A fresh PostgreSQL database cloned from the run's template (migrated and seeded), for a server process of its own. */
export async function clonePostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `${template.clonePrefix}${crypto.randomBytes(6).toString('hex')}`;
  await cloneTemplate(template.adminUrl, template.template, name);
  return { url: databaseUrl(template.adminUrl, name), drop: () => dropDatabase(template.adminUrl, name) };
}

async function cloneTemplate(adminUrl: string, template: string, name: string): Promise<void> {
  // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template; nobody should be,
  // but a concurrent clone can briefly hold it, so try again a few times before failing.
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`));
      return;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** The production configuration with what a test must not depend on pointed elsewhere. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-app-'));
  return {
    ...loadConfig({}),
    dataDir: scratch,
    uploadDir: path.join(scratch, 'uploads'),
    // Tests never depend on a built web app.
    webDistDir: path.join(scratch, 'no-web-dist'),
    logLevel: 'silent',
    // Every inject comes from one address: suites that enter users many times must not meet the per-address request
    // limits (test/sign-in-limits.test.ts sets its own).
    loginRatePerMinute: 1_000_000,
    entryRatePerMinute: 1_000_000,
    // Refused sign-ins answer at once under test (test/sign-in-limits.test.ts checks the delay itself).
    signInRefusalDelayMs: 0,
    ...overrides,
  };
}

export async function createTestApp(options: CreateTestAppOptions): Promise<TestApp> {
  const owned = options.database ? undefined : await openTestDatabase(options.kind);
  const database = options.database ?? owned!.database;
  const config = testConfig(options.config);
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.logStream ? { logger: true, logStream: options.logStream } : {}),
    });
  } catch (e) {
    await owned?.dispose();
    throw e;
  }
  const signer = new TokenSigner(await loadSigningKey(database, config.tokenSecret));

  // A ticket works once and names only (userId, exp): each entry of one user needs an expiry of its own.
  const usedTicketExps = new Map<string, Set<number>>();
  const freshTicket = (secret: string, userId: string) => {
    const used = usedTicketExps.get(userId) ?? new Set<number>();
    usedTicketExps.set(userId, used);
    let exp = Math.floor(Date.now() / 1000) + PORTAL_TICKET_MAX_LIFETIME_SECONDS;
    while (used.has(exp)) exp--;
    used.add(exp);
    return signPortalTicket(secret, userId, exp);
  };

  async function enter(userId: string): Promise<TestSession> {
    const ticket = config.portalSecret ? freshTicket(config.portalSecret, userId) : undefined;
    const res = await app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId, ticket } });
    if (res.statusCode !== 200) throw new Error(`entry as ${userId} failed: ${res.statusCode} ${res.body}`);
    const { token, refreshToken, user } = res.json().data as { token: string; refreshToken: string; user: SessionUser };
    return { token, refreshToken, user, headers: sessionHeaders(token, user) };
  }

  return {
    kind: database.kind,
    app,
    database,
    config,
    signer,
    enter,
    async close() {
      await app.close();
      await owned?.dispose();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The headers the web app sends on every business call (spec section 7). */
export function sessionHeaders(token: string, user: SessionUser): Record<string, string> {
  return {
    token,
    enterpriseId: user.enterpriseId,
    companyId: user.companyId,
    userId: user.userId,
    userName: encodeURIComponent(user.userName),
    isManager: '0',
  };
}

/**
 * Runs `fn` inside a describe block once per database kind this run covers; without PostgreSQL its block is listed
 * as skipped, so a PGlite-only run says what it did not cover (and REQUIRE_POSTGRES makes that an error).
 */
export function describeEachKind(name: string, fn: (kind: TestDatabaseKind) => void): void {
  const kinds = testDatabaseKinds();
  if (REQUIRE_POSTGRES && !kinds.includes('postgres')) {
    throw new Error('REQUIRE_POSTGRES=1 but no PostgreSQL template was built (is TEST_DATABASE_URL set?)');
  }
  for (const kind of kinds) describe(`${name} [${kind}]`, () => fn(kind));
  if (!kinds.includes('postgres')) describe.skip(`${name} [postgres: TEST_DATABASE_URL not set]`, () => fn('postgres'));
}

/**
 * Runs a suite once per database kind, each on its own database restored from the template.
 * `t()` returns the suite's app once beforeAll has built it.
 */
export function describeEachDatabase(
  name: string,
  fn: (t: () => TestApp, kind: TestDatabaseKind) => void,
  options: Omit<CreateTestAppOptions, 'kind' | 'database'> = {},
): void {
  describeEachKind(name, (kind) => {
    let current: TestApp | undefined;
    beforeAll(async () => {
      current = await createTestApp({ kind, ...options });
    });
    afterAll(async () => {
      await current?.close();
    });
    fn(() => {
      if (!current) throw new Error('the test app is built in beforeAll');
      return current;
    }, kind);
  });
}
