// Versioned migrations: tracked, applied once, and all-or-nothing when one fails.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/connection.js';
import { MIGRATIONS_DIR, listMigrations, migrate } from '../src/db/migrate.js';
import { seedDemo } from '../src/db/seed.js';
import { describeEachDatabase, type TestApp } from './helpers/test-app.js';
import { databaseUrl, dropDatabase, quoteIdent, withAdmin } from './helpers/templates.js';

const applied = async (t: TestApp) =>
  (await t.database.db.selectFrom('schema_migrations').select('version').orderBy('version').execute()).map((r) => r.version);

const tableExists = async (t: TestApp, name: string) =>
  (await sql<{ r: string | null }>`select to_regclass(${name})::text as r`.execute(t.database.db)).rows[0]!.r !== null;

describeEachDatabase('migrations', (t, kind) => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-migrations-'));
  });
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A migrations folder holding the real ones plus the given extra files. */
  const folderWith = (name: string, files: Record<string, string>) => {
    const d = path.join(dir, name);
    fs.mkdirSync(d);
    for (const f of fs.readdirSync(MIGRATIONS_DIR)) fs.copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(d, f));
    for (const [f, body] of Object.entries(files)) fs.writeFileSync(path.join(d, f), body);
    return d;
  };

  it('tracks every migration file in schema_migrations', async () => {
    const files = listMigrations().map((m) => m.version);
    expect(files.length).toBeGreaterThan(0);
    expect(files[0]).toMatch(/^0001_/);
    expect(await applied(t())).toEqual(files);
  });

  it('applies nothing when run again', async () => {
    const before = await applied(t());
    expect(await migrate(t().database)).toEqual([]);
    expect(await applied(t())).toEqual(before);
  });

  it('applies a new migration once and records it', async () => {
    const d = folderWith('one-more', { '9001_test_extra.sql': 'CREATE TABLE test_extra (id int PRIMARY KEY);' });
    expect(await migrate(t().database, d)).toEqual(['9001_test_extra']);
    expect(await tableExists(t(), 'test_extra')).toBe(true);
    expect(await migrate(t().database, d)).toEqual([]);
    expect(await applied(t())).toContain('9001_test_extra');
  });

  it('runs concurrent start-ups safely: a migration is applied by exactly one of them', async () => {
    const d = folderWith('concurrent', { '9002_test_concurrent.sql': 'CREATE TABLE test_concurrent (id int);' });
    const results = await Promise.all([migrate(t().database, d), migrate(t().database, d), migrate(t().database, d)]);
    expect(results.flat()).toEqual(['9002_test_concurrent']);
  });

  // Several app processes started at once against one new PostgreSQL database (PGlite has one process only).
  if (kind === 'postgres') {
    it('starts several processes at once on an empty database: each migrates and starts, one seeds', async () => {
      const template = inject('postgresTemplate')!;
      const name = `${template.clonePrefix}${crypto.randomBytes(6).toString('hex')}`;
      await withAdmin(template.adminUrl, (c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
      try {
        // Connected first, so the three start-ups reach the database together.
        const url = databaseUrl(template.adminUrl, name);
        const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url, max: 2 })));
        const starts = await Promise.allSettled(
          databases.map(async (database) => {
            await migrate(database);
            return seedDemo(database.db);
          }),
        );
        await Promise.all(databases.map((d) => d.close()));
        expect(starts.map((s) => (s.status === 'fulfilled' ? 'started' : String(s.reason)))).toEqual(['started', 'started', 'started']);
        expect(starts.filter((s) => s.status === 'fulfilled' && s.value)).toHaveLength(1);
        const check = await openDatabase({ kind: 'postgres', url, max: 1 });
        try {
          const versions = await check.db.selectFrom('schema_migrations').select('version').orderBy('version').execute();
          expect(versions.map((v) => v.version)).toEqual(listMigrations().map((m) => m.version));
        } finally {
          await check.close();
        }
      } finally {
        await dropDatabase(template.adminUrl, name);
      }
    });
  }

  it('leaves nothing behind when a migration fails, and names it', async () => {
    const d = folderWith('broken', {
      '9003_test_good.sql': 'CREATE TABLE test_good (id int);',
      '9004_test_broken.sql': `
        CREATE TABLE test_partial (id int);
        INSERT INTO test_partial VALUES (1);
        ALTER TABLE users ADD COLUMN test_partial_column int;
        SELECT * FROM no_such_table;`,
      '9005_test_after.sql': 'CREATE TABLE test_after (id int);',
    });
    await expect(migrate(t().database, d)).rejects.toThrow(/Migration 9004_test_broken failed: .*no_such_table/);
    // The one before it is in; the broken one left no table, no column and no record; none after it ran.
    expect(await tableExists(t(), 'test_good')).toBe(true);
    expect(await tableExists(t(), 'test_partial')).toBe(false);
    const column = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.columns
      where table_name = 'users' and column_name = 'test_partial_column'`.execute(t().database.db);
    expect(column.rows[0]!.n).toBe(0);
    expect(await tableExists(t(), 'test_after')).toBe(false);
    const versions = await applied(t());
    expect(versions).toContain('9003_test_good');
    expect(versions).not.toContain('9004_test_broken');
    expect(versions).not.toContain('9005_test_after');

    // The database is still usable afterwards (no connection left inside the failed transaction).
    const res = await t().app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    await expect(t().enter('demo-a-staff')).resolves.toMatchObject({ user: { userId: 'demo-a-staff' } });
  });

  it('ignores files that are not named like migrations', async () => {
    const d = folderWith('stray', { 'README.md': 'not sql', '9006_Bad Name.sql': 'SELECT broken syntax here' });
    expect(await migrate(t().database, d)).toEqual([]);
  });
});
