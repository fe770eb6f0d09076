// Builds ONE migrated + seeded database per run, so test files restore it instead of re-creating it:
// a PGlite data-folder dump (always) and a PostgreSQL template database (when TEST_DATABASE_URL is set).
// With REQUIRE_POSTGRES=1 a missing or unreachable PostgreSQL fails the run instead of skipping it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/connection.js';
import { isAlive } from '../src/db/data-dir-lock.js';
import { migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed.js';
import { REQUIRE_POSTGRES, databaseUrl, dropDatabase, quoteIdent, withAdmin, type PostgresTemplate } from './helpers/templates.js';

async function buildPgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await migrate(database);
    await seedDemo(database.db);
    // Uncompressed: restoring then skips a gunzip per test file.
    const dump = await database.dumpDataDir!();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

const isLoopback = (url: string): boolean => {
  const host = new URL(url).hostname;
  return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
};

async function buildPostgresTemplate(adminUrl: string): Promise<PostgresTemplate> {
  // Names carry the run's pid and start time (base 36 seconds), so leftovers can be told from live runs.
  const run = `${process.pid}_${Math.floor(Date.now() / 1000).toString(36)}`;
  const template = `tfb_test_template_${run}`;
  const clonePrefix = `tfb_test_${run}_`;
  const existing = await withAdmin(adminUrl, async (c) => {
    const r = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'tfb\\_test\\_%'");
    return r.rows.map((row) => row.datname);
  }).catch((e: Error) => {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL is unreachable (${e.message}).`);
  });
  // Leftovers of runs that were killed before their teardown: a day old, or an hour old with their process gone
  // (a run in another pid namespace on the same server may look dead; it is spared for an hour).
  if (isLoopback(adminUrl)) {
    const now = Date.now() / 1000;
    for (const name of existing) {
      const m = /^tfb_test_(?:template_)?(\d+)_([0-9a-z]+)(?:_|$)/.exec(name);
      if (!m) continue;
      const pid = Number(m[1]);
      const ageSeconds = now - parseInt(m[2] ?? '', 36);
      if (pid === process.pid || !(ageSeconds > 0)) continue;
      if (ageSeconds > 86_400 || (ageSeconds > 3_600 && !isAlive(pid))) await dropDatabase(adminUrl, name);
    }
  }
  await dropDatabase(adminUrl, template);
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(template)}`));
  try {
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, template), max: 2 });
    try {
      await migrate(database);
      await seedDemo(database.db);
    } finally {
      await database.close();
    }
  } catch (e) {
    await dropDatabase(adminUrl, template);
    throw e;
  }
  return { adminUrl, template, clonePrefix };
}

async function dropRun(t: PostgresTemplate): Promise<void> {
  const names = await withAdmin(t.adminUrl, async (c) => {
    const r = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [t.clonePrefix]);
    return r.rows.map((row) => row.datname);
  });
  for (const name of [...names, t.template]) await dropDatabase(t.adminUrl, name);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL || undefined;
  if (REQUIRE_POSTGRES && !adminUrl) {
    throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL half of the suite cannot run.');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-server-test-'));
  const pgliteTemplateFile = path.join(dir, 'pglite-template.tar');
  const started = Date.now();
  const [pglite, postgresBuild] = await Promise.allSettled([
    buildPgliteTemplate(pgliteTemplateFile),
    adminUrl ? buildPostgresTemplate(adminUrl) : Promise.resolve(null),
  ]);
  if (pglite.status === 'rejected' || postgresBuild.status === 'rejected') {
    if (postgresBuild.status === 'fulfilled' && postgresBuild.value) await dropRun(postgresBuild.value);
    fs.rmSync(dir, { recursive: true, force: true });
    throw pglite.status === 'rejected' ? pglite.reason : (postgresBuild as PromiseRejectedResult).reason;
  }
  const postgres = postgresBuild.value;
  console.log(
    `[global-setup] database templates ready in ${Date.now() - started} ms: pglite${postgres ? ` + postgres (${postgres.template})` : ''}`,
  );
  project.provide('pgliteTemplateFile', pgliteTemplateFile);
  project.provide('postgresTemplate', postgres);

  return async () => {
    if (postgres) await dropRun(postgres);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
