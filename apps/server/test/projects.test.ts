// Projects: create, edit drafts, list with search/type/status and zero-based paging, enterprises apart.
import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { BUSINESS_PATHS } from '@tfb/contract';
import { api, withId } from './helpers/api.js';
import { describeEachDatabase, type TestSession } from './helpers/test-app.js';

describeEachDatabase('projects', (t) => {
  const http = api(t);
  let a: TestSession;
  let b: TestSession;
  const tag = `XM${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
  const body = (i: number, type: 1 | 2) => ({
    projectName: `${tag} 项目${i}`,
    type,
    enterpriseName: '华东买方',
    supplierName: '北方卖方',
    projectTakeEffectTime: '2026-05-01',
  });
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
  });

  it('creates, lists, filters and edits projects', async () => {
    const made = [];
    for (let i = 0; i < 6; i++) made.push(await http.create(a, BUSINESS_PATHS.projects, body(i, i < 4 ? 1 : 2)));
    expect(made[0]!.projectCode).toMatch(/^XM-\d{8}-\d{5}$/);
    expect(made[0]).toMatchObject({ type: 1, projectTakeEffectTime: '2026-05-01', status: 'draft' });
    const type2 = (await http.get(a, BUSINESS_PATHS.projects, { search: tag, type: 2 })).json().data;
    expect(type2.totalElements).toBe(2);
    const p1 = (await http.get(a, BUSINESS_PATHS.projects, { search: tag, pageNumber: 1, pageSize: 4 })).json().data;
    expect(p1.content).toHaveLength(2);
    const edited = await http.put(a, withId(BUSINESS_PATHS.project, made[0]!.id), {
      ...body(0, 2),
      projectName: `${tag} 改名`,
      projectTakeEffectTime: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ projectName: `${tag} 改名`, type: 2, projectTakeEffectTime: null });
    const submitted = await http.create(a, BUSINESS_PATHS.projects, { ...body(9, 1), status: 'submitted' });
    expect((await http.put(a, withId(BUSINESS_PATHS.project, submitted.id), body(9, 1))).statusCode).toBe(409);
  });

  it('refuses bad input and keeps enterprises apart', async () => {
    for (const bad of [
      {},
      { ...body(1, 1), type: 3 },
      { ...body(1, 1), projectName: ' ' },
      { ...body(1, 1), projectTakeEffectTime: '01/05/2026' },
    ]) {
      expect((await http.post(a, BUSINESS_PATHS.projects, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const p = await http.create(a, BUSINESS_PATHS.projects, body(20, 1));
    expect((await http.get(b, withId(BUSINESS_PATHS.project, p.id))).statusCode).toBe(404);
    expect((await http.put(b, withId(BUSINESS_PATHS.project, p.id), body(20, 1))).statusCode).toBe(404);
    expect((await http.get(b, BUSINESS_PATHS.projects, { search: tag })).json().data.totalElements).toBe(0);
  });

  it('a list total (kept under the data version) follows a new project, an edit out of the filter and a deletion at once', async () => {
    const own = `${tag}N`;
    const total = async (filter: Record<string, unknown>) =>
      (await http.get(a, BUSINESS_PATHS.projects, { search: own, ...filter })).json().data.totalElements as number;
    const first = await http.create(a, BUSINESS_PATHS.projects, { ...body(30, 1), projectName: `${own} 一` });
    expect(await total({})).toBe(1);
    expect(await total({ pageNumber: 1, pageSize: 1 })).toBe(1);
    await http.create(a, BUSINESS_PATHS.projects, { ...body(31, 2), projectName: `${own} 二` });
    expect(await total({})).toBe(2);
    expect(await total({ type: 2 })).toBe(1);
    // Renamed out of the search: neither the text's count nor the type's may stay as they were.
    const renamed = await http.put(a, withId(BUSINESS_PATHS.project, first.id), { ...body(30, 2), projectName: `${tag} 别名` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await total({})).toBe(1);
    expect(await total({ type: 2 })).toBe(1);
    await t()
      .database.db.deleteFrom('projects')
      .where('enterprise_id', '=', a.user.enterpriseId)
      .where('project_name', 'like', `${own}%`)
      .execute();
    expect(await total({})).toBe(0);
    expect(await total({ type: 2 })).toBe(0);
  });
});
