// Every request carries an id: the caller's `x-request-id` when it is well formed (a proxy or another service
// tracing one call across several), else a fresh one. Fastify's logger puts it on every line logged for the
// request (`reqId`), and every reply, errors and not-found answers included, returns it in `x-request-id`.
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const REQUEST_ID_HEADER = 'x-request-id';

/** The longest incoming id taken as it is; longer ones (or any other character) get a fresh id instead. */
export const REQUEST_ID_MAX_LENGTH = 128;

/** Letters, digits and `-_.:` only: safe in a log line, a header and a log search. */
const WELL_FORMED = new RegExp(`^[A-Za-z0-9._:-]{1,${REQUEST_ID_MAX_LENGTH}}$`);

/** Fastify's `genReqId`: the incoming id when well formed (a repeated header arrives joined by ", " and is not), else a UUID. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && WELL_FORMED.test(incoming) ? incoming : crypto.randomUUID();
}

/** Puts the request's id on its reply (also for the replies Fastify's router answers itself, which skip the hooks). */
export const answerRequestId = (request: FastifyRequest, reply: FastifyReply): FastifyReply => reply.header(REQUEST_ID_HEADER, request.id);

/** Query parameters that carry a credential (the portal's one-time ticket, a token): never written to the log. */
const SECRET_QUERY_PARAMS = new Set(['ticket', 'token', 'refreshtoken', 'password']);

/** A URL as the log shows it: the values of credential parameters replaced by `[redacted]`. */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came; only a name that reads as a credential is redacted.
      }
      return SECRET_QUERY_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Fastify's request serializer for the log, with credentials in the query string redacted. */
export const requestLogSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggableUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});

async function requestId(app: FastifyInstance): Promise<void> {
  // First of all hooks: a later one that refuses (401, 403, 429) still answers with the id; Fastify keeps the
  // headers already set when it turns an error into a reply. A callback hook (as the other per-request hooks): an
  // async one costs a promise and a turn of the microtask queue on every request for work that never waits.
  app.addHook('onRequest', (request, reply, done) => {
    answerRequestId(request, reply);
    done();
  });
}

export const requestIdPlugin = fp(requestId, { name: 'request-id' });
