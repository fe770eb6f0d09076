// Contracts of every type: list/search/type filter/paging, detail with goods lines, documents, delivery address
// and latest approval process, create and update in one transaction, the document rules, edits only in draft or
// rejected, enterprises apart.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  ADDRESS_BOOK_PATHS,
  AGREEMENT_DATA_PACK_DOC_TYPE,
  BUSINESS_PATHS,
  CONTRACT_DRAFT_DOC_TYPE,
  CONTRACT_FORM_TYPES,
  GOODS_PATHS,
  PROCESS_PATHS,
  PROCESS_TASKS,
  UPLOAD_PATHS,
  certificatePageUrl,
  fileIdOfUrl,
  type ContractDetail,
} from '@tfb/contract';
import { api } from './helpers/api.js';
import { compoundFile, docx, multipart, pdf } from './helpers/files.js';
import { processesOf } from './helpers/processes.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Json = Record<string, unknown>;

describeEachDatabase('contracts', (t) => {
  let a: TestSession;
  let b: TestSession;
  const tag = `HT${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  let pdfUrl = '';
  let pdfUrl2 = '';
  let docxUrl = '';
  let docUrl = '';
  let bPdfUrl = '';
  let addressId = 0;
  let goodsIds: number[] = [];

  const uploadFile = async (s: TestSession, name: string, content: Buffer) => {
    const { payload, headers } = multipart([{ name: 'file', filename: name, content }]);
    const res = await t().app.inject({ method: 'POST', url: UPLOAD_PATHS.upload, headers: { ...s.headers, ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as string;
  };
  const detail = (s: TestSession, id: number) =>
    t().app.inject({ method: 'GET', url: BUSINESS_PATHS.contract.replace(':id', String(id)), headers: s.headers });
  // An update sends the version the client read (a contract it cannot read: 1, so the answer is the 404).
  const versionOf = async (s: TestSession, id: number) => {
    const res = await detail(s, id);
    return res.statusCode === 200 ? (res.json().data as ContractDetail).version : 1;
  };
  const save = async (s: TestSession, body: Json, id?: number) =>
    t().app.inject({
      method: id ? 'PUT' : 'POST',
      url: id ? BUSINESS_PATHS.contract.replace(':id', String(id)) : BUSINESS_PATHS.contracts,
      headers: s.headers,
      payload: id && !('version' in body) ? { ...body, version: await versionOf(s, id) } : body,
    });
  const list = (s: TestSession, query: Record<string, string | number>) => api(t).get(s, BUSINESS_PATHS.contracts, query);
  const base = (extra: Json = {}): Json => ({
    contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
    contractName: `${tag} 螺纹钢采购`,
    contractRelevanceCode: `${tag}-001`,
    enterpriseName: '江苏沙钢集团',
    money: 1250000.5,
    signType: 0,
    signDate: '2026-03-01',
    ...extra,
  });
  const counts = async (id: number) => {
    const db = t().database.db;
    const [g, d] = await Promise.all([
      db
        .selectFrom('contract_goods')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('contract_id', '=', id)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('documents')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('source_type', '=', 'contract')
        .where('source_id', '=', id)
        .executeTakeFirstOrThrow(),
    ]);
    return { goods: Number(g.n), documents: Number(d.n) };
  };

  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    pdfUrl = await uploadFile(a, '盖章合同.pdf', pdf(1000));
    pdfUrl2 = await uploadFile(a, '资料包.pdf', pdf(1001));
    docxUrl = await uploadFile(a, '合同草稿.docx', docx());
    docUrl = await uploadFile(a, '旧版草稿.doc', compoundFile());
    bPdfUrl = await uploadFile(b, 'b.pdf', pdf(1002));
    const addr = await t().app.inject({
      method: 'POST',
      url: ADDRESS_BOOK_PATHS.add,
      headers: a.headers,
      payload: {
        contacts: '李四',
        contactsPhone: '13911112222',
        addressCode: '320000,320500,320582',
        province: '江苏省',
        city: '苏州市',
        area: '张家港市',
        detailedAddress: '锦丰镇 1 号',
      },
    });
    addressId = addr.json().data.id;
    // Goods of the enterprise's catalogue (made here, so the test does not depend on the seed).
    const category = await t()
      .database.db.insertInto('goods_categories')
      .values({ enterprise_id: a.user.enterpriseId, goods_category_code: `${tag}-CAT`, goods_category_name: `${tag} 钢材` })
      .returning('id')
      .executeTakeFirstOrThrow();
    goodsIds = [];
    for (let i = 0; i < 3; i++) {
      const g = await t().app.inject({
        method: 'POST',
        url: BUSINESS_PATHS.goods,
        headers: a.headers,
        payload: { goodsCategoryId: category.id, goodsName: `${tag} 螺纹钢 ${i}`, specificationModels: `HRB400 Φ${12 + i}`, unit: '吨' },
      });
      expect(g.statusCode, g.body).toBe(200);
      goodsIds.push(g.json().data.id);
    }
  });

  it('creates a purchase contract with goods, documents and a delivery address, and reads it back as saved', async () => {
    const res = await save(
      a,
      base({
        deliveryAddressId: addressId,
        goods: [
          { goodsId: goodsIds[0], quantity: 100.5, price: 3900 },
          { goodsId: goodsIds[1], goodsName: 'ignored: the catalogue name wins', quantity: 50, price: 3950 },
          { goodsName: '手工录入货品', specificationModels: '定制', unit: '件', quantity: 3, price: 12.34 },
        ],
        documents: [
          {
            fileName: '盖章合同.pdf',
            fileTypeId: 'MLZZHFWPT_DOCTYPE_YYZZ',
            filePath: pdfUrl,
            endTime: '2027-12-31',
            fileQk: 'https://chain.example/cert/1',
          },
          { fileName: '协议资料包', fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE, filePath: pdfUrl2 },
          { fileName: '合同草稿.docx', fileTypeId: CONTRACT_DRAFT_DOC_TYPE, filePath: docxUrl },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data as ContractDetail;
    expect(c.code).toMatch(/^CGHT-\d{8}-\d{5}$/);
    expect(c).toMatchObject({
      contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
      contractRelevanceCode: `${tag}-001`,
      enterpriseName: '江苏沙钢集团',
      money: 1250000.5,
      signDate: '2026-03-01',
      status: 'draft',
      deliveryAddressId: addressId,
      deliveryAddress: { id: addressId, contacts: '李四', addressCode: '320000,320500,320582' },
    });
    expect(c.goods).toHaveLength(3);
    expect(c.goods[1]).toMatchObject({
      goodsId: goodsIds[1],
      goodsName: `${tag} 螺纹钢 1`,
      specificationModels: 'HRB400 Φ13',
      unit: '吨',
      quantity: 50,
      price: 3950,
    });
    expect(c.goods[2]).toMatchObject({ goodsId: null, goodsName: '手工录入货品', quantity: 3, price: 12.34 });
    expect(c.documents.map((d) => [d.fileTypeId, d.fileTypeName, d.filePath])).toEqual([
      ['MLZZHFWPT_DOCTYPE_YYZZ', '营业执照', pdfUrl],
      [AGREEMENT_DATA_PACK_DOC_TYPE, '协议合同资料包', pdfUrl2],
      [CONTRACT_DRAFT_DOC_TYPE, '合同草稿', docxUrl],
    ]);
    // fileQk is the certificate page of the file's entry in the document log (issue 14), never the client's value.
    const entry = await t()
      .database.db.selectFrom('document_log_entries')
      .select('leaf_index')
      .where('file_id', '=', fileIdOfUrl(pdfUrl)!)
      .executeTakeFirstOrThrow();
    expect(c.documents[0]).toMatchObject({ sourceId: c.id, endTime: '2027-12-31', fileQk: certificatePageUrl(entry.leaf_index) });
    const again = (await detail(a, c.id)).json().data;
    expect(again).toEqual(c);
  });

  it('updates header, goods and documents together; a failed update changes nothing', async () => {
    const c = (
      await save(
        a,
        base({
          goods: [{ goodsId: goodsIds[0], quantity: 1, price: 1 }],
          documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: pdfUrl }],
        }),
      )
    ).json().data as ContractDetail;
    const updated = await save(
      a,
      base({
        contractName: `${tag} 改`,
        money: 9,
        goods: [
          { goodsId: goodsIds[2], quantity: 7, price: 8 },
          { goodsName: '新增', quantity: 1, price: 1 },
        ],
        documents: [],
      }),
      c.id,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ id: c.id, code: c.code, contractName: `${tag} 改`, money: 9 });
    expect(await counts(c.id)).toEqual({ goods: 2, documents: 0 });
    // An invalid document row fails the whole save: header and lines are as before.
    const failed = await save(
      a,
      base({ contractName: 'should not be saved', goods: [], documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: bPdfUrl }] }),
      c.id,
    );
    expect(failed.statusCode).toBe(400);
    expect(failed.json().errors).toEqual([{ field: 'documents.0.filePath', message: '附件不存在，请重新上传' }]);
    const after = (await detail(a, c.id)).json().data as ContractDetail;
    expect(after.contractName).toBe(`${tag} 改`);
    expect(after.goods).toHaveLength(2);
  });

  it('enforces the document rules: one agreement data pack, drafts only doc/docx, known types, own files', async () => {
    const twoPacks = await save(
      a,
      base({
        documents: [
          { fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE, filePath: pdfUrl },
          { fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE, filePath: pdfUrl2 },
        ],
      }),
    );
    expect(twoPacks.statusCode).toBe(400);
    expect(twoPacks.json().errors).toEqual([{ field: 'documents', message: '协议合同资料包只能选择一次' }]);

    const pdfDraft = await save(a, base({ documents: [{ fileTypeId: CONTRACT_DRAFT_DOC_TYPE, filePath: pdfUrl }] }));
    expect(pdfDraft.statusCode).toBe(400);
    expect(pdfDraft.json().message).toBe('上传文件只能是.doc或.docx格式!');
    expect((await save(a, base({ documents: [{ fileTypeId: CONTRACT_DRAFT_DOC_TYPE, filePath: docUrl }] }))).statusCode).toBe(200);

    const unknownType = await save(a, base({ documents: [{ fileTypeId: 'NOPE', filePath: pdfUrl }] }));
    expect(unknownType.json().errors).toEqual([{ field: 'documents.0.fileTypeId', message: '单据类型不存在' }]);
    for (const filePath of [
      bPdfUrl,
      '/etc/passwd',
      '../../uploads/x',
      'https://evil.example/file/1',
      '/api/businessperationService/common/file/999999999',
    ]) {
      const res = await save(a, base({ documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath }] }));
      expect(res.statusCode, filePath).toBe(400);
    }
    const badDate = await save(a, base({ documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: pdfUrl, endTime: '2026-13-01' }] }));
    expect(badDate.statusCode).toBe(400);
    const badQk = await save(
      a,
      base({ documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: pdfUrl, fileQk: 'javascript:alert(1)' }] }),
    );
    expect(badQk.statusCode).toBe(400);
  });

  it('creates every contract type and lists them with search, type filter and zero-based paging', async () => {
    const made: Record<string, number> = {};
    for (const contractType of CONTRACT_FORM_TYPES) {
      const res = await save(a, base({ contractType, contractName: `${tag} 类型 ${contractType}` }));
      expect(res.statusCode, res.body).toBe(200);
      made[contractType] = res.json().data.id;
    }
    const byType = (await list(a, { search: `${tag} 类型`, contractType: 'MLZZHFWPT_CONTACTTYPE_JGHT' })).json().data;
    expect(byType.content.map((r: Json) => r.id)).toEqual([made.MLZZHFWPT_CONTACTTYPE_JGHT]);
    const p0 = (await list(a, { search: `${tag} 类型`, pageNumber: 0, pageSize: 4 })).json().data;
    const p1 = (await list(a, { search: `${tag} 类型`, pageNumber: 1, pageSize: 4 })).json().data;
    expect(p0.totalElements).toBe(CONTRACT_FORM_TYPES.length);
    expect(p0.content).toHaveLength(4);
    expect(p1.content).toHaveLength(4);
    expect(p0.content.map((r: Json) => r.id).some((id: number) => p1.content.some((r: Json) => r.id === id))).toBe(false);
    expect((await save(a, base({ contractType: 'MLZZHFWPT_CONTACTTYPE_NOPE' }))).statusCode).toBe(400);
    expect((await list(a, { contractType: 'bogus' })).statusCode).toBe(400);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = (await list(a, { pageSize: 1 })).json().data.totalElements;
    for (const body of [
      {},
      base({ contractType: undefined }),
      base({ enterpriseName: '' }),
      base({ money: -1 }),
      base({ money: 'lots' }),
      base({ money: 1.234 }),
      base({ signDate: '2026-02-30' }),
      base({ signType: 2 }),
      base({ goods: [{ quantity: 1, price: 1 }] }),
      base({ goods: [{ goodsId: 999999999, quantity: 1, price: 1 }] }),
      base({ goods: 'none' }),
      base({ projectId: 999999999 }),
      base({ deliveryAddressId: 'x' }),
      base({ status: 'approved' }),
    ]) {
      const res = await save(a, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(40000);
      expect(res.json().errors?.length ?? 0).toBeGreaterThan(0);
    }
    expect((await list(a, { pageSize: 1 })).json().data.totalElements).toBe(before);
  });

  it('keeps a submitted contract read-only', async () => {
    const c = (await save(a, base({ status: 'submitted' }))).json().data as ContractDetail;
    expect(c.status).toBe('submitted');
    const res = await save(a, base(), c.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('已提交的单据不能修改');
  });

  it('carries the latest process; only a draft or rejected contract can be edited (409 otherwise)', async () => {
    type History = { processInstanceId: number; status: string; historyList: { taskId: number; taskName: string }[] };
    const process = async (url: string, payload: Json, as: TestSession = a) => {
      const res = await t().app.inject({ method: 'POST', url, headers: as.headers, payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as History;
    };
    // demo-a-staff submits; each step is taken by another approver (separation of duties).
    const approvers = await Promise.all(['demo-a-approver', 'demo-a-risk', 'demo-a-finance', 'demo-admin'].map((id) => t().enter(id)));
    const act = (h: History, action: 'approve' | 'reject', comment = '', as = approvers[h.historyList.length - 2]!) =>
      process(
        PROCESS_PATHS.complete,
        { processInstanceId: h.processInstanceId, taskId: h.historyList.at(-1)!.taskId, action, comment },
        as,
      );
    const c = (await save(a, base({ documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: pdfUrl }] }))).json()
      .data as ContractDetail;
    expect(c.processInstanceId).toBeNull();

    const first = await process(PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id });
    const running = (await detail(a, c.id)).json().data as ContractDetail;
    expect(running).toMatchObject({ status: 'approving', processInstanceId: first.processInstanceId });
    const whileRunning = await save(a, base({ contractName: 'changed in approval', documents: [] }), c.id);
    expect(whileRunning.statusCode).toBe(409);
    expect(whileRunning.json()).toMatchObject({ code: 40900, message: '审批中的单据不能修改' });
    expect((await detail(a, c.id)).json().data).toEqual(running);
    // The timeline the detail page opens is that process's.
    const history = await t().app.inject({
      method: 'GET',
      url: `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(running.processInstanceId))}`,
      headers: a.headers,
    });
    expect(history.json().data).toMatchObject({ businessType: 'contract', businessId: c.id, status: 'running' });

    // Rejected: editable again (fixed, then submitted anew); the detail keeps pointing at the latest process.
    await act(first, 'reject', '金额有误');
    expect((await detail(a, c.id)).json().data).toMatchObject({ status: 'rejected', processInstanceId: first.processInstanceId });
    const fixed = await save(a, base({ money: 1000, documents: [] }), c.id);
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data).toMatchObject({ status: 'draft', money: 1000, documents: [], processInstanceId: first.processInstanceId });
    let second = await process(PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id, comment: '已修改' });
    expect(second.processInstanceId).not.toBe(first.processInstanceId);
    expect((await detail(a, c.id)).json().data.processInstanceId).toBe(second.processInstanceId);

    // Approved: read-only for good.
    for (let i = 1; i < PROCESS_TASKS.length; i++) second = await act(second, 'approve');
    expect(second.status).toBe('approved');
    const afterApproval = await save(a, base(), c.id);
    expect(afterApproval.statusCode).toBe(409);
    expect(afterApproval.json().message).toBe('已审批通过的单据不能修改');
    expect((await detail(a, c.id)).json().data).toMatchObject({
      status: 'approved',
      money: 1000,
      processInstanceId: second.processInstanceId,
    });
    // A seeded contract under approval shows its seeded process.
    const seeded = await processesOf(t().database.db, a.user.enterpriseId, 'running', 'contract').executeTakeFirstOrThrow();
    expect((await detail(a, seeded.business_id)).json().data.processInstanceId).toBe(seeded.id);
  });

  it('keeps enterprises apart', async () => {
    const c = (await save(a, base({ goods: [{ goodsId: goodsIds[0], quantity: 1, price: 1 }] }))).json().data as ContractDetail;
    expect((await detail(b, c.id)).statusCode).toBe(404);
    expect((await save(b, base(), c.id)).statusCode).toBe(404);
    expect((await list(b, { search: tag })).json().data.totalElements).toBe(0);
    // B cannot attach A's address or A's goods.
    const withAddress = await save(b, base({ deliveryAddressId: addressId }));
    expect(withAddress.json().errors).toEqual([{ field: 'deliveryAddressId', message: '收货地址不存在' }]);
    const withGoods = await save(b, base({ goods: [{ goodsId: goodsIds[0], quantity: 1, price: 1 }] }));
    expect(withGoods.json().errors).toEqual([{ field: 'goods.0.goodsId', message: '货品不存在' }]);
    // The goods made for A are in A's picker list only.
    const listB = await t().app.inject({ method: 'GET', url: `/api${GOODS_PATHS.listGoods}`, headers: b.headers, query: { name: tag } });
    expect(listB.json().data.totalElements).toBe(0);
  });
});
