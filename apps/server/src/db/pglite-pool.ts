// A pg-Pool-shaped adapter over the embedded database (PGlite, in its own thread), so Kysely's PostgresDialect drives
// both databases. PGlite is a single connection: a client is lent to one borrower at a time, so a transaction never
// interleaves with other queries. Code inside a transaction must use the transaction handle, never the
// outer database handle (that would wait for itself).
import type { PGliteThread } from './pglite-thread.js';

type QueryResult = { rows: unknown[]; rowCount: number; command: string };

/** A connection pool's state: connections open, of them idle, and requests waiting for one. */
export type PoolFigures = { total: number; idle: number; waiting: number };

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  /** Holders and waiters together: 0 when free, 1 when held, more when others queue behind the holder. */
  private claims = 0;
  acquire(): Promise<() => void> {
    let release!: () => void;
    this.claims += 1;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => () => {
      this.claims -= 1;
      release();
    });
    this.tail = this.tail.then(() => next);
    return acquired;
  }
  /** Whether someone holds the lock, and how many wait for it. */
  get state(): { held: boolean; waiting: number } {
    return { held: this.claims > 0, waiting: Math.max(0, this.claims - 1) };
  }
}

const commandOf = (sql: string): string => {
  const m = /^\s*(?:--[^\n]*\n\s*)*([a-zA-Z]+)/.exec(sql);
  return (m?.[1] ?? '').toUpperCase();
};

export class PGlitePool {
  private readonly mutex = new Mutex();
  constructor(readonly db: PGliteThread) {}

  async connect() {
    const release = await this.mutex.acquire();
    let released = false;
    const db = this.db;
    return {
      async query(sql: string, params: readonly unknown[] = []): Promise<QueryResult> {
        const r = await db.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.affectedRows, command: commandOf(sql) };
      },
      release() {
        if (!released) {
          released = true;
          release();
        }
      },
    };
  }

  /** Runs a multi-statement script (migrations) while holding the connection. */
  async exec(sql: string): Promise<void> {
    const release = await this.mutex.acquire();
    try {
      await this.db.exec(sql);
    } catch (e) {
      await this.db.exec('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      release();
    }
  }

  /** LISTEN while holding the connection, so the statement can never land inside a borrower's transaction. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const release = await this.mutex.acquire();
    let unlisten: () => Promise<void>;
    try {
      unlisten = await this.db.listen(channel, callback);
    } finally {
      release();
    }
    return async () => {
      const again = await this.mutex.acquire();
      try {
        await unlisten();
      } finally {
        again();
      }
    };
  }

  /** The single connection in pg.Pool's terms: one in all, idle unless lent, and the borrowers queued for it. */
  figures(): PoolFigures {
    const { held, waiting } = this.mutex.state;
    return { total: 1, idle: held ? 0 : 1, waiting };
  }

  async end(): Promise<void> {
    await this.db.close();
  }
}
