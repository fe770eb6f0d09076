// The embedded database's own thread: one PGlite instance driven by messages from the main thread (pglite-thread.ts),
// so a query's work never blocks the main thread's event loop and the app and its database each use a core.
// It imports only packages, type-parsers.ts and pglite-wire.ts, so Node runs this file as it is when the server runs from source.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { TEXT_PARSERS } from './type-parsers.ts';
import { queryMessage, readReply, scriptMessage, type Parsers } from './pglite-wire.ts';
import type { WorkerReply, WorkerRequest, WorkerStart } from './pglite-protocol.ts';

const port = parentPort!;
const start = workerData as WorkerStart;

/** A database error's own fields (code, constraint, detail, …), which callers tell errors apart by. */
function errorFields(e: unknown): { message: string; name: string; fields: Record<string, string | number> } {
  const error = e instanceof Error ? e : new Error(String(e));
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    // The failing query and its parameters stay here: they may be large, and the caller has them.
    if (key === 'query' || key === 'params' || key === 'queryOptions') continue;
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

const reply = (message: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create({
      ...(start.dataDir ? { dataDir: start.dataDir } : {}),
      ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
      // fsync is off in PGlite: a killed process loses nothing committed, a power loss may.
      relaxedDurability: false,
      parsers: TEXT_PARSERS,
      // Every open needs it: migration 0005 indexes goods numbers with its trigram operator class.
      extensions: { pg_trgm },
    });
    await db.exec("SET TIME ZONE 'UTC'");
  } catch (e) {
    reply({ kind: 'started', error: errorFields(e) });
    return;
  }
  // Notifications are read from each reply (readReply) and handed to the listeners of their channel.
  const channels = new Map<string, Set<number>>();
  const notify = (channel: string, payload: string) => {
    for (const listenId of channels.get(channel) ?? []) reply({ kind: 'notify', listenId, payload });
  };
  const parsers = db.parsers as Parsers;
  /**
   * One batch of protocol messages, its reply read; the folder is synced whenever no transaction is left open. The
   * reply is taken as it is written (execProtocolRaw would also run PGlite's own parser over it, for nothing).
   */
  const run = async (message: Uint8Array) => {
    const chunks: Uint8Array[] = [];
    // Each chunk is a view of the database's memory, valid only until the next: copied.
    await db.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
    const r = readReply(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), parsers, notify);
    if (r.idle) await db.syncToFs();
    return r;
  };
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  /** A statement of the thread's own (LISTEN, ROLLBACK): its error is thrown. */
  const must = async (sql: string) => {
    const r = await run(scriptMessage(sql));
    if (r.error) throw r.error;
  };

  // One request at a time, in the order sent — except that while a client's transaction is open, only that client's
  // requests run; the others wait here, in order, until it ends. So no statement lands inside another's transaction,
  // and the main thread need not wait for one query's answer before sending the next.
  const queue: WorkerRequest[] = [];
  /** The client whose transaction is open. */
  let owner: number | undefined;
  let running = false;

  const handle = async (request: WorkerRequest): Promise<void> => {
    try {
      switch (request.op) {
        case 'query':
        case 'exec': {
          const r = await run(request.op === 'query' ? queryMessage(request.sql, request.params) : scriptMessage(request.sql));
          owner = r.idle ? undefined : request.client;
          const open = !r.idle;
          if (r.error) reply({ kind: 'failed', id: request.id, error: errorFields(r.error), open });
          else if (request.op === 'query')
            reply({ kind: 'done', id: request.id, result: { rows: r.rows, affectedRows: r.affectedRows }, open });
          else reply({ kind: 'done', id: request.id, result: null, open });
          return;
        }
        case 'release':
          // A client let go with its transaction open (a borrower that never ended it): rolled back.
          if (owner === request.client) {
            owner = undefined;
            await must('ROLLBACK');
          }
          reply({ kind: 'done', id: request.id, result: null });
          return;
        case 'listen': {
          let ids = channels.get(request.channel);
          if (ids === undefined) {
            await must(`LISTEN ${quoted(request.channel)}`);
            channels.set(request.channel, (ids = new Set()));
          }
          ids.add(request.id);
          reply({ kind: 'done', id: request.id, result: request.id });
          return;
        }
        case 'unlisten': {
          for (const [channel, ids] of channels) {
            if (!ids.delete(request.listenId) || ids.size > 0) continue;
            channels.delete(channel);
            await must(`UNLISTEN ${quoted(channel)}`);
          }
          reply({ kind: 'done', id: request.id, result: null });
          return;
        }
        case 'dump': {
          const bytes = await (await db.dumpDataDir('none')).arrayBuffer();
          reply({ kind: 'done', id: request.id, result: bytes }, [bytes]);
          return;
        }
        case 'close':
          if (!db.closed) await db.close();
          reply({ kind: 'done', id: request.id, result: null });
          port.close();
          return;
      }
    } catch (e) {
      reply({ kind: 'failed', id: request.id, error: errorFields(e) });
    }
  };

  const next = () => {
    if (running) return;
    // Closing does not wait for a transaction that may never end.
    const i = queue.findIndex((r) => owner === undefined || r.op === 'close' || ('client' in r && r.client === owner));
    if (i < 0) return;
    const [request] = queue.splice(i, 1);
    running = true;
    void handle(request!).finally(() => {
      running = false;
      next();
    });
  };
  port.on('message', (request: WorkerRequest) => {
    queue.push(request);
    next();
  });
  reply({ kind: 'started' });
}

void main();
