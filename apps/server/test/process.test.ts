// Process approval: submit a contract or loan application, approvers act on the open step in order, the history
// grows in order, the business row's status follows; only approvers act, once per step, in their enterprise; the
// submitter never completes a step of their own document and nobody completes two steps of one instance.
import { expect, it } from 'vitest';
import {
  PERMISSION_MESSAGES,
  PROCESS_MESSAGES,
  PROCESS_PATHS,
  PROCESS_TASKS,
  processTasks,
  type TaskHistory,
  type TodoTask,
} from '@tfb/contract';
import { processesOf } from './helpers/processes.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Reply<T> = { code: number; message: string; data: T };
type History = TaskHistory;

const historyUrl = (id: number | string, prefix = '/api') =>
  `${prefix}${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(id))}`;

describeEachDatabase('process approval', (t) => {
  let staff: TestSession;
  let admin: TestSession;
  let operator: TestSession;
  let bStaff: TestSession;
  /** ent-a's approvers besides the admin: 业务审核, 风控审核, 财务复核 in the demo data. */
  let approver: TestSession;
  let risk: TestSession;
  let finance: TestSession;

  const post = async <T>(s: TestSession, url: string, payload: Record<string, unknown>) => {
    const res = await t().app.inject({ method: 'POST', url, headers: s.headers, payload });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  const get = async <T>(s: TestSession | undefined, url: string, query: Record<string, string> = {}) => {
    const res = await t().app.inject({ method: 'GET', url, headers: s?.headers ?? {}, query });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  const db = () => t().database.db;
  let serial = 0;
  /** A new draft contract of ent-a (the seed's drafts are few; tests make their own). */
  const draftContract = async (enterpriseId = 'ent-a') =>
    db()
      .insertInto('contracts')
      .values({
        enterprise_id: enterpriseId,
        code: `TEST-HT-${++serial}`,
        contract_relevance_code: '',
        contract_name: '测试采购合同',
        sign_type: 0,
        contract_type: 'MLZZHFWPT_CONTACTTYPE_CGHT',
        enterprise_name: '测试供应商有限公司',
        money: 100000,
        status: 'draft',
      })
      .returning(['id', 'code'])
      .executeTakeFirstOrThrow();
  const draftLoan = async () =>
    db()
      .insertInto('loan_applications')
      .values({
        enterprise_id: 'ent-a',
        application_form_num: `TEST-RZ-${++serial}`,
        contract_num: '',
        applicant_name: '华东金属贸易有限公司',
        corporate_name: '华东金属贸易有限公司',
        status: 'draft',
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
  const act = (s: TestSession, h: History, action: 'approve' | 'reject', comment = '') =>
    post<History>(s, PROCESS_PATHS.complete, {
      processInstanceId: h.processInstanceId,
      taskId: h.historyList.at(-1)!.taskId,
      action,
      comment,
    });

  it('submitting a contract closes 提交申请 and opens the first approval step', async () => {
    [staff, admin, operator, bStaff, approver, risk, finance] = await Promise.all([
      t().enter('demo-a-staff'),
      t().enter('demo-admin'),
      t().enter('demo-warehouse-operator'),
      t().enter('demo-b-staff'),
      t().enter('demo-a-approver'),
      t().enter('demo-a-risk'),
      t().enter('demo-a-finance'),
    ]);
    const c = await draftContract();
    const r = await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id, comment: '请审批' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      businessType: 'contract',
      businessId: c.id,
      businessCode: c.code,
      status: 'running',
      currentTaskName: PROCESS_TASKS[1],
    });
    const [submitted, open] = r.body.data.historyList;
    expect(r.body.data.historyList).toHaveLength(2);
    expect(submitted).toMatchObject({
      taskName: '提交申请',
      message: '提交',
      comments: '请审批',
      userNameStart: '张伟',
      userNameNow: '张伟',
    });
    expect(submitted!.endTime).not.toBeNull();
    expect(open).toMatchObject({ taskName: '业务审核', message: '待审批', endTime: null, userNameStart: '张伟' });
    const row = await db()
      .selectFrom('contracts')
      .select(['status', 'process_instance_id'])
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'approving', process_instance_id: r.body.data.processInstanceId });
    // Submitting again while it runs is a conflict.
    const again = await post(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROCESS_MESSAGES.alreadyRunning);
  });

  it('taskHistory is served as written and under /api, in order', async () => {
    const c = await draftContract();
    const r = await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id });
    const id = r.body.data.processInstanceId;
    const api = await get<History>(staff, historyUrl(id));
    const bare = await get<History>(staff, historyUrl(id, ''));
    expect(api.status).toBe(200);
    expect(api.body.code).toBe(0);
    expect(bare.body).toEqual(api.body);
    expect(api.body.data.historyList.map((h) => h.taskName)).toEqual(['提交申请', '业务审核']);
    expect(Object.keys(api.body.data.historyList[0]!)).toEqual(
      expect.arrayContaining(['startTime', 'endTime', 'userNameStart', 'userNameNow', 'taskName', 'message', 'comments']),
    );
    // A seeded process with ≥ 5 entries keeps its order.
    const seeded = await processesOf(db(), 'ent-a', 'approved').executeTakeFirstOrThrow();
    const s = await get<History>(staff, historyUrl(seeded.id));
    expect(s.body.data.historyList.length).toBeGreaterThanOrEqual(5);
    const starts = s.body.data.historyList.map((h) => h.startTime);
    expect([...starts].sort()).toEqual(starts);
    expect(s.body.data.historyList.at(-1)!.taskName).toBe('归档');
  });

  it('approvers see the open steps of their enterprise; others are refused', async () => {
    const todo = await get<{ content: TodoTask[]; totalElements: number }>(approver, PROCESS_PATHS.todoList, { pageSize: '1000' });
    expect(todo.status).toBe(200);
    expect(todo.body.data.content.length).toBeGreaterThan(0);
    expect(todo.body.data.content.some((task) => task.taskName === '业务审核' && task.businessType === 'contract')).toBe(true);
    const running = await processesOf(db(), 'ent-a', 'running').execute();
    const adminTodo = await get<{ content: TodoTask[]; totalElements: number }>(admin, PROCESS_PATHS.todoList, { pageSize: '1000' });
    expect(adminTodo.body.data.totalElements).toBe(running.length);
    expect(new Set(adminTodo.body.data.content.map((x) => x.processInstanceId))).toEqual(new Set(running.map((x) => x.id)));
    expect(
      (
        await get<{ content: TodoTask[] }>(admin, PROCESS_PATHS.todoList, { businessType: 'loan', pageSize: '1000' })
      ).body.data.content.every((x) => x.businessType === 'loan'),
    ).toBe(true);
    for (const notApprover of [operator, staff]) {
      const refused = await get(notApprover, PROCESS_PATHS.todoList);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        code: 40301,
        message: PERMISSION_MESSAGES.denied([
          'contracts:approve',
          'funds:approve',
          'portalWebsite:approve',
          'portalWebsites:approve',
          'projects:approve',
          'products:approve',
        ]),
      });
    }
    const bTodo = await get<{ content: TodoTask[] }>(bStaff, PROCESS_PATHS.todoList, { pageSize: '1000' });
    const aIds = new Set(running.map((x) => x.id));
    expect(bTodo.body.data.content.some((x) => aIds.has(x.processInstanceId))).toBe(false);
  });

  it('four different approvers approve every step: the history grows in order and the contract ends approved', async () => {
    const c = await draftContract();
    let h = (await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id })).body.data;
    // Not an approver: refused, nothing changes.
    const notApprover = await act(operator, h, 'approve');
    expect(notApprover.status).toBe(403);
    const chain = [approver, risk, finance, admin];
    const names = ['周敏', '吴昊', '郑丽', '系统管理员'];
    for (const [i, task] of PROCESS_TASKS.slice(1).entries()) {
      expect(h.historyList.at(-1)).toMatchObject({ taskName: task, endTime: null });
      const r = await act(chain[i]!, h, 'approve', `${task}通过`);
      expect(r.status).toBe(200);
      const stale = await post(admin, PROCESS_PATHS.complete, {
        processInstanceId: h.processInstanceId,
        taskId: h.historyList.at(-1)!.taskId,
        action: 'approve',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(r.body.data.status === 'running' ? PROCESS_MESSAGES.stepDone : PROCESS_MESSAGES.notRunning);
      const closed = r.body.data.historyList[h.historyList.length - 1]!;
      expect(closed).toMatchObject({ taskName: task, message: '同意', comments: `${task}通过`, userNameNow: names[i] });
      expect(closed.endTime).not.toBeNull();
      h = r.body.data;
    }
    expect(h.status).toBe('approved');
    expect(h.currentTaskName).toBeNull();
    expect(h.historyList.map((e) => e.taskName)).toEqual([...PROCESS_TASKS, '归档']);
    expect(h.historyList.every((e) => e.endTime !== null)).toBe(true);
    const starts = h.historyList.map((e) => e.startTime);
    expect([...starts].sort()).toEqual(starts);
    expect((await db().selectFrom('contracts').select('status').where('id', '=', c.id).executeTakeFirstOrThrow()).status).toBe('approved');
    expect((await act(admin, h, 'approve')).status).toBe(409);
  });

  it('rejecting needs a comment, ends the process and rejects the loan; it can then be resubmitted', async () => {
    const loan = await draftLoan();
    const h = (await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'loan', businessId: loan.id })).body.data;
    const noComment = await act(admin, h, 'reject');
    expect(noComment.status).toBe(400);
    expect(noComment.body.message).toBe(PROCESS_MESSAGES.rejectNeedsComment);
    const r = await act(admin, h, 'reject', '材料不全');
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('rejected');
    expect(r.body.data.historyList.at(-1)).toMatchObject({
      taskName: '业务审核',
      message: '驳回',
      comments: '材料不全',
      userNameNow: '系统管理员',
    });
    expect((await db().selectFrom('loan_applications').select('status').where('id', '=', loan.id).executeTakeFirstOrThrow()).status).toBe(
      'rejected',
    );
    const again = await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'loan', businessId: loan.id, comment: '已补充材料' });
    expect(again.status).toBe(200);
    expect(again.body.data.processInstanceId).not.toBe(h.processInstanceId);
    expect(again.body.data.historyList[0]).toMatchObject({ message: '重新提交', comments: '已补充材料' });
    const approved = await db()
      .selectFrom('contracts')
      .select('id')
      .where('enterprise_id', '=', 'ent-a')
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    const notSubmittable = await post(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: approved.id });
    expect(notSubmittable.status).toBe(409);
  });

  it('acting on a seeded running process continues its chain', async () => {
    const seeded = await db()
      .selectFrom('process_instances')
      .select(['id', 'current_task_name'])
      .where('enterprise_id', '=', 'ent-a')
      .where('status', '=', 'running')
      .where('assignee_role', '=', 'approver')
      .where('current_task_name', '=', '风控审核')
      .executeTakeFirstOrThrow();
    const h = (await get<History>(finance, historyUrl(seeded.id))).body.data;
    expect(h).toMatchObject({ canComplete: true, refusal: null });
    const r = await act(finance, h, 'approve', '同意');
    expect(r.status).toBe(200);
    expect(r.body.data.historyList).toHaveLength(h.historyList.length + 1);
    expect(r.body.data.historyList.at(-1)).toMatchObject({ taskName: '财务复核', endTime: null });
    expect(r.body.data.currentTaskName).toBe('财务复核');
    // The seeded 业务审核 was 周敏's (demo-a-approver): she may not take another step of it either.
    expect((await get<History>(approver, historyUrl(seeded.id))).body.data).toMatchObject({
      canComplete: false,
      refusal: PROCESS_MESSAGES.secondStep,
    });
    expect(r.body.data).toMatchObject({ canComplete: false, refusal: PROCESS_MESSAGES.secondStep });
    const again = await act(finance, r.body.data, 'approve', '同意');
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(PROCESS_MESSAGES.secondStep);
  });

  it('the submitter can never approve or reject a step of their own document', async () => {
    // demo-b-staff holds both staff and approver: her own submission is still not hers to approve.
    const c = await draftContract('ent-b');
    const h = (await post<History>(bStaff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id })).body.data;
    expect(h).toMatchObject({ status: 'running', canComplete: false, refusal: PROCESS_MESSAGES.selfApproval });
    for (const [action, comment] of [
      ['approve', ''],
      ['reject', '不同意'],
    ] as const) {
      const r = await act(bStaff, h, action, comment);
      expect(r.status, action).toBe(403);
      expect(r.body.message).toBe(PROCESS_MESSAGES.selfApproval);
    }
    const after = (await get<History>(bStaff, historyUrl(h.processInstanceId))).body.data;
    expect(after.historyList).toEqual(h.historyList);
    expect(after.status).toBe('running');
    // The admin role does not lift the rule either.
    const own = await draftContract();
    const mine = (await post<History>(admin, PROCESS_PATHS.submit, { businessType: 'contract', businessId: own.id })).body.data;
    expect(mine).toMatchObject({ canComplete: false, refusal: PROCESS_MESSAGES.selfApproval });
    const r = await act(admin, mine, 'approve');
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(PROCESS_MESSAGES.selfApproval);
  });

  it('one approver cannot complete two steps of one instance, whether approving or rejecting', async () => {
    const c = await draftContract();
    const h = (await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id })).body.data;
    const first = await act(approver, h, 'approve', '业务审核通过');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ currentTaskName: '风控审核', canComplete: false, refusal: PROCESS_MESSAGES.secondStep });
    for (const [action, comment] of [
      ['approve', ''],
      ['reject', '不同意'],
    ] as const) {
      const r = await act(approver, first.body.data, action, comment);
      expect(r.status, action).toBe(403);
      expect(r.body.message).toBe(PROCESS_MESSAGES.secondStep);
    }
    // Someone else takes the step.
    const second = await act(risk, first.body.data, 'approve');
    expect(second.status).toBe(200);
    expect(second.body.data.currentTaskName).toBe('财务复核');
    const row = await db()
      .selectFrom('process_history')
      .select(['task_name', 'handled_by'])
      .where('process_instance_id', '=', h.processInstanceId)
      .orderBy('seq')
      .execute();
    expect(row.map((x) => [x.task_name, x.handled_by])).toEqual([
      ['提交申请', 'demo-a-staff'],
      ['业务审核', 'demo-a-approver'],
      ['风控审核', 'demo-a-risk'],
      ['财务复核', null],
    ]);
  });

  it('the history tells each caller whether they may act on the open step and why not', async () => {
    const c = await draftContract();
    const h = (await post<History>(staff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id })).body.data;
    await act(approver, h, 'approve');
    const as = async (s: TestSession) => {
      const r = (await get<History>(s, historyUrl(h.processInstanceId))).body.data;
      return { canComplete: r.canComplete, refusal: r.refusal };
    };
    // The submitter holds no approver role: the server would refuse her as not an approver.
    expect(await as(staff)).toEqual({ canComplete: false, refusal: PROCESS_MESSAGES.approverOnly });
    // A warehouse operator may not even read a contract's approval history.
    const operatorRead = await get(operator, historyUrl(h.processInstanceId));
    expect(operatorRead.status).toBe(403);
    expect(operatorRead.body).toMatchObject({
      code: 40301,
      message: PERMISSION_MESSAGES.denied([
        'contracts:read',
        'funds:read',
        'portalWebsite:read',
        'portalWebsites:read',
        'projects:read',
        'products:read',
      ]),
    });
    expect(await as(approver)).toEqual({ canComplete: false, refusal: PROCESS_MESSAGES.secondStep });
    expect(await as(risk)).toEqual({ canComplete: true, refusal: null });
    expect(await as(admin)).toEqual({ canComplete: true, refusal: null });
    const rejected = await act(risk, (await get<History>(risk, historyUrl(h.processInstanceId))).body.data, 'reject', '资料不全');
    expect(rejected.body.data).toMatchObject({ status: 'rejected', canComplete: false, refusal: PROCESS_MESSAGES.notRunning });
    expect(await as(finance)).toEqual({ canComplete: false, refusal: PROCESS_MESSAGES.notRunning });
  });

  it('the task list holds only what the caller may complete, and a flow of ent-b finishes with its own approvers', async () => {
    type Page = { content: TodoTask[]; totalElements: number };
    const c = await draftContract('ent-b');
    let h = (await post<History>(bStaff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id })).body.data;
    const ids = async (s: TestSession) =>
      new Set((await get<Page>(s, PROCESS_PATHS.todoList, { pageSize: '1000' })).body.data.content.map((x) => x.processInstanceId));
    const [bApprover, bRisk, bFinance, bManager] = await Promise.all(
      ['demo-b-approver', 'demo-b-risk', 'demo-b-finance', 'demo-b-manager'].map((id) => t().enter(id)),
    );
    expect((await ids(bStaff)).has(h.processInstanceId)).toBe(false);
    expect((await ids(bApprover!)).has(h.processInstanceId)).toBe(true);
    for (const s of [bApprover!, bRisk!, bFinance!, bManager!]) {
      expect((await ids(s)).has(h.processInstanceId)).toBe(true);
      const r = await act(s, h, 'approve');
      expect(r.status).toBe(200);
      h = r.body.data;
      expect((await ids(s)).has(h.processInstanceId)).toBe(false);
    }
    expect(h.status).toBe('approved');
    // Every task an approver is offered is one the server lets them complete.
    for (const s of [approver, risk, finance, admin, bStaff]) {
      const page = (await get<Page>(s, PROCESS_PATHS.todoList, { pageSize: '1000' })).body.data;
      expect(page.totalElements).toBe(page.content.length);
      for (const task of page.content) {
        const r = (await get<History>(s, historyUrl(task.processInstanceId))).body.data;
        expect(r, `${s.user.userId} ${task.businessCode}`).toMatchObject({ canComplete: true, refusal: null });
      }
    }
  });

  it('the seeded processes obey the rules: submitters never handle a step, nobody handles two', async () => {
    const own = await db()
      .selectFrom('process_history as h')
      .innerJoin('process_instances as pi', 'pi.id', 'h.process_instance_id')
      .select('h.id')
      .where('h.task_name', '<>', PROCESS_TASKS[0])
      .whereRef('h.handled_by', '=', 'pi.started_by')
      .execute();
    expect(own).toEqual([]);
    const twice = await db()
      .selectFrom('process_history')
      .select(['process_instance_id', 'handled_by', (eb) => eb.fn.countAll<number>().as('n')])
      .where('handled_by', 'is not', null)
      .where('task_name', '<>', PROCESS_TASKS[0])
      .groupBy(['process_instance_id', 'handled_by'])
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(twice).toEqual([]);
    // Every closed step but the system's 归档 names who handled it, and each handler is a user of the enterprise.
    const unnamed = await db()
      .selectFrom('process_history as h')
      .innerJoin('process_instances as pi', 'pi.id', 'h.process_instance_id')
      .leftJoin('users as u', (j) => j.onRef('u.id', '=', 'h.handled_by').onRef('u.enterprise_id', '=', 'pi.enterprise_id'))
      .select(['h.id', 'h.task_name'])
      .where('h.end_time', 'is not', null)
      .where('h.task_name', '<>', '归档')
      .where('u.id', 'is', null)
      .execute();
    expect(unnamed).toEqual([]);
    const finished = await db()
      .selectFrom('process_history as h')
      .innerJoin('process_instances as pi', 'pi.id', 'h.process_instance_id')
      .select(['pi.id', 'pi.business_type', (eb) => eb.fn.count<number>('h.handled_by').distinct().as('people')])
      .where('pi.status', '=', 'approved')
      .where('h.handled_by', 'is not', null)
      .groupBy(['pi.id', 'pi.business_type'])
      .execute();
    expect(finished.length).toBeGreaterThan(0);
    // One person per step of the type's chain (contracts and loans: five; the warehouse documents of P28: two).
    expect(finished.every((f) => Number(f.people) === processTasks(f.business_type).length)).toBe(true);
  });

  it('another enterprise’s process does not exist for the caller', async () => {
    const a = await processesOf(db(), 'ent-a', 'running').executeTakeFirstOrThrow();
    expect((await get(bStaff, historyUrl(a.id))).status).toBe(404);
    const h = (await get<History>(staff, historyUrl(a.id))).body.data;
    expect((await act(bStaff, h, 'approve', 'x')).status).toBe(404);
    const c = await draftContract();
    expect((await post(bStaff, PROCESS_PATHS.submit, { businessType: 'contract', businessId: c.id })).status).toBe(404);
    expect((await get(undefined, historyUrl(a.id))).status).toBe(401);
  });

  it('bad input is a 400', async () => {
    expect((await get(staff, historyUrl('abc'))).status).toBe(400);
    expect((await get(staff, historyUrl('abc', ''))).status).toBe(400);
    for (const body of [
      { businessType: 'order', businessId: 1 },
      { businessType: 'contract', businessId: 'x' },
      { businessType: 'contract', businessId: 1, comment: 'x'.repeat(501) },
    ]) {
      expect((await post(staff, PROCESS_PATHS.submit, body)).status, JSON.stringify(body)).toBe(400);
    }
    for (const body of [
      { processInstanceId: 1, taskId: 1, action: 'maybe' },
      { processInstanceId: 1, action: 'approve' },
      { processInstanceId: -1, taskId: 1, action: 'approve' },
    ]) {
      expect((await post(approver, PROCESS_PATHS.complete, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await get(approver, PROCESS_PATHS.todoList, { businessType: 'x' })).status).toBe(400);
  });
});
