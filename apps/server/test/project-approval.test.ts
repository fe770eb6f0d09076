// Project approval (issue 14): a project is submitted through the process module like a contract, runs the same
// chain, shows in the approvers' project task list, and its status follows; its detail names its latest process.
// Only holders of projects:write submit, projects:approve act; another enterprise's project is not found.
import { beforeAll, expect, it } from 'vitest';
import { BUSINESS_PATHS, PROCESS_MESSAGES, PROCESS_PATHS, PROCESS_TASKS, type TaskHistory, type TodoTask } from '@tfb/contract';
import { withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

type Reply<T> = { code: number; message: string; data: T };

describeEachDatabase('project approval', (t) => {
  let staff: TestSession;
  let bStaff: TestSession;
  let approver: TestSession;
  let risk: TestSession;
  let finance: TestSession;
  let admin: TestSession;
  let operator: TestSession;
  beforeAll(async () => {
    [staff, bStaff, approver, risk, finance, admin, operator] = await Promise.all([
      t().enter('demo-a-staff'),
      t().enter('demo-b-staff'),
      t().enter('demo-a-approver'),
      t().enter('demo-a-risk'),
      t().enter('demo-a-finance'),
      t().enter('demo-admin'),
      t().enter('demo-warehouse-operator'),
    ]);
  });
  const post = async <T>(s: TestSession, url: string, payload: Record<string, unknown>) => {
    const res = await t().app.inject({ method: 'POST', url, headers: s.headers, payload });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  const get = async <T>(s: TestSession, url: string, query: Record<string, string> = {}) => {
    const res = await t().app.inject({ method: 'GET', url, headers: s.headers, query });
    return { status: res.statusCode, body: res.json() as Reply<T> };
  };
  let serial = 0;
  const draftProject = async (enterpriseId = 'ent-a') =>
    t()
      .database.db.insertInto('projects')
      .values({
        enterprise_id: enterpriseId,
        project_code: `TEST-XM-${++serial}`,
        project_name: '测试项目',
        enterprise_name: '测试买方有限公司',
        supplier_name: '测试供应商有限公司',
        status: 'draft',
      })
      .returning(['id', 'project_code'])
      .executeTakeFirstOrThrow();
  const status = async (id: number) =>
    await t().database.db.selectFrom('projects').select(['status', 'process_instance_id']).where('id', '=', id).executeTakeFirstOrThrow();
  const act = (s: TestSession, h: TaskHistory, action: 'approve' | 'reject', comment = '') =>
    post<TaskHistory>(s, PROCESS_PATHS.complete, {
      processInstanceId: h.processInstanceId,
      taskId: h.historyList.at(-1)!.taskId,
      action,
      comment,
    });

  it('submits a project, lists it for project approvers, and approves it through the whole chain', async () => {
    const p = await draftProject();
    const submitted = await post<TaskHistory>(staff, PROCESS_PATHS.submit, {
      businessType: 'project',
      businessId: p.id,
      comment: '请审批项目',
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    let h = submitted.body.data;
    expect(h).toMatchObject({
      businessType: 'project',
      businessId: p.id,
      businessCode: p.project_code,
      status: 'running',
      currentTaskName: PROCESS_TASKS[1],
    });
    expect(await status(p.id)).toEqual({ status: 'approving', process_instance_id: h.processInstanceId });
    // The project's detail names its process; the project is read-only while it runs.
    const detail = await get<{ processInstanceId: number | null; status: string }>(staff, withId(BUSINESS_PATHS.project, p.id));
    expect(detail.body.data).toMatchObject({ processInstanceId: h.processInstanceId, status: 'approving' });

    const todo = await get<{ content: TodoTask[] }>(approver, PROCESS_PATHS.todoList, { businessType: 'project', pageSize: '1000' });
    expect(todo.status).toBe(200);
    expect(todo.body.data.content.every((x) => x.businessType === 'project')).toBe(true);
    expect(todo.body.data.content.some((x) => x.processInstanceId === h.processInstanceId && x.businessCode === p.project_code)).toBe(true);
    const again = await post(staff, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(PROCESS_MESSAGES.alreadyRunning);

    for (const s of [approver, risk, finance, admin]) {
      const r = await act(s, h, 'approve', '同意');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      h = r.body.data;
    }
    expect(h.status).toBe('approved');
    expect(h.historyList.map((e) => e.taskName)).toEqual([...PROCESS_TASKS, '归档']);
    expect((await status(p.id)).status).toBe('approved');
  });

  it('a rejected project can be resubmitted', async () => {
    const p = await draftProject();
    const h = (await post<TaskHistory>(staff, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id })).body.data;
    const noComment = await act(approver, h, 'reject');
    expect(noComment.status).toBe(400);
    const rejected = await act(approver, h, 'reject', '资料不全');
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe('rejected');
    expect((await status(p.id)).status).toBe('rejected');
    const resubmitted = await post<TaskHistory>(staff, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id });
    expect(resubmitted.status).toBe(200);
    expect(resubmitted.body.data.historyList[0]).toMatchObject({ message: PROCESS_MESSAGES.resubmitted });
  });

  it('needs projects:write to submit and projects:approve to act; the task list filter needs projects:approve', async () => {
    const p = await draftProject();
    expect((await post(approver, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id })).status).toBe(403);
    expect((await post(operator, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id })).status).toBe(403);
    const h = (await post<TaskHistory>(staff, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id })).body.data;
    expect((await act(staff, h, 'approve')).status).toBe(403);
    expect((await get(staff, PROCESS_PATHS.todoList, { businessType: 'project' })).status).toBe(403);
    expect(
      (await get(operator, `/api${PROCESS_PATHS.taskHistory.replace(':processInstanceId', String(h.processInstanceId))}`)).status,
    ).toBe(403);
  });

  it("another enterprise's project cannot be submitted, seen or approved", async () => {
    const p = await draftProject();
    const foreign = await post(bStaff, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('项目不存在');
    const h = (await post<TaskHistory>(staff, PROCESS_PATHS.submit, { businessType: 'project', businessId: p.id })).body.data;
    const bApprover = await t().enter('demo-b-approver');
    const bTodo = await get<{ content: TodoTask[] }>(bApprover, PROCESS_PATHS.todoList, { businessType: 'project', pageSize: '1000' });
    expect(bTodo.body.data.content.some((x) => x.processInstanceId === h.processInstanceId)).toBe(false);
    expect((await act(bApprover, h, 'approve')).status).toBe(404);
    expect((await status(p.id)).status).toBe('approving');
  });
});
