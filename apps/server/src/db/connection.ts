// Opens the database: embedded PGlite in DATA_DIR by default, or PostgreSQL with DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { PGlitePool } from './pglite-pool.js';
import { TEXT_PARSERS } from './type-parsers.js';
import type { DB } from './types.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs a multi-statement SQL script (migrations, seed bulk loads). */
  execScript(sql: string): Promise<void>;
  /** The raw PGlite instance (tests dump and load it); undefined on PostgreSQL. */
  pglite: PGlite | undefined;
  close(): Promise<void>;
};

export type OpenOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob; lock?: boolean }
  | { kind: 'postgres'; url: string; max?: number; searchPath?: string };

for (const [oid, parser] of Object.entries(TEXT_PARSERS)) pg.types.setTypeParser(Number(oid), parser);

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.kind === 'postgres') return openPostgres(options.url, options.max ?? 10, options.searchPath);
  return openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob; lock?: boolean }): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) {
    if (options.lock !== false) lock = lockDataDir(options.dataDir);
    fs.mkdirSync(path.join(options.dataDir, 'pgdata'), { recursive: true });
  }
  let instance: PGlite;
  try {
    instance = await PGlite.create({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // fsync is off in PGlite: a killed process loses nothing committed, a power loss may.
      relaxedDurability: false,
      parsers: TEXT_PARSERS,
      // Every open needs it: migration 0005 indexes goods numbers with its trigram operator class.
      extensions: { pg_trgm },
    });
    await instance.exec("SET TIME ZONE 'UTC'");
  } catch (e) {
    lock?.release();
    throw e;
  }
  const pool = new PGlitePool(instance);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return {
    kind: 'pglite',
    db,
    pglite: instance,
    execScript: (sql) => pool.exec(sql),
    async close() {
      await db.destroy();
      // Kysely ends its pool only if it ever ran a query; the instance must be closed either way.
      if (!instance.closed) await instance.close();
      lock?.release();
    },
  };
}

async function openPostgres(url: string, max: number, searchPath: string | undefined): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: `-c TimeZone=UTC${searchPath ? ` -c search_path=${searchPath}` : ''}`,
  });
  // An idle pooled connection the server ends (a restart, an administrator's terminate) emits 'error' on the
  // pool; unhandled, that would crash the process. The pool drops the connection and opens a new one on demand.
  pool.on('error', (e) => {
    console.warn(`PostgreSQL closed an idle connection: ${e.message}`);
  });
  // Fail at start-up with a clear message rather than on the first request.
  const client = await pool.connect().catch((e: Error) => {
    void pool.end();
    throw new Error(`Cannot connect to PostgreSQL at ${redact(url)}: ${e.message}`);
  });
  client.release();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    db,
    pglite: undefined,
    async execScript(sql) {
      const c = await pool.connect();
      try {
        await c.query(sql);
      } catch (e) {
        // A failed script may leave its transaction open; never return such a connection to the pool.
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
    },
    close: () => db.destroy(),
  };
}

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
