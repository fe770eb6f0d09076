// A pg-Pool-shaped adapter over the embedded database (PGlite, in its own thread), so Kysely's PostgresDialect drives
// both databases. PGlite is a single connection: every client's queries go to its thread at once, and the thread
// runs them in order, keeping an open transaction to its own client (pglite-worker.ts), so a transaction never
// interleaves with other queries. Code inside a transaction must use the transaction handle, never the outer database
// handle (that would wait for itself).
import type { PGliteThread } from './pglite-thread.js';

type QueryResult = { rows: unknown[]; rowCount: number; command: string };

/** A connection pool's state: connections open, of them idle, and requests waiting for one. */
export type PoolFigures = { total: number; idle: number; waiting: number };

const commandOf = (sql: string): string => {
  const m = /^\s*(?:--[^\n]*\n\s*)*([a-zA-Z]+)/.exec(sql);
  return (m?.[1] ?? '').toUpperCase();
};

export class PGlitePool {
  private nextClient = 1;
  /** Per client, its queries and scripts sent and not yet answered. */
  private readonly outstanding = new Map<number, number>();
  constructor(readonly db: PGliteThread) {}

  private async counted<T>(client: number, work: Promise<T>): Promise<T> {
    this.outstanding.set(client, (this.outstanding.get(client) ?? 0) + 1);
    try {
      return await work;
    } finally {
      const n = this.outstanding.get(client)! - 1;
      if (n === 0) this.outstanding.delete(client);
      else this.outstanding.set(client, n);
    }
  }

  /**
   * A client at once: its queries go to the database's thread as they come, which runs them in order and keeps a
   * client's open transaction to itself (WorkerRequest). Released with its transaction open, it is rolled back.
   */
  async connect() {
    const client = this.nextClient++;
    let released = false;
    const db = this.db;
    return {
      query: async (sql: string, params: readonly unknown[] = []): Promise<QueryResult> => {
        const r = await this.counted(client, db.query(client, sql, params as unknown[]));
        return { rows: r.rows, rowCount: r.affectedRows, command: commandOf(sql) };
      },
      release() {
        if (released) return;
        released = true;
        if (db.inTransaction(client)) void db.release(client).catch(() => undefined);
      },
    };
  }

  /** Runs a multi-statement script (migrations) as a client of its own; a transaction it leaves failed is rolled back. */
  async exec(sql: string): Promise<void> {
    const client = this.nextClient++;
    try {
      await this.counted(client, this.db.exec(client, sql));
    } finally {
      if (this.db.inTransaction(client)) await this.db.release(client);
    }
  }

  /** LISTEN, run by the database's thread between transactions, never inside a borrower's. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    return this.db.listen(channel, callback);
  }

  /**
   * The single connection in pg.Pool's terms: one in all; held by an open transaction, or else by the query running;
   * and the other clients' queries queued behind it.
   */
  figures(): PoolFigures {
    let others = 0;
    for (const [client, n] of this.outstanding) if (!this.db.inTransaction(client)) others += n;
    const inTransaction = this.db.anyInTransaction();
    const held = inTransaction || others > 0;
    return { total: 1, idle: held ? 0 : 1, waiting: inTransaction ? others : Math.max(0, others - 1) };
  }

  async end(): Promise<void> {
    await this.db.close();
  }
}
