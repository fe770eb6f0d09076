// Security headers on every kind of reply: the web page (with a fresh style nonce each time), the API, an error,
// a static file and the API docs; HSTS only when the product is published over HTTPS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSP_NONCE_PLACEHOLDER } from '@tfb/contract';
import { createTestApp, describeEachDatabase, testDatabaseKinds, type TestApp } from './helpers/test-app.js';

/** A tiny built web app: Vite's nonce placeholder in the page, one script file. */
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-web-dist-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
    `<script type="module" src="/assets/app.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body></body></html>`,
);
fs.writeFileSync(path.join(webDist, 'assets/app.js'), 'export {};\n');
// A larger script with the build's compressed copies beside it (apps/web/vite-plugins/precompress.ts), and the favicon.
const bigScript = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`;
fs.writeFileSync(path.join(webDist, 'assets/big.js'), bigScript);
fs.writeFileSync(path.join(webDist, 'assets/big.js.br'), zlib.brotliCompressSync(bigScript));
fs.writeFileSync(path.join(webDist, 'assets/big.js.gz'), zlib.gzipSync(bigScript));
fs.writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const policyOf = (res: LightMyRequestResponse): Map<string, string> =>
  new Map(
    String(res.headers['content-security-policy'] ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')] as const;
      }),
  );

function expectCommonHeaders(res: LightMyRequestResponse): void {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['strict-transport-security']).toBeUndefined();
  const policy = policyOf(res);
  expect(policy.get('script-src')).toBe("'self'");
  expect(policy.get('script-src-attr')).toBe("'none'");
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('object-src')).toBe("'none'");
  expect(policy.get('base-uri')).toBe("'self'");
  expect(policy.get('default-src')).toBe("'self'");
  expect(policy.get('connect-src')).toBe("'self'");
}

describeEachDatabase(
  'security headers',
  (t) => {
    it('the web page: a fresh nonce per reply, in the page and in the style policy, never cached', async () => {
      const first = await t().app.inject({ method: 'GET', url: '/contracts/purchase/add' });
      const second = await t().app.inject({ method: 'GET', url: '/' });
      for (const res of [first, second]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['cache-control']).toBe('no-store');
        expectCommonHeaders(res);
        expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      }
      const nonceOf = (res: LightMyRequestResponse) => /<meta property="csp-nonce" nonce="([^"]+)">/.exec(res.body)?.[1];
      const [a, b] = [nonceOf(first), nonceOf(second)];
      expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(b).toBeDefined();
      expect(a).not.toBe(b);
      expect(policyOf(first).get('style-src')).toBe(`'self' 'nonce-${a}'`);
      expect(policyOf(second).get('style-src')).toBe(`'self' 'nonce-${b}'`);
      // Style attributes are refused: the page's inline styles are set through the CSSOM.
      expect(policyOf(first).get('style-src-attr')).toBe("'none'");
      // No nonce for scripts: the page's own script files only.
      expect(policyOf(first).get('script-src')).not.toContain('nonce');
    });

    it('the page file itself is never served with its placeholder', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/index.html' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
      expect(policyOf(res).get('style-src')).toMatch(/^'self' 'nonce-/);
    });

    it('a static file', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res);
      expect(policyOf(res).get('style-src')).toBe("'self'");
    });

    it('a built script goes out as its brotli or gzip copy when the browser accepts it, kept for good; other files an hour', async () => {
      const get = (url: string, encoding?: string) =>
        t().app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
      const br = await get('/assets/big.js', 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(bigScript);
      expectCommonHeaders(br);
      const gz = await get('/assets/big.js', 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(bigScript);
      const plain = await get('/assets/big.js');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(bigScript);
      // The copies are not files of their own: asked for by name, the answer is the web app's page, as for any
      // address that is no file.
      for (const copy of ['/assets/big.js.br', '/assets/big.js.gz']) {
        const res = await get(copy, 'br');
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers['content-encoding']).toBeUndefined();
      }
      const icon = await get('/favicon.svg', 'br');
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    });

    it.each([
      ['an API reply', { method: 'GET', url: '/api/health' }, 200],
      ['an error reply: unknown API path', { method: 'GET', url: '/api/nothing-here' }, 404],
      ['an error reply: refused session', { method: 'GET', url: '/api/auth/session' }, 401],
      [
        'an error reply: bad input',
        { method: 'POST', url: '/api/auth/entry', payload: '{not json', headers: { 'content-type': 'application/json' } },
        400,
      ],
    ] satisfies [string, InjectOptions, number][])('%s', async (_label, request, status) => {
      const res = await t().app.inject(request);
      expect(res.statusCode).toBe(status);
      expectCommonHeaders(res);
    });

    it('the API docs: scripts still the product own, inline styles allowed for Swagger UI only', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/api/docs' });
      expect(res.statusCode).toBe(200);
      expectCommonHeaders(res);
      expect(policyOf(res).get('style-src')).toBe("'self' 'unsafe-inline'");
      expect(policyOf(res).get('style-src-attr')).toBe("'unsafe-inline'");
    });
  },
  { config: { webDistDir: webDist } },
);

describe('HSTS', () => {
  const kind = testDatabaseKinds()[0] ?? 'pglite';
  let published: TestApp | undefined;
  beforeAll(async () => {
    published = await createTestApp({ kind, config: { webDistDir: webDist, hsts: true } });
  });
  afterAll(async () => {
    await published?.close();
  });

  it('is sent on every reply, errors included, when the product is published over HTTPS', async () => {
    for (const url of ['/api/health', '/api/nothing-here', '/']) {
      const res = await published!.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });
});
