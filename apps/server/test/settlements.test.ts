// Settlements: against a contract of the caller's enterprise (code, type and counterparty snapshotted), list
// with search/type/paging, drafts only, enterprises apart.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { BUSINESS_PATHS } from '@tfb/contract';
import { api, withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('settlements', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  let contractId = 0;
  let contractCode = '';
  const tag = `JS${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    const c = await http.create(a, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT',
      enterpriseName: `${tag} 物流`,
      money: 9000,
    });
    contractId = c.id;
    contractCode = c.code as string;
  });

  it('creates, lists, filters and edits settlements', async () => {
    const s1 = await http.create(a, BUSINESS_PATHS.settlements, {
      contractId,
      type: 2,
      money: 3000,
      settleDate: '2026-06-30',
      remark: '运费结算',
    });
    expect(s1.settleCode).toMatch(/^JS-\d{8}-\d{5}$/);
    expect(s1).toMatchObject({
      contractCode,
      contractType: 'MLZZHFWPT_CONTACTTYPE_WLHT',
      enterpriseName: `${tag} 物流`,
      type: 2,
      money: 3000,
      settleDate: '2026-06-30',
      status: 'draft',
    });
    for (let i = 1; i <= 4; i++) await http.create(a, BUSINESS_PATHS.settlements, { contractId, type: 1, money: i });
    const type1 = (await http.get(a, BUSINESS_PATHS.settlements, { search: tag, type: 1, pageNumber: 1, pageSize: 3 })).json().data;
    expect(type1.totalElements).toBe(4);
    expect(type1.content).toHaveLength(1);
    const edited = await http.put(a, withId(BUSINESS_PATHS.settlement, s1.id), { contractId, type: 2, money: 3100, status: 'submitted' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ money: 3100, status: 'submitted', settleDate: null });
    expect((await http.put(a, withId(BUSINESS_PATHS.settlement, s1.id), { contractId, type: 2, money: 1 })).statusCode).toBe(409);
  });

  it('refuses bad input and keeps enterprises apart', async () => {
    for (const bad of [
      {},
      { contractId, type: 3, money: 1 },
      { contractId, type: 1, money: 'x' },
      { contractId, type: 1, money: 1, settleDate: '2026-02-29' },
    ]) {
      expect((await http.post(a, BUSINESS_PATHS.settlements, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await http.post(b, BUSINESS_PATHS.settlements, { contractId, type: 1, money: 1 })).json().errors).toEqual([
      { field: 'contractId', message: '合同不存在' },
    ]);
    const s = await http.create(a, BUSINESS_PATHS.settlements, { contractId, type: 1, money: 1 });
    expect((await http.get(b, withId(BUSINESS_PATHS.settlement, s.id))).statusCode).toBe(404);
    expect((await http.get(b, BUSINESS_PATHS.settlements, { search: tag })).json().data.totalElements).toBe(0);
  });
});
