// Loan applications: picking a contract fills contractNum, contractAmount and corporateName from it; list
// with search and date; drafts only; another enterprise's contract cannot be picked.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { BUSINESS_PATHS } from '@tfb/contract';
import { api, withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('loans', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  let contract: { id: number; code: string };
  let contract2: { id: number; code: string };
  const tag = `DK${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    const c = await http.create(a, BUSINESS_PATHS.contracts, { contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT', enterpriseName: `${tag} 沙钢`, money: 880000 });
    contract = { id: c.id, code: c.code as string };
    const c2 = await http.create(a, BUSINESS_PATHS.contracts, { contractType: 'MLZZHFWPT_CONTACTTYPE_XSHT', enterpriseName: `${tag} 宝钢`, money: 5 });
    contract2 = { id: c2.id, code: c2.code as string };
  });

  it('takes the contract fields from the picked contract, whatever the client sends', async () => {
    const loan = await http.create(a, BUSINESS_PATHS.loans, {
      contractId: contract.id,
      loanAmount: 500000,
      contractNum: 'forged',
      contractAmount: 1,
      corporateName: 'forged',
    });
    expect(loan.applicationFormNum).toMatch(/^DK-\d{8}-\d{5}$/);
    expect(loan).toMatchObject({
      contractId: contract.id,
      contractNum: contract.code,
      contractAmount: 880000,
      corporateName: `${tag} 沙钢`,
      loanAmount: 500000,
      applicantName: '华东金属贸易有限公司',
      createDate: new Date().toISOString().slice(0, 10),
      status: 'draft',
    });
    const moved = await http.put(a, withId(BUSINESS_PATHS.loan, loan.id), { contractId: contract2.id, loanAmount: 3, applicantName: '张伟' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ contractNum: contract2.code, contractAmount: 5, corporateName: `${tag} 宝钢`, applicantName: '张伟' });
    const found = (await http.get(a, BUSINESS_PATHS.loans, { search: tag, createDate: new Date().toISOString().slice(0, 10) })).json().data;
    expect(found.totalElements).toBe(1);
    expect((await http.get(a, BUSINESS_PATHS.loans, { search: tag, createDate: '2000-01-01' })).json().data.totalElements).toBe(0);
  });

  it('refuses a missing or foreign contract and bad amounts; submitted loans are read-only', async () => {
    expect((await http.post(a, BUSINESS_PATHS.loans, { loanAmount: 1 })).json().message).toBe('contractId: 请选择合同');
    const foreign = await http.post(b, BUSINESS_PATHS.loans, { contractId: contract.id, loanAmount: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ field: 'contractId', message: '合同不存在' }]);
    expect((await http.post(a, BUSINESS_PATHS.loans, { contractId: contract.id, loanAmount: -5 })).statusCode).toBe(400);
    const loan = await http.create(a, BUSINESS_PATHS.loans, { contractId: contract.id, loanAmount: 1, status: 'submitted' });
    expect((await http.put(a, withId(BUSINESS_PATHS.loan, loan.id), { contractId: contract.id, loanAmount: 2 })).statusCode).toBe(409);
    expect((await http.get(b, withId(BUSINESS_PATHS.loan, loan.id))).statusCode).toBe(404);
  });
});
