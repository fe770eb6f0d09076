// The embedded database's own thread: one PGlite instance driven by messages from the main thread (pglite-thread.ts),
// so a query's work never blocks the main thread's event loop and the app and its database each use a core.
// It imports only packages and type-parsers.ts, so Node runs this file as it is when the server runs from source.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { TEXT_PARSERS } from './type-parsers.ts';
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
  const listeners = new Map<number, () => Promise<void>>();

  port.on('message', (request: WorkerRequest) => {
    void (async () => {
      try {
        switch (request.op) {
          case 'query': {
            const r = await db.query(request.sql, request.params);
            reply({ kind: 'done', id: request.id, result: { rows: r.rows, affectedRows: r.affectedRows ?? r.rows.length } });
            return;
          }
          case 'exec':
            await db.exec(request.sql);
            reply({ kind: 'done', id: request.id, result: null });
            return;
          case 'listen': {
            const listenId = request.id;
            const stop = await db.listen(request.channel, (payload) => reply({ kind: 'notify', listenId, payload }));
            listeners.set(listenId, stop);
            reply({ kind: 'done', id: request.id, result: listenId });
            return;
          }
          case 'unlisten': {
            const stop = listeners.get(request.listenId);
            listeners.delete(request.listenId);
            await stop?.();
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
    })();
  });
  reply({ kind: 'started' });
}

void main();
