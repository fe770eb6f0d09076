// The messages between the main thread and the embedded database's thread (pglite-worker.ts).

/** What the thread opens: a data folder, or a dumped one loaded into memory, or an empty in-memory database. */
export type WorkerStart = { dataDir?: string; loadDataDir?: ArrayBuffer };

/**
 * `client` is the borrower of the pool (pglite-pool.ts) a query or script comes from: once a client's statement leaves
 * a transaction open, the thread runs only that client's requests until the transaction ends; any other request
 * waits in the thread's queue. `release` ends a client still in a transaction (rolled back).
 */
export type WorkerRequest =
  | { op: 'query'; id: number; client: number; sql: string; params: unknown[] }
  | { op: 'exec'; id: number; client: number; sql: string }
  | { op: 'release'; id: number; client: number }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listenId: number }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

/** A failure carried across the threads: the message and the database error's own fields (code, constraint, …). */
export type WorkerError = { message: string; name: string; fields: Record<string, string | number> };

/** `open`: after a client's query or script, whether it left that client's transaction open. */
export type WorkerReply =
  | { kind: 'started'; error?: WorkerError }
  | { kind: 'done'; id: number; result: unknown; open?: boolean }
  | { kind: 'failed'; id: number; error: WorkerError; open?: boolean }
  | { kind: 'notify'; listenId: number; payload: string };
