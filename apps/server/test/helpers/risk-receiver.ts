// A local stand-in for the external risk service: an HTTP server that answers each POST as told (fail with 500,
// hang past the sender's timeout, or accept), keeps every raw attempt, and accepts each idempotency key once
// (a repeat of an accepted key is answered 200 without counting it again), as a real idempotent receiver would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Behaviour = 'fail' | 'hang' | 'ok';
export type Attempt = { key: string; at: number; body: unknown; answered: Behaviour };

export type RiskReceiver = {
  url: string;
  /** Raw attempts, in arrival order. */
  attempts: Attempt[];
  /** Accepted results by key (each key once). */
  accepted: Map<string, unknown>;
  /** How many times each key was accepted (a duplicate delivery shows as 2). */
  acceptedCount: Map<string, number>;
  /** Answers for the next requests, in order; once used up, `fallback` answers. */
  script: Behaviour[];
  fallback: Behaviour;
  attemptsOf(key: string): Attempt[];
  close(): Promise<void>;
};

export async function startRiskReceiver(fallback: Behaviour = 'ok'): Promise<RiskReceiver> {
  const hanging = new Set<http.ServerResponse>();
  const r: RiskReceiver = {
    url: '',
    close: () => Promise.resolve(),
    attempts: [],
    accepted: new Map(),
    acceptedCount: new Map(),
    script: [],
    fallback,
    attemptsOf: (key) => r.attempts.filter((a) => a.key === key),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = String(req.headers['idempotency-key'] ?? '');
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      const answered = r.script.shift() ?? r.fallback;
      r.attempts.push({ key, at: Date.now(), body, answered });
      if (answered === 'fail') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('risk service unavailable');
      } else if (answered === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
      } else {
        if (!r.accepted.has(key)) {
          r.accepted.set(key, body);
          r.acceptedCount.set(key, (r.acceptedCount.get(key) ?? 0) + 1);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  r.url = `http://127.0.0.1:${port}/risk/results`;
  r.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return r;
}
