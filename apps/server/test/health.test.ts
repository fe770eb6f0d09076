// Health and the generated API documentation.
import { expect, it } from 'vitest';
import { SESSION_PATHS } from '@tfb/contract';
import { describeEachDatabase } from './helpers/test-app.js';

describeEachDatabase('health', (t, kind) => {
  it('answers ok with the database kind, without a session', async () => {
    const res = await t().app.inject({ method: 'GET', url: SESSION_PATHS.health });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: '成功', data: { status: 'ok', database: kind } });
  });

  it('serves an OpenAPI document listing the session calls', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/auth/entry']).toHaveProperty('post');
    expect(doc.paths['/api/organizationService/user/findByUserAll/{userId}']).toHaveProperty('get');
  });

  it('serves the browsable documentation page', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
