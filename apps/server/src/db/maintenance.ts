// The embedded database's autovacuum. PostgreSQL's autovacuum launcher is a server process of its own; PGlite is one
// backend in single-user mode and has none, so without this its tables would never be vacuumed: dead rows would stay,
// the visibility map would stay unset (index-only scans visit the table for every row), GIN pending lists would grow
// and the planner's statistics would age. Each round picks the tables PostgreSQL's autovacuum would pick, by its
// rule and the database's own settings (naptime, thresholds, scale factors), and vacuums or analyzes them one at a
// time. PGlite is one connection: a round holds it while it works, as any query does.
import { sql, type Kysely } from 'kysely';
import type { DB } from './types.js';

/** A table a round handles: vacuumed (and analyzed with it), or only analyzed. */
export type MaintenanceStep = { table: string; action: 'vacuum' | 'analyze'; ms: number };

export type Maintenance = {
  /** Stops the timer and waits for a round under way. */
  stop(): Promise<void>;
};

type Logger = { info(message: string): void; warn(message: string): void };

type Due = { relname: string; vacuum: boolean; analyze: boolean };

/**
 * The tables of the current schema autovacuum's rule makes due:
 * vacuum when dead rows exceed `autovacuum_vacuum_threshold + autovacuum_vacuum_scale_factor × rows`, or rows inserted
 * since the last vacuum exceed `autovacuum_vacuum_insert_threshold + autovacuum_vacuum_insert_scale_factor × rows`;
 * analyze when rows changed since the last analyze exceed `autovacuum_analyze_threshold +
 * autovacuum_analyze_scale_factor × rows`. A table never analyzed counts as empty (reltuples −1).
 */
async function dueTables(db: Kysely<DB>): Promise<Due[]> {
  const r = await sql<Due>`
    WITH s AS (
      SELECT current_setting('autovacuum_vacuum_threshold')::float8 AS vt,
             current_setting('autovacuum_vacuum_scale_factor')::float8 AS vsf,
             current_setting('autovacuum_vacuum_insert_threshold')::float8 AS vit,
             current_setting('autovacuum_vacuum_insert_scale_factor')::float8 AS visf,
             current_setting('autovacuum_analyze_threshold')::float8 AS at,
             current_setting('autovacuum_analyze_scale_factor')::float8 AS asf),
    t AS (
      SELECT u.relname, greatest(c.reltuples, 0) AS rows, u.n_dead_tup, u.n_ins_since_vacuum, u.n_mod_since_analyze
      FROM pg_stat_user_tables u JOIN pg_class c ON c.oid = u.relid
      WHERE u.schemaname = current_schema()),
    d AS (
      SELECT t.relname,
             (t.n_dead_tup > s.vt + s.vsf * t.rows OR t.n_ins_since_vacuum > s.vit + s.visf * t.rows) AS vacuum,
             t.n_mod_since_analyze > s.at + s.asf * t.rows AS analyze
      FROM t CROSS JOIN s)
    SELECT d.relname, d.vacuum, d.analyze FROM d WHERE d.vacuum OR d.analyze
    ORDER BY d.relname`.execute(db);
  return r.rows;
}

/** One round: each due table vacuumed (with ANALYZE when that is due too) or analyzed. */
export async function maintainTables(db: Kysely<DB>): Promise<MaintenanceStep[]> {
  const steps: MaintenanceStep[] = [];
  for (const due of await dueTables(db)) {
    const started = performance.now();
    const table = sql.table(due.relname);
    if (due.vacuum) await sql`VACUUM ${due.analyze ? sql`(ANALYZE) ` : sql``}${table}`.execute(db);
    else await sql`ANALYZE ${table}`.execute(db);
    steps.push({ table: due.relname, action: due.vacuum ? 'vacuum' : 'analyze', ms: Math.round(performance.now() - started) });
  }
  return steps;
}

/** The seconds between rounds: the database's `autovacuum_naptime`, as PostgreSQL's launcher waits. */
async function naptimeMs(db: Kysely<DB>): Promise<number> {
  const r = await sql<{ s: number }>`SELECT extract(epoch FROM current_setting('autovacuum_naptime')::interval)::float8 AS s`.execute(db);
  return Math.max(1, r.rows[0]?.s ?? 60) * 1000;
}

/**
 * Starts the rounds for an embedded database: the first after one naptime, each next one a naptime after the last
 * ended (rounds never overlap). A failed round is logged and the next one tried; the timer never keeps the process up.
 */
export async function startPgliteMaintenance(db: Kysely<DB>, log: Logger, options: { intervalMs?: number } = {}): Promise<Maintenance> {
  const interval = options.intervalMs ?? (await naptimeMs(db));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  /** The round under way, if any (stop waits for it). */
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = maintainTables(db)
        .then((steps) => {
          for (const s of steps) log.info(`database maintenance: ${s.action} ${s.table} (${s.ms} ms)`);
        })
        .catch((e: unknown) => log.warn(`database maintenance failed: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => {
          running = undefined;
          schedule();
        });
    }, interval);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
