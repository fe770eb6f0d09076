// Builds the Fastify app (no listening here): error envelope, session, modules, docs and the web app.
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { isResponseSerializationError, jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { DOCUMENT_LARGE_MAX_MB, MB, NUL_MESSAGE } from '@tfb/contract';
import type { Config } from './config.js';
import type { Database } from './db/connection.js';
import { AppError, RetryLaterError } from './lib/errors.js';
import { pgErrorCode } from './lib/business-codes.js';
import { ERROR_MESSAGES, clientErrorHandler, codeOfStatus, errorReply, frameworkErrors } from './lib/error-envelope.js';
import { replySerializerCompiler } from './lib/reply-serializer.js';
import { validationFailure } from './lib/validation.js';
import { TokenSigner } from './lib/tokens.js';
import { SessionRegistry } from './lib/session-registry.js';
import { sessionPlugin } from './plugins/session.js';
import { accessPlugin, publicRoutes } from './plugins/access.js';
import { docsDirectives, noncedPage, securityHeadersPlugin, serializeDirectives } from './plugins/security-headers.js';
import { answerRequestId, requestIdOf, requestIdPlugin, requestLogSerializer } from './plugins/request-id.js';
import { metricsPlugin } from './plugins/metrics.js';
import { loadSigningKey } from './modules/auth/signing-key.js';
import { authRoutes } from './modules/auth/routes.js';
import { organizationRoutes } from './modules/organization/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { workbenchRoutes } from './modules/workbench/routes.js';
import { goodsRoutes } from './modules/goods/routes.js';
import { warehouseRoutes } from './modules/warehouse/routes.js';
import { alertRoutes } from './modules/alerts/routes.js';
import { riskRoutes } from './modules/risk/routes.js';
import { processRoutes } from './modules/process/routes.js';
import { registerApiAndBare } from './lib/route.js';
import { addressBookRoutes } from './modules/address-book/routes.js';
import { pickerRoutes } from './modules/pickers/routes.js';
import { uploadRoutes } from './modules/uploads/routes.js';
import { contractRoutes } from './modules/contracts/routes.js';
import { orderRoutes } from './modules/orders/routes.js';
import { projectRoutes } from './modules/projects/routes.js';
import { customerRoutes } from './modules/customers/routes.js';
import { loanRoutes } from './modules/loans/routes.js';
import { settlementRoutes } from './modules/settlements/routes.js';
import { goodsAdminRoutes } from './modules/goods-admin/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { goodsCategoryRoutes } from './modules/goods-categories/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { portalRoutes } from './modules/portal/routes.js';
import { portalContentRoutes } from './modules/portal-content/routes.js';
import { portalSchedulerPlugin } from './modules/portal-content/scheduler.js';
import { productRoutes } from './modules/products/routes.js';
import { riskDispatcherPlugin } from './modules/products/outbox.js';
import { PortalPublicEvents } from './lib/portal-public-events.js';
import { portalMediaRoutes } from './modules/portal-media/routes.js';
import { portalPublicRoutes } from './modules/portal-public/routes.js';
import { dataPortalRoutes } from './modules/data-portal/routes.js';
import { indicatorRoutes } from './modules/data-portal-indicators/routes.js';
import { dataPortalSourceRoutes } from './modules/data-portal-sources/routes.js';
import { dataPortalBoardRoutes } from './modules/data-portal-boards/routes.js';
import { blockchainRoutes } from './modules/blockchain/routes.js';
import { warehouseFlowRoutes } from './modules/warehouse-flows/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    config: Config;
    /** The app's clock: the time now (tests move it; see BuildOptions.clock). */
    clock: () => Date;
    /** What the public portal sites show has changed (lib/portal-public-events.ts). */
    portalPublic: PortalPublicEvents;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  /** JSON log lines (pino) at the configured level, each request's carrying its id (`reqId`). */
  logger?: boolean;
  /** Where the log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
  /** The time now as the app's time-driven work sees it (the portal content scheduler); the system clock by default. */
  clock?: () => Date;
};

/** The longest path parameter the router accepts (Fastify's default); longer ones answer 414 in the envelope. */
const MAX_PARAM_LENGTH = 100;

/** SQLSTATEs of text the database cannot store (a NUL byte, an untranslatable character): the input's fault. */
const BAD_TEXT_SQLSTATES = new Set(['22021', '22P05']);

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? {
          level: options.config.logLevel,
          serializers: { req: requestLogSerializer },
          ...(options.logStream ? { stream: options.logStream } : {}),
        }
      : false,
    // The caller's x-request-id when well formed, else a fresh one (plugins/request-id.ts); logged as reqId (the default label).
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1 * MB,
    // Behind nginx the client's address and scheme come from the proxy's headers, believed only from TRUST_PROXY.
    trustProxy: options.config.trustProxy ?? false,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Bad URL encoding and over-long path parameters, answered by the router before any route (or hook) runs.
    frameworkErrors: (error, request, reply) => frameworkErrors(error, request, answerRequestId(request, reply)),
    // Requests Node's parser refuses (headers or URL over 16 KiB, timeouts) get a raw reply in the envelope.
    clientErrorHandler,
    // Header names of spec section 7 are mixed-case; query strings may repeat keys.
    ajv: undefined,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  app.decorate('database', options.database);
  app.decorate('config', options.config);
  app.decorate('clock', options.clock ?? (() => new Date()));

  app.setErrorHandler((rawError: unknown, request, reply) => {
    const answered =
      rawError instanceof AppError
        ? rawError
        : validationFailure(rawError, { messagesAsIs: request.routeOptions.config?.fieldMessagesAsIs === true });
    if (answered) {
      if (answered instanceof RetryLaterError) void reply.header('retry-after', String(answered.retryAfterSeconds));
      return reply.status(answered.status).send(errorReply(answered.code, answered.message, answered.errors));
    }
    const error = rawError as FastifyError;
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorReply(50000, '服务器内部错误'));
    }
    if (BAD_TEXT_SQLSTATES.has(pgErrorCode(error) ?? '')) {
      // A last line of defence: the contract's text fields refuse NUL, so reaching here means a field without it.
      request.log.warn({ err: error }, 'text the database cannot store reached a query');
      return reply.status(400).send(errorReply(40000, NUL_MESSAGE));
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(errorReply(41300, '请求内容过大'));
    }
    if (status === 415 || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(errorReply(41500, '不支持的内容类型'));
    }
    if (status === 429) {
      return reply.status(429).send(errorReply(42900, ERROR_MESSAGES.tooMany));
    }
    if (status === 404) {
      return reply.status(404).send(errorReply(40400, ERROR_MESSAGES.notFound));
    }
    if (status > 400 && status < 500 && codeOfStatus(status) !== 40000) {
      // Other client errors with a code of their own (408, 414, 431) keep their status.
      return reply.status(status).send(errorReply(codeOfStatus(status), ERROR_MESSAGES.badRequest));
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, bad content length and the like: the client's fault, said plainly.
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? '请求体不是有效的 JSON' : error.message;
      return reply.status(400).send(errorReply(40000, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorReply(50000, '服务器内部错误'));
  });

  // First: every reply carries the request's id, and (with METRICS_TOKEN) every request is timed, refusals included.
  await app.register(requestIdPlugin);
  if (options.config.metricsToken) {
    await app.register(metricsPlugin, { token: options.config.metricsToken, database: options.database });
  }
  await app.register(securityHeadersPlugin, { hsts: options.config.hsts });

  await app.register(fastifyMultipart, {
    limits: { fileSize: DOCUMENT_LARGE_MAX_MB * MB, files: 1, fields: 10, parts: 12 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Trade-finance back-office API', version: '1.0.0' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const key = await loadSigningKey(options.database, options.config.tokenSecret);
  const signer = new TokenSigner(key);
  const sessions = new SessionRegistry(options.database.db);
  await sessions.start(options.database);
  app.addHook('onClose', () => sessions.close());
  const portalPublic = new PortalPublicEvents();
  await portalPublic.start(options.database);
  app.decorate('portalPublic', portalPublic);
  app.addHook('onClose', () => portalPublic.close());
  await app.register(sessionPlugin, { signer, registry: sessions });
  await app.register(accessPlugin);
  await app.register(
    publicRoutes(async (docs) =>
      docs.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: serializeDirectives(docsDirectives()) }),
    ),
  );

  await app.register(healthRoutes);
  await app.register(authRoutes, { signer, sessions });
  await app.register(organizationRoutes);
  await app.register(workbenchRoutes);
  await registerApiAndBare(app, goodsRoutes);
  await app.register(warehouseRoutes);
  await app.register(warehouseFlowRoutes);
  await app.register(addressBookRoutes);
  await registerApiAndBare(app, pickerRoutes);
  await app.register(uploadRoutes);
  await app.register(contractRoutes);
  await app.register(orderRoutes);
  await app.register(projectRoutes);
  await app.register(customerRoutes);
  await app.register(loanRoutes);
  await app.register(settlementRoutes);
  await app.register(goodsAdminRoutes);
  await app.register(systemRoutes);
  await app.register(goodsCategoryRoutes);
  await app.register(alertRoutes);
  await app.register(riskRoutes);
  await app.register(processRoutes);
  await app.register(auditRoutes);
  await app.register(portalRoutes);
  await app.register(portalContentRoutes);
  await app.register(portalSchedulerPlugin);
  await app.register(portalMediaRoutes);
  await app.register(portalPublicRoutes);
  await app.register(dataPortalRoutes);
  await app.register(indicatorRoutes);
  await app.register(dataPortalSourceRoutes);
  await app.register(dataPortalBoardRoutes);
  await app.register(blockchainRoutes);
  await app.register(productRoutes);
  await app.register(riskDispatcherPlugin);

  // The built web app, with client-side routing: unknown non-API GETs answer index.html.
  const webDist = options.config.webDistDir;
  const indexFile = path.join(webDist, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  const hasWeb = indexHtml !== null;
  const sendIndex = indexHtml ? noncedPage(indexHtml) : null;
  if (hasWeb) {
    await app.register(
      publicRoutes(async (web) =>
        web.register(fastifyStatic, {
          root: webDist,
          wildcard: false,
          index: false,
          // The page itself only ever goes out with its nonce filled in (the not-found handler below).
          allowedPath: (pathName) => pathName !== '/index.html',
          // The build writes a brotli and a gzip copy of each script and stylesheet (apps/web/vite-plugins/precompress.ts),
          // sent as the encoding of their file and never as files of their own.
          preCompressed: true,
          globIgnore: ['**/*.br', '**/*.gz'],
          // The scripts and stylesheets under /assets/ are named by the hash of their content: a browser keeps them
          // and never asks again. Anything else (the favicon) is asked again after an hour.
          cacheControl: false,
          setHeaders: (reply, filePath) => {
            const hashed = filePath.startsWith(path.join(webDist, 'assets') + path.sep);
            reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
          },
        }),
      ),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // API-like paths (the bare spec paths of 7.2 and 7.4, POST /login/login, /user/info) never fall back to the web app;
    // the web app's own /login page does.
    const isApi = url.startsWith('/api/') || url === '/api' || /^\/(mlz\w*\/|business\w*\/|organization\w*\/|login\/|user\/)/.test(url);
    if (!isApi && sendIndex && request.method === 'GET') {
      // The static files live in their own scope (publicRoutes); the page itself is read once at start-up
      // and answered with a fresh CSP nonce each time (never cached: the nonce must not repeat).
      return sendIndex(reply.header('cache-control', 'no-store'));
    }
    return reply.status(404).send(errorReply(40400, `接口不存在: ${request.method} ${url}`));
  });

  return app;
}
