// Security headers on every reply (pages, API, static files, errors) through @fastify/helmet, and the
// Content-Security-Policy the web app runs under: only the product's own scripts, never inline script or eval.
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import { CSP_NONCE_PLACEHOLDER } from '@tfb/contract';

type Directives = Record<string, string[]>;

/** HSTS for a year once the product is reached over HTTPS; browsers ignore it over plain HTTP anyway. */
const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * The page's policy. Styles: the component styles are a stylesheet from the product ('self'); antd writes only the
 * theme's CSS variables at run time, in `<style>` elements carrying the per-page nonce. Style attributes are refused:
 * inline styles are set through the CSSOM, which the policy does not govern (the one dependency that wrote a style
 * attribute, the autosizing text area's measuring twin, is built to use the CSSOM: apps/web/vite-plugins). Images take
 * data: and blob: for upload previews (antd draws thumbnails into data: URLs).
 */
export function pageDirectives(styleNonce?: string): Directives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** Swagger UI (/api/docs) styles its widgets with inline `<style>` it cannot nonce: a policy of its own, scripts still 'self'. */
export function docsDirectives(): Directives {
  return { ...pageDirectives(), 'style-src': ["'self'", "'unsafe-inline'"], 'style-src-attr': ["'unsafe-inline'"] };
}

/**
 * The public portal sites (/site/…): server-rendered pages with no script at all and one stylesheet from the
 * product. Images and videos come from the product's media files; rich text may show https images.
 */
export function siteDirectives(): Directives {
  return {
    'default-src': ["'none'"],
    'script-src': ["'none'"],
    'style-src': ["'self'"],
    'style-src-attr': ["'none'"],
    'img-src': ["'self'", 'https:'],
    'media-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': ["'none'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'frame-ancestors': ["'none'"],
  };
}

export function serializeDirectives(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/** A fresh nonce for one page reply: 128 random bits. */
export function newCspNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/**
 * index.html read once at start-up, answered with a fresh nonce each time: the placeholder Vite wrote is
 * replaced in the page and the reply's CSP names the same nonce for `<style>` elements.
 */
export function noncedPage(html: Buffer): (reply: FastifyReply) => FastifyReply {
  const parts = html.toString('utf8').split(CSP_NONCE_PLACEHOLDER);
  return (reply) => {
    const nonce = newCspNonce();
    return reply
      .header('content-security-policy', serializeDirectives(pageDirectives(nonce)))
      .type('text/html; charset=utf-8')
      .send(parts.join(nonce));
  };
}

export type SecurityHeadersOptions = {
  /** Send HSTS on every reply: the product is published over HTTPS by a proxy in front (HSTS=1). */
  hsts: boolean;
};

/** Headers of every reply that are the framework's own, not helmet's (left out of what a probe reply shows). */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * Helmet's headers for the options given, read off one reply of a private instance. They are the same for every
 * request, and @fastify/helmet rebuilds helmet (parsing the whole policy) on each one: a tenth of a small list
 * request's CPU time.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<[string, string][]> {
  const probe = Fastify();
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => '');
  const reply = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.entries(reply.headers)
    .filter(([name]) => !FRAMEWORK_HEADERS.has(name))
    .map(([name, value]) => [name, String(value)]);
}

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: pageDirectives() },
    // Decided per request below: over plain HTTP it would only mislead.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // On the raw response, as helmet sets them, so an error reply keeps them too.
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    if (options.hsts || request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS_VALUE);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'security-headers' });
