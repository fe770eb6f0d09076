// Prometheus metrics at GET /api/metrics (text exposition format), served only when METRICS_TOKEN is set and only to
// `Authorization: Bearer <METRICS_TOKEN>`. fastify-metrics times every request into a latency histogram per route
// pattern (`/api/x/:id`, never the raw URL, so ids add no series; unknown paths share one `__unknown__` route), whose
// `_count` gives the request rate; beside it the process's own figures and the database pool's.
//
// Everything lives in a registry of this app's own, never the client's global one: a process holds one app, but
// the tests build many apps in one process, and a global registry would refuse the second app's metrics.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyMetrics from 'fastify-metrics';
import * as promClient from '@prometheus-io/client';
import { OPERATIONS_MESSAGES, SESSION_PATHS } from '@tfb/contract';
import type { Database } from '../db/connection.js';
import { AppError } from '../lib/errors.js';

export type MetricsOptions = { token: string; database: Database };

/** Seconds; fine below 25 ms (the p99 the product aims at) and up to the slow reports. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (s: string): Buffer => crypto.createHash('sha256').update(s, 'utf8').digest();

/** Whether the Authorization header is `Bearer <token>`, compared in constant time (digests of equal length). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const m = /^Bearer ([^\s]+)$/i.exec(authorization ?? '');
  // Digest even a missing token, so a refusal takes the time of a wrong one.
  return crypto.timingSafeEqual(digest(m?.[1] ?? ''), digest(token)) && m !== null;
}

/** The pool figures as gauges read at each scrape, labelled with the database kind. */
function poolGauges(registry: promClient.Registry, database: Database): void {
  const labels = { kind: database.kind };
  const gauge = (name: string, help: string, read: (f: ReturnType<Database['poolFigures']>) => number) =>
    new promClient.Gauge({
      name,
      help,
      labelNames: ['kind'] as const,
      registers: [registry],
      collect() {
        this.set(labels, read(database.poolFigures()));
      },
    });
  gauge('db_pool_connections', 'Connections the database pool holds open (PGlite: its single connection)', (f) => f.total);
  gauge('db_pool_idle_connections', 'Pooled connections not lent to a query', (f) => f.idle);
  gauge('db_pool_waiting_clients', 'Queries waiting for a pooled connection', (f) => f.waiting);
}

async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new promClient.Registry();
  await app.register(fastifyMetrics.default, {
    promClient,
    // This app's own route below answers from its own registry (the plugin's would merge in the global one).
    endpoint: null,
    // The process's CPU, memory, event-loop lag and garbage collection (their samplers live as long as the process).
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // Unknown paths count too, under one label: scans and broken links show without a series per URL.
      registeredRoutesOnly: false,
      invalidRouteGroup: '__unknown__',
      overrides: {
        histogram: { buckets: LATENCY_BUCKETS, registers: [registry] },
        // Off (no timer runs), and kept out of every registry.
        summary: { registers: [] },
      },
    },
  });
  poolGauges(registry, options.database);

  app.get(
    SESSION_PATHS.metrics,
    {
      // Not a session's call: its own bearer token guards it (checked first, before anything is read). Registered
      // before the API documentation, which therefore leaves it out (it answers text, not the JSON envelope).
      // A scrape is not counted among the requests it reports.
      config: { access: 'public', disableMetrics: true },
      onRequest: async (request: FastifyRequest, reply) => {
        if (bearerMatches(request.headers.authorization, options.token)) return;
        void reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new AppError(40100, OPERATIONS_MESSAGES.metricsRefused);
      },
    },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
}

export const metricsPlugin = fp(metrics, { name: 'prometheus-metrics' });
