// Loan applications: picking a contract fills contractNum, contractAmount and corporateName from it; list
// with search and date; their own documents (saved like a contract's); the latest process on the detail; edits
// only in draft or rejected; another enterprise's contract or file cannot be used.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  AGREEMENT_DATA_PACK_DOC_TYPE,
  BUSINESS_PATHS,
  CONTRACT_DRAFT_DOC_TYPE,
  PROCESS_PATHS,
  UPLOAD_PATHS,
  type LoanDetail,
} from '@tfb/contract';
import { api, withId, type Json } from './helpers/api.js';
import { docx, multipart, pdf } from './helpers/files.js';
import { processesOf } from './helpers/processes.js';
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
    const c = await http.create(a, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      enterpriseName: `${tag} 沙钢`,
      money: 880000,
    });
    contract = { id: c.id, code: c.code as string };
    const c2 = await http.create(a, BUSINESS_PATHS.contracts, {
      contractType: 'MLZZHFWPT_CONTACTTYPE_XSHT',
      enterpriseName: `${tag} 宝钢`,
      money: 5,
    });
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
    const moved = await http.put(a, withId(BUSINESS_PATHS.loan, loan.id), {
      contractId: contract2.id,
      loanAmount: 3,
      applicantName: '张伟',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      contractNum: contract2.code,
      contractAmount: 5,
      corporateName: `${tag} 宝钢`,
      applicantName: '张伟',
    });
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
    const locked = await http.put(a, withId(BUSINESS_PATHS.loan, loan.id), { contractId: contract.id, loanAmount: 2 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('已提交的单据不能修改');
    expect((await http.get(b, withId(BUSINESS_PATHS.loan, loan.id))).statusCode).toBe(404);
  });

  const upload = async (s: TestSession, filename: string, content: Buffer) => {
    const { payload, headers } = multipart([{ name: 'file', filename, content }]);
    const res = await t().app.inject({ method: 'POST', url: UPLOAD_PATHS.upload, headers: { ...s.headers, ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as string;
  };

  it('saves the application’s own documents with the document rules of contracts', async () => {
    const [invoice, pack, draft, foreign] = [
      await upload(a, '发票.pdf', pdf(1500)),
      await upload(a, '资料包.pdf', pdf(1501)),
      await upload(a, '借款合同草稿.docx', docx()),
      await upload(b, 'b.pdf', pdf(1502)),
    ];
    const loan = (await http.create(a, BUSINESS_PATHS.loans, {
      contractId: contract.id,
      loanAmount: 100,
      documents: [
        { fileName: '增值税发票', fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: invoice, endTime: '2027-06-30' },
        { fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE, filePath: pack },
      ],
    })) as unknown as LoanDetail;
    expect(loan.processInstanceId).toBeNull();
    expect(loan.documents.map((d) => [d.sourceId, d.fileName, d.fileTypeId, d.fileTypeName, d.filePath, d.endTime])).toEqual([
      [loan.id, '增值税发票', 'MLZZHFWPT_DOCTYPE_FP', '发票', invoice, '2027-06-30'],
      [loan.id, '资料包.pdf', AGREEMENT_DATA_PACK_DOC_TYPE, '协议合同资料包', pack, null],
    ]);
    expect((await http.get(a, withId(BUSINESS_PATHS.loan, loan.id))).json().data).toEqual(loan);
    // They are the application's, not the financed contract's.
    expect((await http.get(a, withId(BUSINESS_PATHS.contract, contract.id))).json().data.documents).toEqual([]);

    const put = (documents: Json[]) =>
      http.put(a, withId(BUSINESS_PATHS.loan, loan.id), { contractId: contract.id, loanAmount: 100, documents });
    const replaced = await put([{ fileTypeId: CONTRACT_DRAFT_DOC_TYPE, filePath: draft }]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data.documents.map((d: Json) => d.filePath)).toEqual([draft]);
    // The same rules as contracts; a refused save changes nothing.
    const refusals: [Json[], Json[]][] = [
      [[{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: foreign }], [{ field: 'documents.0.filePath', message: '附件不存在，请重新上传' }]],
      [
        [{ fileTypeId: CONTRACT_DRAFT_DOC_TYPE, filePath: invoice }],
        [{ field: 'documents.0.filePath', message: '上传文件只能是.doc或.docx格式!' }],
      ],
      [[{ fileTypeId: 'NOPE', filePath: invoice }], [{ field: 'documents.0.fileTypeId', message: '单据类型不存在' }]],
      [
        [
          { fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE, filePath: invoice },
          { fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE, filePath: pack },
        ],
        [{ field: 'documents', message: '协议合同资料包只能选择一次' }],
      ],
    ];
    for (const [documents, errors] of refusals) {
      const res = await put(documents);
      expect(res.statusCode, JSON.stringify(documents)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const before = await t()
      .database.db.selectFrom('loan_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(
      (
        await http.post(a, BUSINESS_PATHS.loans, {
          contractId: contract.id,
          loanAmount: 1,
          documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: foreign }],
        })
      ).statusCode,
    ).toBe(400);
    const after = await t()
      .database.db.selectFrom('loan_applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await http.get(a, withId(BUSINESS_PATHS.loan, loan.id))).json().data.documents.map((d: Json) => d.filePath)).toEqual([draft]);
  });

  it('carries the latest process; only a draft or rejected application can be edited', async () => {
    const loan = await http.create(a, BUSINESS_PATHS.loans, { contractId: contract.id, loanAmount: 10 });
    const submitted = await http.post(a, PROCESS_PATHS.submit, { businessType: 'loan', businessId: loan.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const h = submitted.json().data as { processInstanceId: number; historyList: { taskId: number }[] };
    expect((await http.get(a, withId(BUSINESS_PATHS.loan, loan.id))).json().data).toMatchObject({
      status: 'approving',
      processInstanceId: h.processInstanceId,
    });
    const locked = await http.put(a, withId(BUSINESS_PATHS.loan, loan.id), { contractId: contract.id, loanAmount: 20 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe('审批中的单据不能修改');
    const approver = await t().enter('demo-a-approver');
    const rejected = await http.post(approver, PROCESS_PATHS.complete, {
      processInstanceId: h.processInstanceId,
      taskId: h.historyList.at(-1)!.taskId,
      action: 'reject',
      comment: '资料不全',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const fixed = await http.put(a, withId(BUSINESS_PATHS.loan, loan.id), { contractId: contract.id, loanAmount: 20 });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ status: 'draft', loanAmount: 20, processInstanceId: h.processInstanceId });
    // A seeded application whose process was approved stays read-only.
    const approved = await processesOf(t().database.db, a.user.enterpriseId, 'approved', 'loan')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await t().database.db.updateTable('loan_applications').set({ status: 'approved' }).where('id', '=', approved.business_id).execute();
    expect((await http.get(a, withId(BUSINESS_PATHS.loan, approved.business_id))).json().data.processInstanceId).toBe(approved.id);
    const refused = await http.put(a, withId(BUSINESS_PATHS.loan, approved.business_id), { contractId: contract.id, loanAmount: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('已审批通过的单据不能修改');
  });
});
