// The main thread's handle on the embedded database, which runs in a worker thread of its own (pglite-worker.ts).
// PGlite executes a query synchronously in WebAssembly; on the main thread every query would stop the event loop
// (requests, timers, health checks) for its whole length, and the app and its database would share one core.
import { Worker } from 'node:worker_threads';
import type { WorkerError, WorkerReply, WorkerRequest, WorkerStart } from './pglite-protocol.js';

export type ThreadResult = { rows: unknown[]; affectedRows: number };

type Pending = { resolve(value: unknown): void; reject(error: Error): void };

// From source (tests, tsx) the worker is the .ts file, which Node runs with its types stripped.
const workerFile = new URL(import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url);

/** The error a caller sees: the database's message and its fields (code, constraint, detail), as PGlite gives them. */
function toError(e: WorkerError): Error {
  const error = new Error(e.message);
  error.name = e.name;
  return Object.assign(error, e.fields);
}

export class PGliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private readonly openClients = new Set<number>();
  /** The client of each request out, for the `open` its answer carries. */
  private readonly clients = new Map<number, number>();
  private stopped: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: WorkerReply) => this.receive(message));
    worker.on('error', (e) => this.stop(new Error(`The embedded database stopped: ${e.message}`)));
    worker.on('exit', (code) => this.stop(new Error(`The embedded database stopped (exit ${code})`)));
    // Idle, the thread must not keep the process alive; while a request is out it must (see send).
    worker.unref();
  }

  /** Starts the thread and opens the database in it; fails as opening would (a bad dump, an unreadable folder). */
  static async start(start: WorkerStart): Promise<PGliteThread> {
    const worker = new Worker(workerFile, {
      workerData: start,
      transferList: start.loadDataDir ? [start.loadDataDir] : [],
    });
    return new Promise((resolve, reject) => {
      const failed = (e: Error) => {
        settle();
        reject(new Error(`The embedded database did not start: ${e.message}`));
      };
      const exited = (code: number) => failed(new Error(`exit ${code}`));
      const started = (message: WorkerReply) => {
        settle();
        if (message.kind === 'started' && !message.error) return resolve(new PGliteThread(worker));
        void worker.terminate();
        reject(
          toError(
            message.kind === 'started' && message.error
              ? message.error
              : { message: `unexpected ${message.kind}`, name: 'Error', fields: {} },
          ),
        );
      };
      // Only these listeners go: the worker keeps listeners of its own (removeAllListeners would stop its port).
      const settle = () => {
        worker.off('error', failed);
        worker.off('exit', exited);
        worker.off('message', started);
      };
      worker.once('error', failed);
      worker.once('exit', exited);
      worker.once('message', started);
    });
  }

  get closed(): boolean {
    return this.stopped !== undefined;
  }

  /** A query of the pool's `client` (its borrower): see WorkerRequest for how clients' transactions are kept apart. */
  query(client: number, sql: string, params: unknown[] = []): Promise<ThreadResult> {
    return this.send({ op: 'query', client, sql, params }) as Promise<ThreadResult>;
  }

  /** A script of statements (migrations), as `client`. */
  async exec(client: number, sql: string): Promise<void> {
    await this.send({ op: 'exec', client, sql });
  }

  /** Whether `client`'s last query or script left its transaction open. */
  inTransaction(client: number): boolean {
    return this.openClients.has(client);
  }

  /** Whether some client's transaction is open. */
  anyInTransaction(): boolean {
    return this.openClients.size > 0;
  }

  /** Ends `client`: a transaction it left open is rolled back. */
  async release(client: number): Promise<void> {
    this.openClients.delete(client);
    await this.send({ op: 'release', client });
  }

  /** Hears NOTIFY on `channel` until the returned stop is called. */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listenId = (await this.send({ op: 'listen', channel })) as number;
    this.listeners.set(listenId, callback);
    return async () => {
      this.listeners.delete(listenId);
      if (!this.closed) await this.send({ op: 'unlisten', listenId });
    };
  }

  /** The database folder as an uncompressed tar (tests restore it instead of migrating again). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.send({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.send({ op: 'close' });
    this.stop(new Error('The embedded database is closed'));
    await this.worker.terminate();
  }

  private send(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.nextId++;
    if ('client' in request) this.clients.set(id, request.client);
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  private receive(message: WorkerReply): void {
    if (message.kind === 'notify') {
      this.listeners.get(message.listenId)?.(message.payload);
      return;
    }
    if (message.kind === 'started') return;
    const pending = this.pending.get(message.id);
    if (!pending) return;
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.worker.unref();
    const client = this.clients.get(message.id);
    if (client !== undefined) {
      this.clients.delete(message.id);
      if (message.open) this.openClients.add(client);
      else this.openClients.delete(client);
    }
    if (message.kind === 'done') pending.resolve(message.result);
    else pending.reject(toError(message.error));
  }

  private stop(reason: Error): void {
    if (this.stopped) return;
    this.stopped = reason;
    for (const p of this.pending.values()) p.reject(reason);
    this.pending.clear();
    this.listeners.clear();
    this.clients.clear();
    this.openClients.clear();
    this.worker.unref();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
