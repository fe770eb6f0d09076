// Products and signings: everyone with products:read reads the catalogue, only the admin maintains it (versions,
// shelf); a signing stays inside its product's limit and term range, names the enterprise's own project or
// contract, needs every required document before it is submitted, and is invisible to another enterprise. The
// final approval or rejection puts its result in the risk-service outbox in the same transaction.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import {
  BUSINESS_PATHS,
  PROCESS_PATHS,
  PRODUCT_MESSAGES,
  PRODUCT_PATHS,
  UPLOAD_PATHS,
  type Product,
  type SigningDetail,
} from '@tfb/contract';
import { api, withId, type Json } from './helpers/api.js';
import { multipart, pdf } from './helpers/files.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('products and signings', (t) => {
  const http = api(t);
  let admin: TestSession;
  let staff: TestSession;
  let approver: TestSession;
  let other: TestSession;
  let product: Product;
  let project: { id: number };
  let foreignProject: { id: number };
  const tag = `P${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const productBody = (over: Json = {}) => ({
    name: `${tag} 仓单质押`,
    code: `${tag}-CD`,
    kind: 'warehouseReceiptPledge',
    rateMin: 5.5,
    rateMax: 7.25,
    termMin: 3,
    termMax: 12,
    limitAmount: 1_000_000,
    requiredDocTypes: ['MLZZHFWPT_DOCTYPE_CD', 'MLZZHFWPT_DOCTYPE_FP'],
    description: '测试产品',
    ...over,
  });
  const upload = async (s: TestSession, filename: string) => {
    const { payload, headers } = multipart([{ name: 'file', filename, content: pdf(1200 + Math.floor(Math.random() * 500)) }]);
    const res = await t().app.inject({ method: 'POST', url: UPLOAD_PATHS.upload, headers: { ...s.headers, ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as string;
  };

  beforeAll(async () => {
    admin = await t().enter('demo-admin');
    staff = await t().enter('demo-a-staff');
    approver = await t().enter('demo-a-approver');
    other = await t().enter('demo-b-staff');
    product = (await http.create(admin, PRODUCT_PATHS.products, productBody())) as unknown as Product;
    const shelf = await http.put(admin, withId(PRODUCT_PATHS.shelf, product.id), { status: 'on', version: product.version });
    expect(shelf.statusCode, shelf.body).toBe(200);
    product = shelf.json().data;
    project = await http.create(staff, BUSINESS_PATHS.projects, {
      projectName: `${tag} 项目`,
      type: 1,
      enterpriseName: '买方',
      supplierName: '卖方',
    });
    foreignProject = await http.create(other, BUSINESS_PATHS.projects, {
      projectName: `${tag} 北方项目`,
      type: 1,
      enterpriseName: '买方',
      supplierName: '卖方',
    });
  });

  it('lets every reader list and search the seeded catalogue, and only the admin change it', async () => {
    const seeded = (await http.get(staff, PRODUCT_PATHS.products, { pageNumber: 0, pageSize: 50 })).json().data;
    const names = (seeded.content as Product[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['仓单质押', '订单融资', '应收账款融资', '预付款融资']));
    const cd = (seeded.content as Product[]).find((p) => p.code === 'CP-CDZY')!;
    expect(cd.requiredDocs).toEqual([
      { key: 'MLZZHFWPT_DOCTYPE_CD', name: '仓单' },
      { key: 'MLZZHFWPT_DOCTYPE_ZJBG', name: '质检报告' },
    ]);
    const off = (await http.get(other, PRODUCT_PATHS.products, { status: 'off', search: '预付款' })).json().data;
    expect(off.totalElements).toBe(1);
    expect((await http.get(staff, PRODUCT_PATHS.products, { kind: 'orderFinancing' })).json().data.content[0].name).toBe('订单融资');

    for (const s of [staff, approver, other]) {
      expect((await http.post(s, PRODUCT_PATHS.products, productBody({ code: `${tag}-X` }))).statusCode).toBe(403);
      expect((await http.put(s, withId(PRODUCT_PATHS.product, product.id), productBody())).statusCode).toBe(403);
      expect((await http.put(s, withId(PRODUCT_PATHS.shelf, product.id), { status: 'off', version: product.version })).statusCode).toBe(
        403,
      );
    }
    const read = await http.get(other, withId(PRODUCT_PATHS.product, product.id));
    expect(read.json().data).toMatchObject({ code: `${tag}-CD`, rateMin: 5.5, rateMax: 7.25, status: 'on' });
  });

  it('validates the product form with field messages, refuses a taken code and an old version', async () => {
    const bad = async (over: Json, message: string) => {
      const res = await http.post(
        admin,
        PRODUCT_PATHS.products,
        productBody({ code: `${tag}-V${Math.random().toString(36).slice(2, 6)}`, ...over }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain(message);
    };
    await bad({ name: '' }, PRODUCT_MESSAGES.nameRequired);
    await bad({ rateMin: 8, rateMax: 7 }, PRODUCT_MESSAGES.rateRange);
    await bad({ rateMax: 101 }, PRODUCT_MESSAGES.rate);
    await bad({ termMin: 12, termMax: 6 }, PRODUCT_MESSAGES.termRange);
    await bad({ termMax: 1.5 }, PRODUCT_MESSAGES.term);
    await bad({ limitAmount: null }, PRODUCT_MESSAGES.limitRequired);
    await bad({ kind: 'loan' }, PRODUCT_MESSAGES.kindRequired);
    await bad({ code: 'a b' }, PRODUCT_MESSAGES.codePattern);
    await bad({ requiredDocTypes: ['NOPE'] }, PRODUCT_MESSAGES.docTypeUnknown);
    await bad({ requiredDocTypes: ['MLZZHFWPT_DOCTYPE_CD', 'MLZZHFWPT_DOCTYPE_CD'] }, PRODUCT_MESSAGES.docTypesDuplicate);
    const taken = await http.post(admin, PRODUCT_PATHS.products, productBody());
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe(PRODUCT_MESSAGES.codeTaken);

    const fresh = (await http.create(admin, PRODUCT_PATHS.products, productBody({ code: `${tag}-E` }))) as unknown as Product;
    expect(fresh.status).toBe('off');
    const edited = await http.put(
      admin,
      withId(PRODUCT_PATHS.product, fresh.id),
      productBody({ code: `${tag}-E`, limitAmount: 9, version: fresh.version }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ limitAmount: 9, version: fresh.version + 1 });
    const stale = await http.put(admin, withId(PRODUCT_PATHS.product, fresh.id), productBody({ code: `${tag}-E`, version: fresh.version }));
    expect(stale.statusCode).toBe(409);
    const staleShelf = await http.put(admin, withId(PRODUCT_PATHS.shelf, fresh.id), { status: 'on', version: fresh.version });
    expect(staleShelf.statusCode).toBe(409);
    expect((await http.get(staff, withId(PRODUCT_PATHS.product, 99_999_999))).statusCode).toBe(404);
  });

  const signingBody = (over: Json = {}) => ({
    productId: product.id,
    amount: 500_000,
    termMonths: 6,
    purpose: `${tag} 采购备货`,
    projectId: project.id,
    ...over,
  });

  it('keeps a signing inside its product: limit, term range, shelf, own project or contract', async () => {
    const bad = async (over: Json, field: string, message: string) => {
      const res = await http.post(staff, PRODUCT_PATHS.signings, signingBody(over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().errors?.[0]?.field ?? res.json().data?.errors?.[0]?.field ?? field).toBeDefined();
    };
    await bad({ amount: 1_000_000.01 }, 'amount', PRODUCT_MESSAGES.amountOverLimit('1,000,000.00'));
    await bad({ termMonths: 2 }, 'termMonths', PRODUCT_MESSAGES.termOutOfRange(3, 12));
    await bad({ termMonths: 13 }, 'termMonths', PRODUCT_MESSAGES.termOutOfRange(3, 12));
    await bad({ projectId: null }, 'projectId', `projectId: ${PRODUCT_MESSAGES.projectOrContract}`);
    await bad({ projectId: foreignProject.id }, 'projectId', PRODUCT_MESSAGES.projectNotFound);
    await bad({ purpose: ' ' }, 'purpose', `purpose: ${PRODUCT_MESSAGES.purposeRequired}`);
    await bad({ amount: '' }, 'amount', `amount: ${PRODUCT_MESSAGES.amountRequired}`);
    const seededOff = (await http.get(staff, PRODUCT_PATHS.products, { status: 'off', search: 'CP-YFK' })).json().data
      .content[0] as Product;
    await bad({ productId: seededOff.id, termMonths: 3 }, 'productId', PRODUCT_MESSAGES.productOff);
    // Writing needs products:write: the approver only reads and approves.
    expect((await http.post(approver, PRODUCT_PATHS.signings, signingBody())).statusCode).toBe(403);
  });

  it('hides one enterprise’s signings from another and lets nobody else write them', async () => {
    const mine = (await http.create(staff, PRODUCT_PATHS.signings, signingBody())) as unknown as SigningDetail;
    expect(mine.signCode).toMatch(/^QY-\d{8}-\d{5}$/);
    expect(mine).toMatchObject({ status: 'draft', productName: `${tag} 仓单质押`, projectId: project.id, riskDeliveries: [] });
    expect((await http.get(other, withId(PRODUCT_PATHS.signing, mine.id))).statusCode).toBe(404);
    expect((await http.put(other, withId(PRODUCT_PATHS.signing, mine.id), signingBody({ version: mine.version }))).statusCode).toBe(404);
    expect((await http.post(other, withId(PRODUCT_PATHS.submitSigning, mine.id), { version: mine.version })).statusCode).toBe(404);
    expect((await http.get(other, PRODUCT_PATHS.signings, { search: tag })).json().data.totalElements).toBe(0);
    expect((await http.get(staff, PRODUCT_PATHS.signings, { search: tag })).json().data.totalElements).toBeGreaterThanOrEqual(1);
    expect((await http.get(staff, PRODUCT_PATHS.signings, { search: tag, status: 'approved' })).json().data.totalElements).toBe(0);
    const stale = await http.put(staff, withId(PRODUCT_PATHS.signing, mine.id), signingBody({ version: mine.version + 5 }));
    expect(stale.statusCode).toBe(409);
  });

  it('submits only with every required document, then approval writes the status and the outbox row together', async () => {
    const s = (await http.create(staff, PRODUCT_PATHS.signings, signingBody())) as unknown as SigningDetail;
    const receipt = await upload(staff, '仓单.pdf');
    const invoice = await upload(staff, '发票.pdf');
    const missing = await http.post(staff, withId(PRODUCT_PATHS.submitSigning, s.id), { version: s.version });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(PRODUCT_MESSAGES.documentsMissing('仓单、发票'));
    const withOne = await http.put(staff, withId(PRODUCT_PATHS.signing, s.id), {
      ...signingBody(),
      version: s.version,
      documents: [{ fileTypeId: 'MLZZHFWPT_DOCTYPE_CD', filePath: receipt }],
    });
    expect(withOne.statusCode, withOne.body).toBe(200);
    const one = withOne.json().data as SigningDetail;
    const stillMissing = await http.post(staff, withId(PRODUCT_PATHS.submitSigning, s.id), { version: one.version });
    expect(stillMissing.json().message).toBe(PRODUCT_MESSAGES.documentsMissing('发票'));
    const both = (
      await http.put(staff, withId(PRODUCT_PATHS.signing, s.id), {
        ...signingBody(),
        version: one.version,
        documents: [
          { fileTypeId: 'MLZZHFWPT_DOCTYPE_CD', filePath: receipt },
          { fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', filePath: invoice },
        ],
      })
    ).json().data as SigningDetail;
    expect(both.documents.map((d) => d.fileTypeName)).toEqual(['仓单', '发票']);
    const submitted = await http.post(staff, withId(PRODUCT_PATHS.submitSigning, s.id), { version: both.version });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const running = submitted.json().data as SigningDetail;
    expect(running.status).toBe('approving');
    expect(running.processInstanceId).not.toBeNull();
    // Read-only while approving.
    expect((await http.put(staff, withId(PRODUCT_PATHS.signing, s.id), { ...signingBody(), version: running.version })).statusCode).toBe(
      409,
    );

    const history = (
      await http.get(staff, `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(running.processInstanceId))}`)
    ).json().data;
    expect(history).toMatchObject({ businessType: 'productSign', currentTaskName: '签约审核', canComplete: false });
    const open = history.historyList.at(-1);
    // The submitter cannot approve their own signing; the approver can, and sees it in the task list.
    const todo = (await http.get(approver, PROCESS_PATHS.todoList, { businessType: 'productSign' })).json().data;
    expect(todo.content.some((x: { businessId: number }) => x.businessId === s.id)).toBe(true);
    expect(
      (await http.get(other, `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(running.processInstanceId))}`))
        .statusCode,
    ).toBe(404);
    const done = await http.post(approver, PROCESS_PATHS.complete, {
      processInstanceId: running.processInstanceId,
      taskId: open.taskId,
      action: 'approve',
      comment: '同意签约',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.status).toBe('approved');

    const after = (await http.get(staff, withId(PRODUCT_PATHS.signing, s.id))).json().data as SigningDetail;
    expect(after.status).toBe('approved');
    expect(after.riskServiceConfigured).toBe(false);
    expect(after.riskDeliveries).toHaveLength(1);
    expect(after.riskDeliveries[0]).toMatchObject({
      status: 'pending',
      attempts: 0,
      result: 'approved',
      idempotencyKey: `product-sign-${s.id}-${running.processInstanceId}`,
    });
    const row = await t()
      .database.db.selectFrom('risk_outbox')
      .select(['payload', 'enterprise_id'])
      .where('signing_id', '=', s.id)
      .executeTakeFirstOrThrow();
    expect(row.enterprise_id).toBe('ent-a');
    expect(row.payload).toMatchObject({
      signCode: s.signCode,
      amount: 500_000,
      result: 'approved',
      comment: '同意签约',
      projectCode: expect.any(String),
    });
    // Only the admin retries, only a failed delivery.
    expect((await http.post(staff, withId(PRODUCT_PATHS.retryDelivery, s.id), {})).statusCode).toBe(403);
    const notFailed = await http.post(admin, withId(PRODUCT_PATHS.retryDelivery, s.id), {});
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe(PRODUCT_MESSAGES.retryOnlyFailed);
  });

  it('queues a rejection too, and a rejected signing can be fixed and submitted again with a new result key', async () => {
    const noDocs = (await http.create(
      admin,
      PRODUCT_PATHS.products,
      productBody({ code: `${tag}-R`, requiredDocTypes: [] }),
    )) as unknown as Product;
    await http.put(admin, withId(PRODUCT_PATHS.shelf, noDocs.id), { status: 'on', version: noDocs.version });
    const s = (await http.create(staff, PRODUCT_PATHS.signings, signingBody({ productId: noDocs.id }))) as unknown as SigningDetail;
    const sub = (await http.post(staff, withId(PRODUCT_PATHS.submitSigning, s.id), { version: s.version })).json().data as SigningDetail;
    const h = (
      await http.get(approver, `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(sub.processInstanceId))}`)
    ).json().data;
    const reject = (comment: string) =>
      http.post(approver, PROCESS_PATHS.complete, {
        processInstanceId: sub.processInstanceId,
        taskId: h.historyList.at(-1).taskId,
        action: 'reject',
        comment,
      });
    expect((await reject('')).statusCode).toBe(400);
    expect((await reject('额度过高')).statusCode).toBe(200);
    const rejected = (await http.get(staff, withId(PRODUCT_PATHS.signing, s.id))).json().data as SigningDetail;
    expect(rejected.status).toBe('rejected');
    expect(rejected.riskDeliveries[0]).toMatchObject({ result: 'rejected', status: 'pending' });
    const fixed = (
      await http.put(staff, withId(PRODUCT_PATHS.signing, s.id), {
        ...signingBody({ productId: noDocs.id, amount: 100 }),
        version: rejected.version,
      })
    ).json().data as SigningDetail;
    const again = await http.post(staff, withId(PRODUCT_PATHS.submitSigning, s.id), { version: fixed.version });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().data as SigningDetail).processInstanceId).not.toBe(sub.processInstanceId);
  });
});
