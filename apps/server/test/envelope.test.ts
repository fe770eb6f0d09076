// Every reply is {code, message, data}; bad input never becomes a 500, and a 500 never shows internals.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { z } from 'zod';
import { BUSINESS_PATHS, SESSION_PATHS, WORKBENCH_PATH } from '@tfb/contract';
import { createTestApp, describeEachDatabase, type TestApp, type TestSession } from './helpers/test-app.js';

type Call = { name: string; method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object; auth?: boolean };

const CALLS: Call[] = [
  { name: 'health', method: 'GET', url: SESSION_PATHS.health },
  { name: 'public config', method: 'GET', url: SESSION_PATHS.publicConfig },
  { name: 'entry', method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff' } },
  { name: 'entry, unknown user', method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'nobody' } },
  { name: 'entry, invalid', method: 'POST', url: SESSION_PATHS.entry, payload: { userId: '' } },
  { name: 'session', method: 'GET', url: SESSION_PATHS.session, auth: true },
  { name: 'session, no token', method: 'GET', url: SESSION_PATHS.session },
  { name: 'refresh, unknown', method: 'PUT', url: SESSION_PATHS.refresh, payload: { refreshToken: 'nope' } },
  { name: 'logout', method: 'POST', url: SESSION_PATHS.logout, payload: {} },
  { name: 'login, wrong password', method: 'POST', url: SESSION_PATHS.login, payload: { username: 'admin', password: 'x' } },
  { name: 'user info', method: 'GET', url: SESSION_PATHS.userInfo, auth: true },
  { name: 'workbench', method: 'GET', url: WORKBENCH_PATH, auth: true },
  { name: 'findByUserAll', method: 'GET', url: '/api/organizationService/user/findByUserAll/demo-admin', auth: true },
  { name: 'findByUserAll, missing', method: 'GET', url: '/api/organizationService/user/findByUserAll/nobody', auth: true },
  { name: 'dict', method: 'GET', url: '/api/organizationService/dict/listByGroup?dictGroupName=contractType', auth: true },
  { name: 'dict, invalid', method: 'GET', url: '/api/organizationService/dict/listByGroup', auth: true },
  { name: 'generateNumber', method: 'GET', url: '/api/businessperationService/common/generateNumber?numberKey=ENV', auth: true },
  { name: 'unknown /api path', method: 'GET', url: '/api/no/such/call' },
  { name: 'unknown method', method: 'DELETE', url: SESSION_PATHS.entry },
];

const Envelope = z.object({ code: z.number().int(), message: z.string().min(1), data: z.unknown() });
const EnvelopeKeys = ['code', 'data', 'errors', 'message'];

describeEachDatabase('reply envelope', (t) => {
  let a: TestSession;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
  });

  it.each(CALLS)('$name answers {code, message, data} with a matching status', async (call) => {
    const res = await t().app.inject({
      method: call.method,
      url: call.url,
      ...(call.payload ? { payload: call.payload } : {}),
      ...(call.auth ? { headers: a.headers } : {}),
    });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = Envelope.parse(res.json());
    expect(Object.keys(body).every((k) => EnvelopeKeys.includes(k))).toBe(true);
    expect('data' in (res.json() as object)).toBe(true);
    if (res.statusCode === 200) {
      expect(body.code).toBe(0);
      expect(body.message).toBe('成功');
    } else {
      expect(body.code).not.toBe(0);
      expect(body.data).toBeNull();
      // The code's first three digits are the HTTP status (40400 → 404).
      expect(Math.floor(body.code / 100)).toBe(res.statusCode);
    }
  });

  it('answers unknown /api paths with a 404 envelope naming the path', async () => {
    for (const url of ['/api/no/such/call', '/api', '/mlzgoodsserver/no/such/call', '/businessperationService/nope']) {
      const res = await t().app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      const body = res.json() as { code: number; message: string; data: null };
      expect(body).toMatchObject({ code: 40400, data: null });
      expect(body.message).toContain(url);
    }
  });

  describe('malformed requests are the client’s fault (4xx), never a 500', () => {
    const post = (payload: string | Buffer, contentType: string) =>
      t().app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload, headers: { 'content-type': contentType } });

    it('answers malformed JSON with 400', async () => {
      for (const payload of ['{bad', '{"userId": "demo-a-staff"', '', 'null', '[]', '"demo-a-staff"']) {
        const res = await post(payload, 'application/json');
        expect(res.statusCode, payload).toBe(400);
        expect(res.json(), payload).toMatchObject({ code: 40000, data: null });
      }
      const res = await post('{bad', 'application/json');
      expect((res.json() as { message: string }).message).toMatch(/JSON/);
    });

    it('answers an unsupported content type with 415 or 400', async () => {
      for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/xml', 'image/png']) {
        const res = await post('userId=demo-a-staff', type);
        expect([400, 415], type).toContain(res.statusCode);
        expect((res.json() as { code: number }).code).toBe(res.statusCode * 100);
      }
      const form = await post('userId=demo-a-staff', 'application/x-www-form-urlencoded');
      expect(form.json()).toMatchObject({ code: 41500, data: null });
    });

    it('answers a body over the limit with 413', async () => {
      const huge = JSON.stringify({ userId: 'demo-a-staff', pad: 'x'.repeat(2 * 1024 * 1024) });
      const res = await post(huge, 'application/json');
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ code: 41300, data: null });
    });

    it('answers a repeated single-valued query parameter with 400 naming it', async () => {
      const res = await t().app.inject({
        method: 'GET',
        url: '/api/organizationService/dict/listByGroup?dictGroupName=a&dictGroupName=b',
        headers: a.headers,
      });
      expect(res.statusCode).toBe(400);
      // The one shape of a schema failure: every field error, the first as '<field>: <message>'.
      const body = res.json() as { errors: { field: string; message: string }[] };
      expect(body).toEqual({
        code: 40000,
        message: `dictGroupName: ${body.errors[0]?.message}`,
        data: null,
        errors: [{ field: 'dictGroupName', message: expect.any(String) }],
      });
    });
  });

  describe('a NUL byte is a 400 naming the field, never a 500', () => {
    const expectNulRefused = (res: { statusCode: number; body: string; json: () => unknown }, field: string) => {
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { code: number; data: null; errors?: { field: string; message: string }[] };
      expect(body).toMatchObject({ code: 40000, data: null });
      expect(body.errors?.map((e) => e.field)).toContain(field);
      expect(body.errors?.find((e) => e.field === field)?.message).toBe('不能包含空字符');
    };

    it('refuses a NUL in the login name or password', async () => {
      expectNulRefused(
        await t().app.inject({ method: 'POST', url: SESSION_PATHS.login, payload: { username: 'a\u0000b', password: 'x' } }),
        'username',
      );
      expectNulRefused(
        await t().app.inject({ method: 'POST', url: SESSION_PATHS.login, payload: { username: 'admin', password: 'a\u0000b' } }),
        'password',
      );
    });

    it('refuses a NUL in the entry ticket, a refresh token and a logout body', async () => {
      expectNulRefused(
        await t().app.inject({ method: 'POST', url: SESSION_PATHS.entry, payload: { userId: 'demo-a-staff', ticket: '1\u0000' } }),
        'ticket',
      );
      expectNulRefused(
        await t().app.inject({ method: 'PUT', url: SESSION_PATHS.refresh, payload: { refreshToken: 'a\u0000b' } }),
        'refreshToken',
      );
      expectNulRefused(
        await t().app.inject({ method: 'POST', url: SESSION_PATHS.logout, payload: { refreshToken: 'a\u0000b' } }),
        'refreshToken',
      );
    });

    it('refuses a NUL in a contract name, on create and as a search filter', async () => {
      const create = await t().app.inject({
        method: 'POST',
        url: BUSINESS_PATHS.contracts,
        headers: a.headers,
        payload: {
          contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
          contractName: 'a\u0000b',
          contractRelevanceCode: 'NUL-001',
          enterpriseName: '江苏沙钢集团',
          money: 100,
          signType: 0,
          signDate: '2026-03-01',
        },
      });
      expectNulRefused(create, 'contractName');
      const search = await t().app.inject({ method: 'GET', url: `${BUSINESS_PATHS.contracts}?search=a%00b`, headers: a.headers });
      expectNulRefused(search, 'search');
    });

    it('refuses a NUL in a path parameter', async () => {
      const res = await t().app.inject({ method: 'GET', url: '/api/organizationService/user/findByUserAll/a%00b', headers: a.headers });
      expectNulRefused(res, 'userId');
    });
  });

  describe('errors raised before a route runs keep the envelope', () => {
    const expectEnvelope = (
      res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string },
      status: number,
      code: number,
    ) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = res.json() as Record<string, unknown>;
      expect(body).toMatchObject({ code, data: null });
      expect(typeof body.message).toBe('string');
      expect(Object.keys(body).every((k) => EnvelopeKeys.includes(k))).toBe(true);
      expect(res.body).not.toContain('FST_');
    };

    it('answers a URL with bad percent-encoding with 400', async () => {
      for (const url of [
        `${BUSINESS_PATHS.contracts}/%E0%A4%A`,
        `${BUSINESS_PATHS.contracts}/%zz`,
        '/api/organizationService/user/findByUserAll/%C0',
      ]) {
        const res = await t().app.inject({ method: 'GET', url, headers: a.headers });
        expectEnvelope(res, 400, 40000);
        expect((res.json() as { message: string }).message).toBe('请求地址编码无效');
      }
    });

    it('answers a path parameter over 100 characters with 414', async () => {
      const res = await t().app.inject({ method: 'GET', url: `${BUSINESS_PATHS.contracts}/${'1'.repeat(101)}`, headers: a.headers });
      expectEnvelope(res, 414, 41400);
      expect((res.json() as { message: string }).message).toBe('路径参数过长');
      // At the limit the route itself answers (here: no such contract).
      const atLimit = await t().app.inject({ method: 'GET', url: `${BUSINESS_PATHS.contracts}/${'1'.repeat(100)}`, headers: a.headers });
      expect(atLimit.statusCode).not.toBe(414);
      expect(atLimit.json()).toMatchObject({ data: null });
    });

    it('answers unknown /api paths and methods with a 404 envelope', async () => {
      expectEnvelope(await t().app.inject({ method: 'POST', url: '/api/no/such/call', payload: {} }), 404, 40400);
      expectEnvelope(await t().app.inject({ method: 'PATCH', url: SESSION_PATHS.entry, payload: {} }), 404, 40400);
    });

    it('answers a too-large body and an unsupported type in the envelope', async () => {
      const big = await t().app.inject({
        method: 'POST',
        url: SESSION_PATHS.login,
        payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'x' }),
        headers: { 'content-type': 'application/json' },
      });
      expectEnvelope(big, 413, 41300);
      const type = await t().app.inject({
        method: 'POST',
        url: SESSION_PATHS.login,
        payload: 'username=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expectEnvelope(type, 415, 41500);
    });
  });

  describe('a 429 from anywhere keeps the envelope and its Retry-After', () => {
    let probe: TestApp;
    beforeAll(async () => {
      probe = await createTestApp({ kind: t().kind, database: t().database });
      // What a rate limiter raises: an error with statusCode 429 and its own (English) message.
      probe.app.get('/api/test/limited', { config: { access: 'public' } }, async (_req, reply) => {
        reply.header('retry-after', '30');
        throw Object.assign(new Error('Rate limit exceeded, retry in 30 seconds'), { statusCode: 429 });
      });
    });
    afterAll(async () => {
      await probe.close();
    });

    it('answers 42900 with a Chinese message', async () => {
      const res = await probe.app.inject({ method: 'GET', url: '/api/test/limited' });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({ code: 42900, message: '请求过于频繁，请稍后再试', data: null });
    });
  });

  describe('requests Node’s HTTP parser refuses', () => {
    let server: TestApp;
    let port = 0;
    beforeAll(async () => {
      server = await createTestApp({ kind: t().kind, database: t().database });
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const address = server.app.server.address();
      if (!address || typeof address === 'string') throw new Error('the test server has no port');
      port = address.port;
    });
    afterAll(async () => {
      await server.close();
    });

    /** Sends raw bytes and collects everything until the server closes the connection. */
    const rawRequest = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect({ port, host: '127.0.0.1' });
        const chunks: Buffer[] = [];
        socket.on('data', (c: Buffer) => chunks.push(c));
        socket.on('error', reject);
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.write(request);
      });
    const parse = (raw: string) => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      return { status: Number(statusLine.split(' ')[1]), headers, body };
    };

    it('answers headers over 16 KiB with 431 in the envelope', async () => {
      const reply = parse(
        await rawRequest(`GET ${SESSION_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nX-Pad: ${'a'.repeat(20 * 1024)}\r\n\r\n`),
      );
      expect(reply.status).toBe(431);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(reply.headers['content-length'])).toBe(Buffer.byteLength(reply.body));
      expect(JSON.parse(reply.body)).toEqual({ code: 43100, message: '请求头或地址过长', data: null });
    });

    it('answers a URL over 16 KiB with 431 in the envelope', async () => {
      const reply = parse(await rawRequest(`GET /api/no/such/call?q=${'a'.repeat(17 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
      expect(reply.status).toBe(431);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 43100, data: null });
    });

    it('answers a request line that is not HTTP with 400 in the envelope', async () => {
      const reply = parse(await rawRequest('NOT HTTP AT ALL\r\n\r\n'));
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 40000, data: null });
    });

    it('keeps serving ordinary requests on the same port', async () => {
      const reply = parse(await rawRequest(`GET ${SESSION_PATHS.health} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
      expect(reply.status).toBe(200);
      expect(JSON.parse(reply.body)).toMatchObject({ code: 0 });
    });
  });

  describe('a 500 never shows internals', () => {
    let probe: TestApp;
    const secret = 'postgres://admin:hunter2@10.1.2.3/prod';
    beforeAll(async () => {
      probe = await createTestApp({ kind: t().kind, database: t().database });
      // Routes that fail the ways real code fails; added before the app is ready.
      probe.app.get('/api/test/throws', { config: { access: 'public' } }, async () => {
        throw new Error(`cannot reach ${secret}`);
      });
      probe.app.get('/api/test/sql-error', { config: { access: 'public' } }, async () => {
        await sql`select * from secret_internal_table`.execute(probe.database.db);
        return { code: 0, message: '成功', data: null };
      });
      probe.app.get(
        '/api/test/bad-reply',
        {
          config: { access: 'public' },
          schema: { response: { 200: z.object({ code: z.number(), message: z.string(), data: z.string() }) } },
        },
        async () => ({ code: 0, message: '成功', data: 42 as unknown as string }),
      );
      probe.app.get('/api/test/rejects-non-error', { config: { access: 'public' } }, async () => {
        throw { statusCode: 500, internal: secret };
      });
    });
    afterAll(async () => {
      await probe.close();
    });

    it.each(['/api/test/throws', '/api/test/sql-error', '/api/test/bad-reply', '/api/test/rejects-non-error'])(
      '%s answers a bare 500 envelope',
      async (url) => {
        const res = await probe.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ code: 50000, message: '服务器内部错误', data: null });
        for (const leak of ['hunter2', '10.1.2.3', 'secret_internal_table', 'stack', 'at ', '.ts', 'node_modules']) {
          expect(res.body).not.toContain(leak);
        }
      },
    );

    it('keeps serving after a 500', async () => {
      await probe.app.inject({ method: 'GET', url: '/api/test/sql-error' });
      const res = await probe.app.inject({ method: 'GET', url: SESSION_PATHS.health });
      expect(res.statusCode).toBe(200);
    });
  });
});
