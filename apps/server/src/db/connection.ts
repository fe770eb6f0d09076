// Opens the database: embedded PGlite in DATA_DIR by default, or PostgreSQL with DATABASE_URL.
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { PGlitePool, type PoolFigures } from './pglite-pool.js';
import { PGliteThread } from './pglite-thread.js';
import { TEXT_PARSERS } from './type-parsers.js';
import type { DB } from './types.js';

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** Runs a multi-statement SQL script (migrations, seed bulk loads). */
  execScript(sql: string): Promise<void>;
  /** PGlite only: the database folder as an uncompressed tar (tests restore it rather than migrate again). */
  dumpDataDir: (() => Promise<Blob>) | undefined;
  /**
   * Hears NOTIFY on `channel` (from this process and, on PostgreSQL, every other one) until the returned stop is
   * called. `connected(false)` says announcements may be missed from now on (the listening connection dropped);
   * `connected(true)` says they are heard again (first at start, then after each reconnection).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** The connection pool's state now (PGlite: its one connection and the queries queued for it). */
  poolFigures(): PoolFigures;
  close(): Promise<void>;
};

export type { PoolFigures };

export type ListenHandlers = { message(payload: string): void; connected(up: boolean): void };

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
  let instance: PGliteThread;
  try {
    instance = await PGliteThread.start({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: await options.loadDataDir.arrayBuffer() } : {}),
    });
  } catch (e) {
    lock?.release();
    throw e;
  }
  const pool = new PGlitePool(instance);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: pool as unknown as pg.Pool }) });
  return {
    kind: 'pglite',
    db,
    dumpDataDir: () => instance.dumpDataDir(),
    execScript: (sql) => pool.exec(sql),
    poolFigures: () => pool.figures(),
    async listen(channel, handlers) {
      // One process owns a PGlite folder: its own NOTIFYs are all there is to hear, and the connection never drops.
      const stop = await pool.listen(channel, handlers.message);
      handlers.connected(true);
      return async () => {
        handlers.connected(false);
        if (!instance.closed) await stop();
      };
    },
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
    dumpDataDir: undefined,
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
    listen: (channel, handlers) => listenPostgres(url, searchPath, channel, handlers),
    poolFigures: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => db.destroy(),
  };
}

/** The delays between reconnection attempts of a dropped listening connection (then the last one, repeated). */
const LISTEN_RETRY_MS = [100, 500, 1000, 2000, 5000];

/** A dedicated connection (not from the pool) that LISTENs, and opens itself again when it drops. */
async function listenPostgres(url: string, searchPath: string | undefined, channel: string, handlers: ListenHandlers) {
  let stopped = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, options: `-c TimeZone=UTC${searchPath ? ` -c search_path=${searchPath}` : ''}` });
    let dropped = false;
    const drop = (why: string) => {
      if (dropped) return;
      dropped = true;
      client = undefined;
      void c.end().catch(() => undefined);
      if (stopped) return;
      handlers.connected(false);
      console.warn(`The ${channel} listener lost PostgreSQL (${why}); reconnecting`);
      const delay = LISTEN_RETRY_MS[Math.min(attempt++, LISTEN_RETRY_MS.length - 1)]!;
      retry = setTimeout(() => void connect().catch((e: Error) => drop(e.message)), delay);
    };
    c.on('error', (e) => drop(e.message));
    c.on('end', () => drop('connection ended'));
    c.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    await c.connect();
    await c.query(`LISTEN ${quoteChannel(channel)}`);
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    attempt = 0;
    handlers.connected(true);
  };

  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = undefined;
    handlers.connected(false);
    await c?.end().catch(() => undefined);
  };
}

const quoteChannel = (channel: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  return channel;
};

const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

/**
 * Opens the database a start names (DATABASE_URL's PostgreSQL, else PGlite in DATA_DIR), as the server and the seed
 * command both do. A data folder another live server holds is said on stderr and answered with null; any other
 * failure is thrown.
 */
export async function openConfiguredDatabase(config: { databaseUrl?: string | null; dataDir: string }): Promise<Database | null> {
  try {
    return config.databaseUrl
      ? await openDatabase({ kind: 'postgres', url: config.databaseUrl })
      : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
  } catch (e) {
    if (!(e instanceof DataDirLockedError)) throw e;
    console.error(e.message);
    return null;
  }
}
