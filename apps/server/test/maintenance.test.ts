// The embedded database's autovacuum (db/maintenance.ts): a round vacuums the tables PostgreSQL's autovacuum rule
// makes due (dead rows, or rows inserted since the last vacuum), analyzes those with enough changed rows, and leaves
// the rest alone; the timer runs rounds until stopped. The rule's SQL runs on both databases.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { maintainTables, startPgliteMaintenance } from '../src/db/maintenance.js';
import type { DB } from '../src/db/types.js';
import { describeEachKind, openTestDatabase, type TestDatabase } from './helpers/test-app.js';

type Stat = { n_dead_tup: number; n_ins_since_vacuum: number; n_mod_since_analyze: number; vacuums: number; analyzes: number };

describeEachKind('database maintenance', (kind) => {
  let owned: TestDatabase;
  let db: Kysely<DB>;
  beforeAll(async () => {
    owned = await openTestDatabase(kind);
    db = owned.database.db;
  });
  afterAll(async () => {
    await owned?.dispose();
  });

  /** Runs `statements` on one connection and has that connection publish its table statistics at once. */
  const writeAndFlush = async (statements: string[]) =>
    db.connection().execute(async (c) => {
      for (const s of statements) await sql.raw(s).execute(c);
      await sql`SELECT pg_stat_force_next_flush()`.execute(c);
      await sql`SELECT 1`.execute(c);
    });

  /** The table's statistics once `ready` holds of them (a backend publishes them when it goes idle). */
  const statsOf = async (table: string, ready: (s: Stat) => boolean): Promise<Stat> => {
    let last: Stat | undefined;
    await vi.waitFor(
      async () => {
        const r = await sql<Stat>`
          SELECT n_dead_tup::int, n_ins_since_vacuum::int, n_mod_since_analyze::int,
                 (vacuum_count + autovacuum_count)::int AS vacuums, (analyze_count + autoanalyze_count)::int AS analyzes
          FROM pg_stat_user_tables WHERE relname = ${table} AND schemaname = current_schema()`.execute(db);
        last = r.rows[0];
        if (!last || !ready(last)) throw new Error(`statistics of ${table} not yet published: ${JSON.stringify(last)}`);
      },
      { timeout: 15_000, interval: 100 },
    );
    return last!;
  };

  const allVisible = async (table: string) => {
    const r = await sql<{ relpages: number; relallvisible: number }>`
      SELECT relpages, relallvisible FROM pg_class WHERE oid = ${table}::regclass`.execute(db);
    return r.rows[0]!;
  };

  it('vacuums and analyzes a table with many inserted and dead rows, and then leaves it alone', async () => {
    await writeAndFlush([
      'CREATE TABLE maintenance_probe (id int PRIMARY KEY, v text)',
      "INSERT INTO maintenance_probe SELECT g, 'row ' || g FROM generate_series(1, 5000) g",
      "UPDATE maintenance_probe SET v = v || ' changed' WHERE id <= 3000",
    ]);
    await statsOf('maintenance_probe', (s) => s.n_ins_since_vacuum >= 5000 && s.n_dead_tup >= 3000);
    expect((await allVisible('maintenance_probe')).relallvisible).toBe(0);

    const steps = await maintainTables(db);
    expect(steps.find((s) => s.table === 'maintenance_probe')).toEqual({
      table: 'maintenance_probe',
      action: 'vacuum',
      ms: expect.any(Number),
    });

    const after = await statsOf('maintenance_probe', (s) => s.vacuums >= 1);
    expect(after).toMatchObject({ n_dead_tup: 0, n_ins_since_vacuum: 0, n_mod_since_analyze: 0, vacuums: 1, analyzes: 1 });
    // The visibility map is set: index-only scans no longer visit the table.
    const pages = await allVisible('maintenance_probe');
    expect(pages.relpages).toBeGreaterThan(0);
    expect(pages.relallvisible).toBe(pages.relpages);
    // Nothing due now: a second round does not touch it.
    expect((await maintainTables(db)).map((s) => s.table)).not.toContain('maintenance_probe');
  });

  it('only analyzes a table whose changed rows pass the analyze threshold but whose dead rows do not pass the vacuum one', async () => {
    // 10,000 rows: analyze past 50 + 0.1 × 10,000 = 1,050 changed rows, vacuum past 50 + 0.2 × 10,000 = 2,050 dead.
    await writeAndFlush([
      'CREATE TABLE maintenance_changes (id int PRIMARY KEY, v int)',
      'INSERT INTO maintenance_changes SELECT g, g FROM generate_series(1, 10000) g',
    ]);
    await statsOf('maintenance_changes', (s) => s.n_ins_since_vacuum >= 10000);
    expect((await maintainTables(db)).find((s) => s.table === 'maintenance_changes')?.action).toBe('vacuum');
    await statsOf('maintenance_changes', (s) => s.vacuums >= 1);

    // 100 changed rows: below both thresholds.
    await writeAndFlush(['UPDATE maintenance_changes SET v = v + 1 WHERE id <= 100']);
    await statsOf('maintenance_changes', (s) => s.n_mod_since_analyze >= 100);
    expect((await maintainTables(db)).map((s) => s.table)).not.toContain('maintenance_changes');

    // 1,200 changed rows in all: past the analyze threshold, not the vacuum one.
    await writeAndFlush(['UPDATE maintenance_changes SET v = v + 1 WHERE id > 100 AND id <= 1200']);
    await statsOf('maintenance_changes', (s) => s.n_mod_since_analyze >= 1200);
    expect((await maintainTables(db)).find((s) => s.table === 'maintenance_changes')?.action).toBe('analyze');
    const after = await statsOf('maintenance_changes', (s) => s.analyzes >= 2);
    expect(after).toMatchObject({ vacuums: 1, analyzes: 2, n_mod_since_analyze: 0 });
    expect(after.n_dead_tup).toBeGreaterThanOrEqual(1200);
  });

  it('runs rounds on its timer, logs what each did, and stops', async () => {
    await writeAndFlush(['CREATE TABLE maintenance_timer (id int)', 'INSERT INTO maintenance_timer SELECT generate_series(1, 2000)']);
    await statsOf('maintenance_timer', (s) => s.n_ins_since_vacuum >= 2000);
    const info = vi.fn<(message: string) => void>();
    const warn = vi.fn<(message: string) => void>();
    const maintenance = await startPgliteMaintenance(db, { info, warn }, { intervalMs: 20 });
    try {
      await vi.waitFor(
        () => expect(info).toHaveBeenCalledWith(expect.stringMatching(/^database maintenance: vacuum maintenance_timer \(\d+ ms\)$/)),
        {
          timeout: 15_000,
        },
      );
    } finally {
      await maintenance.stop();
    }
    expect(warn).not.toHaveBeenCalled();
    // Stopped: no round runs after it, however long one waits.
    const calls = info.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(info.mock.calls.length).toBe(calls);
  });
});
