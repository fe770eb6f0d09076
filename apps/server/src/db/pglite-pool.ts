// A pg-Pool-shaped adapter over one PGlite instance, so Kysely's PostgresDialect drives both databases.
// PGlite is a single connection: a client is lent to one borrower at a time, so a transaction never
// interleaves with other queries. Code inside a transaction must use the transaction handle, never the
// outer database handle (that would wait for itself).
import type { PGlite } from '@electric-sql/pglite';

type QueryResult = { rows: unknown[]; rowCount: number; command: string };

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

const commandOf = (sql: string): string => {
  const m = /^\s*(?:--[^\n]*\n\s*)*([a-zA-Z]+)/.exec(sql);
  return (m?.[1] ?? '').toUpperCase();
};

export class PGlitePool {
  private readonly mutex = new Mutex();
  constructor(readonly db: PGlite) {}

  async connect() {
    const release = await this.mutex.acquire();
    let released = false;
    const db = this.db;
    return {
      async query(sql: string, params: readonly unknown[] = []): Promise<QueryResult> {
        const r = await db.query(sql, params as unknown[]);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length, command: commandOf(sql) };
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

  async end(): Promise<void> {
    await this.db.close();
  }
}
