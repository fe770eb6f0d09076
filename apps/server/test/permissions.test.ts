// The permission model on the server: every registered route declares what it needs (an app with a route that
// does not refuses to start), and every route answers each demo user exactly as the contract's table says —
// 403 with code 40301 and a message naming the permission where the user lacks it, and never that refusal where
// the user holds it. The stored menu list never widens what the server allows.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_PATHS, PERMISSIONS, PERMISSION_MESSAGES, ROLES, can, type RouteAccess } from '@tfb/contract';
import { DEMO_USER_IDS } from '../src/db/seed-identity.js';
import { permissionTableMarkdown } from './helpers/permission-table.js';
import { createTestApp, describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Json = Record<string, unknown>;

/** A concrete URL for a route pattern: every path parameter becomes 1. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

const isPermissionList = (a: RouteAccess): a is readonly (typeof PERMISSIONS)[number][] => Array.isArray(a);

describeEachDatabase('permissions', (t, kind) => {
  const sessions = new Map<string, TestSession>();

  beforeAll(async () => {
    await t().app.ready();
    for (const id of DEMO_USER_IDS) sessions.set(id, await t().enter(id));
  });

  it('gives every route a declared access drawn from the permission table', () => {
    const routes = t().app.routeAccess;
    expect(routes.length).toBeGreaterThan(60);
    for (const r of routes) {
      const wanted = r.access === 'public' || r.access === 'signedIn' ? [] : isPermissionList(r.access) ? r.access : [r.access];
      for (const p of wanted) expect(PERMISSIONS, `${r.method} ${r.url}`).toContain(p);
    }
    // The business writes are never open to any signed-in user (a list's export is a read sent as a POST: the
    // signed-in user's own warning messages are exported as the list shows them).
    const open = routes.filter((r) => (r.method === 'POST' || r.method === 'PUT') && r.access === 'signedIn').map((r) => r.url);
    expect(
      open.every((u) => /common\/upload|updateMessageStatus|messageEarlyWarning\/export$/.test(u)),
      open.join(', '),
    ).toBe(true);
  });

  it('refuses to start with a route that declares no access', async () => {
    const bare = await createTestApp({ kind, database: t().database });
    try {
      bare.app.get('/api/undeclared', async () => ({ code: 0 }));
      await expect(bare.app.ready()).rejects.toThrow(/without a declared access.*GET \/api\/undeclared/);
    } finally {
      await bare.close();
    }
  });

  it('answers every route for every demo user as the table says', async () => {
    const routes = t().app.routeAccess.filter((r) => r.access !== 'public' && r.method !== 'HEAD' && !r.url.includes('*'));
    const mismatches: string[] = [];
    let refusals = 0;
    let allowed = 0;
    for (const [userId, s] of sessions) {
      for (const r of routes) {
        const res = await t().app.inject({
          method: r.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
          url: concrete(r.url),
          headers: s.headers,
          ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}),
        });
        const body = res.headers['content-type']?.toString().includes('json') ? (res.json() as Json) : {};
        const refused = res.statusCode === 403 && body.code === 40301;
        const expected = can(s.user.roles, r.access);
        if (expected && refused) mismatches.push(`${userId} ${r.method} ${r.url}: refused but the table allows it`);
        if (!expected) {
          if (!refused)
            mismatches.push(`${userId} ${r.method} ${r.url}: ${res.statusCode} ${res.body.slice(0, 120)} but the table refuses it`);
          else if (r.access !== 'signedIn' && r.access !== 'public' && body.message !== PERMISSION_MESSAGES.denied(r.access)) {
            mismatches.push(`${userId} ${r.method} ${r.url}: message ${String(body.message)}`);
          }
        }
        if (expected) allowed += 1;
        else refusals += 1;
      }
    }
    expect(mismatches).toEqual([]);
    // The walk exercised both sides of the table.
    expect(refusals).toBeGreaterThan(50);
    expect(allowed).toBeGreaterThan(50);
    // Every route times every demo user, one after another: minutes on a busy machine, not the default 30 s.
  }, 240_000);

  it('covers every role of the table with a demo user', () => {
    const held = new Set([...sessions.values()].flatMap((s) => s.user.roles));
    for (const role of ROLES) expect(held, role).toContain(role);
  });

  const draft = {
    contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
    contractName: '权限测试合同',
    contractRelevanceCode: 'QX-001',
    enterpriseName: '江苏沙钢集团',
    money: 1000,
    signType: 0,
    signDate: '2026-03-01',
  };

  it.each([
    ['demo-supervisor', BUSINESS_PATHS.contracts, 'contracts:write'],
    ['demo-group', BUSINESS_PATHS.contracts, 'contracts:write'],
    ['demo-internal', BUSINESS_PATHS.contracts, 'contracts:write'],
    ['demo-supervisor', BUSINESS_PATHS.loans, 'funds:write'],
    ['demo-supervisor', BUSINESS_PATHS.settlements, 'funds:write'],
    ['demo-warehouse-operator', BUSINESS_PATHS.goods, 'goods:write'],
  ] as const)('%s POST %s with a well-formed body: 403 naming %s', async (userId, url, permission) => {
    const s = sessions.get(userId)!;
    const res = await t().app.inject({ method: 'POST', url, headers: s.headers, payload: draft });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 40301, message: PERMISSION_MESSAGES.denied(permission), data: null });
    expect(res.json().message).toContain(permission);
    expect(res.json().message).toMatch(/^没有权限：需要「.+」权限/);
  });

  it('lets business staff create the same contract', async () => {
    const s = sessions.get('demo-a-staff')!;
    const res = await t().app.inject({ method: 'POST', url: BUSINESS_PATHS.contracts, headers: s.headers, payload: draft });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('never widens access by the stored menu list: every menu of the internal user is shown, writes stay refused', async () => {
    const s = sessions.get('demo-internal')!;
    expect(s.user.menus.filter((m) => m.isHidden === 1).map((m) => m.menuName)).toContain('contracts');
    const res = await t().app.inject({ method: 'GET', url: BUSINESS_PATHS.contracts, headers: s.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(40301);
  });

  it('asks for a session before a permission: no token is 401, not 403', async () => {
    const res = await t().app.inject({ method: 'POST', url: BUSINESS_PATHS.contracts, payload: draft });
    expect(res.statusCode).toBe(401);
  });
});

describe('README', () => {
  it('documents the permission table exactly as the contract holds it', () => {
    const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../../README.md'), 'utf8');
    const between = /<!-- permission-table -->\n([\s\S]*?)\n<!-- \/permission-table -->/.exec(readme);
    expect(between, 'README.md needs the block <!-- permission-table --> … <!-- /permission-table -->').not.toBeNull();
    expect(between![1]).toBe(permissionTableMarkdown());
  });
});
