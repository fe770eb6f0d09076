// Every call that lets the client name an enterpriseId refuses another enterprise's the same way: 403, one
// message, the field named. Naming the caller's own passes.
import { beforeAll, expect, it } from 'vitest';
import { ADDRESS_BOOK_PATHS, BUSINESS_PATHS, PICKER_API_PATHS, WAREHOUSE_PATHS } from '@tfb/contract';
import { OWN_ENTERPRISE_ONLY } from '../src/lib/own-enterprise.js';
import { validAddress } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

const address = validAddress(1);

type Call = { method: 'GET' | 'POST'; url: string; input: Record<string, string | number> };

/** Each call with its enterpriseId left for the test to fill in. */
const CALLS: Record<string, Call> = {
  'address list': { method: 'GET', url: ADDRESS_BOOK_PATHS.list, input: { pageNumber: 0, pageSize: 10 } },
  'address add': { method: 'POST', url: ADDRESS_BOOK_PATHS.add, input: address },
  'address update': { method: 'POST', url: ADDRESS_BOOK_PATHS.update, input: { ...address, id: 1 } },
  chooseSettle: { method: 'GET', url: BUSINESS_PATHS.chooseSettle, input: { pageNumber: 0, pageSize: 10 } },
  'in-storage contracts': { method: 'GET', url: PICKER_API_PATHS.inStorageContracts, input: { pageNumber: 0, pageSize: 10 } },
  'in-storage notices': { method: 'GET', url: WAREHOUSE_PATHS.inStoragePage, input: { pageNumber: 0, pageSize: 10, isCreate: 0 } },
  'delivery instructions': { method: 'GET', url: WAREHOUSE_PATHS.deliveryPage, input: { pageNumber: 0, pageSize: 10, isCreate: 0 } },
  'in-storage orders': { method: 'GET', url: WAREHOUSE_PATHS.inStorageOrderPage, input: { pageNumber: 0, pageSize: 10 } },
  'outbound orders': { method: 'GET', url: WAREHOUSE_PATHS.outboundOrderPage, input: { pageNumber: 0, pageSize: 10 } },
};

describeEachDatabase('an enterpriseId named by the client', (t) => {
  let admin: TestSession;
  beforeAll(async () => {
    // The administrator may make every one of these calls, so the answer is the enterprise check's own.
    admin = await t().enter('demo-admin');
  });

  const send = (c: Call, enterpriseId: string) => {
    const input = { ...c.input, enterpriseId };
    return t().app.inject({
      method: c.method,
      url: c.url,
      headers: admin.headers,
      ...(c.method === 'GET' ? { query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) } : { payload: input }),
    });
  };

  it.each(Object.keys(CALLS))('%s: another enterprise is refused with the one answer', async (name) => {
    const res = await send(CALLS[name]!, 'ent-someone-else');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 40300,
      message: OWN_ENTERPRISE_ONLY,
      data: null,
      errors: [{ field: 'enterpriseId', message: OWN_ENTERPRISE_ONLY }],
    });
  });

  it.each(Object.keys(CALLS).filter((n) => n !== 'address update'))('%s: the caller’s own enterprise passes', async (name) => {
    const res = await send(CALLS[name]!, admin.user.enterpriseId);
    expect(res.statusCode, res.body).toBe(200);
  });
});
