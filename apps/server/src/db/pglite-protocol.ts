// The messages between the main thread and the embedded database's thread (pglite-worker.ts).

/** What the thread opens: a data folder, or a dumped one loaded into memory, or an empty in-memory database. */
export type WorkerStart = { dataDir?: string; loadDataDir?: ArrayBuffer };

export type WorkerRequest =
  | { op: 'query'; id: number; sql: string; params: unknown[] }
  | { op: 'exec'; id: number; sql: string }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listenId: number }
  | { op: 'dump'; id: number }
  | { op: 'close'; id: number };

/** A failure carried across the threads: the message and the database error's own fields (code, constraint, …). */
export type WorkerError = { message: string; name: string; fields: Record<string, string | number> };

export type WorkerReply =
  | { kind: 'started'; error?: WorkerError }
  | { kind: 'done'; id: number; result: unknown }
  | { kind: 'failed'; id: number; error: WorkerError }
  | { kind: 'notify'; listenId: number; payload: string };
