// The home workbench shows the caller's enterprise's figures only.
import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { PROCESS_PATHS, WORKBENCH_PATH, WorkbenchSchema, can, type Permission, type Workbench } from '@tfb/contract';
import { describeEachDatabase, type TestApp } from './helpers/test-app.js';

/** The same figures counted directly in SQL for one enterprise; null where the roles may not read the area. */
async function sqlCounts(t: TestApp, enterpriseId: string, roles: readonly string[]): Promise<Workbench['counts']> {
  const count = async (permission: Permission, table: string, extra = sql``) =>
    can(roles, permission)
      ? (
          await sql<{
            n: number;
          }>`select count(*)::int as n from ${sql.table(table)} where enterprise_id = ${enterpriseId} ${extra}`.execute(t.database.db)
        ).rows[0]!.n
      : null;
  return {
    salesOrders: await count('orders:read', 'sales_orders'),
    purchaseOrders: await count('orders:read', 'purchase_orders'),
    projects: await count('projects:read', 'projects'),
    contracts: await count('contracts:read', 'contracts'),
    loanApplications: await count('funds:read', 'loan_applications'),
    inStorageNotices: await count('warehouse:read', 'in_storage_notices', sql`and is_create = 0`),
    deliveryInstructions: await count('warehouse:read', 'delivery_instructions', sql`and is_create = 0`),
    goods: await count('goods:read', 'goods'),
    addresses: await count('customers:read', 'delivery_addresses', sql`and is_delete = 0`),
  };
}

describeEachDatabase('workbench', (t) => {
  const rolesOf = async (userId: string) => (await t().enter(userId)).user.roles;
  const summary = async (userId: string): Promise<Workbench> => {
    const s = await t().enter(userId);
    const res = await t().app.inject({ method: 'GET', url: WORKBENCH_PATH, headers: s.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: number; message: string; data: unknown };
    expect(body).toMatchObject({ code: 0, message: '成功' });
    return WorkbenchSchema.parse(body.data);
  };
  const enterpriseOf = async (userId: string) =>
    (await t().database.db.selectFrom('users').select('enterprise_id').where('id', '=', userId).executeTakeFirstOrThrow()).enterprise_id;

  it.each(['demo-a-staff', 'demo-b-staff', 'demo-admin', 'demo-internal', 'demo-supervisor', 'demo-a-approver'])(
    "%s sees exactly its own enterprise's counts of the areas it may read",
    async (userId) => {
      const w = await summary(userId);
      const ent = await enterpriseOf(userId);
      expect(w.counts).toEqual(await sqlCounts(t(), ent, await rolesOf(userId)));
      const name = await t().database.db.selectFrom('enterprises').select('name').where('id', '=', ent).executeTakeFirstOrThrow();
      expect(w.enterpriseName).toBe(name.name);
    },
  );

  it('shows different figures to demo-a and demo-b', async () => {
    const [a, b] = await Promise.all([summary('demo-a-staff'), summary('demo-b-staff')]);
    expect(a.enterpriseName).not.toBe(b.enterpriseName);
    expect(a.counts).not.toEqual(b.counts);
  });

  it("moves only the owning enterprise's figure when a row is added", async () => {
    const before = { a: await summary('demo-a-staff'), b: await summary('demo-b-staff') };
    await t()
      .database.db.insertInto('sales_orders')
      .values({ enterprise_id: 'ent-b', order_code: 'TEST-WB-0001', enterprise_name: '北方能源供应链有限公司' })
      .execute();
    const after = { a: await summary('demo-a-staff'), b: await summary('demo-b-staff') };
    expect(after.b.counts.salesOrders).toBe((before.b.counts.salesOrders ?? NaN) + 1);
    expect(after.a.counts).toEqual(before.a.counts);
  });

  it("lists only the caller's own warnings and its enterprise's running tasks", async () => {
    await t()
      .database.db.insertInto('warning_messages')
      .values({ enterprise_id: 'ent-b', user_id: 'demo-b-staff', warn_gen_dt: '2099-01-01T00:00:00Z', warn_rule: 'TEST 仅 B 可见' })
      .execute();
    const a = await summary('demo-a-staff');
    expect(a.latestWarnings.map((w) => w.warn_rule)).not.toContain('TEST 仅 B 可见');
    const db = t().database.db;
    const unread = await db
      .selectFrom('warning_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('enterprise_id', '=', 'ent-a')
      .where('user_id', '=', 'demo-a-staff')
      .where('is_read', '=', false)
      .executeTakeFirstOrThrow();
    expect(a.unreadWarnings).toBe(Number(unread.n));
    if (a.latestWarnings.length) {
      const owners = await db
        .selectFrom('warning_messages')
        .select(['enterprise_id', 'user_id'])
        .where(
          'id',
          'in',
          a.latestWarnings.map((w) => w.id),
        )
        .execute();
      expect(owners).toHaveLength(a.latestWarnings.length);
      for (const o of owners) expect(o).toEqual({ enterprise_id: 'ent-a', user_id: 'demo-a-staff' });
    }
    if (a.pendingTasks.length) {
      const tasks = await db
        .selectFrom('process_instances')
        .select(['enterprise_id', 'status'])
        .where(
          'id',
          'in',
          a.pendingTasks.map((p) => p.processInstanceId),
        )
        .execute();
      for (const task of tasks) expect(task).toEqual({ enterprise_id: 'ent-a', status: 'running' });
    }
    const b = await summary('demo-b-staff');
    expect(b.latestWarnings[0]?.warn_rule).toBe('TEST 仅 B 可见');
  });

  it('shows a warehouse supervisor no contract, order or loan figures, and the internal operator none at all', async () => {
    const supervisor = await summary('demo-supervisor');
    expect(supervisor.counts).toMatchObject({ contracts: null, salesOrders: null, loanApplications: null, goods: null });
    expect(supervisor.counts.inStorageNotices).toEqual(expect.any(Number));
    expect(Object.values((await summary('demo-internal')).counts).every((n) => n === null)).toBe(true);
  });

  it('lists as pending only the approval tasks the caller may complete (none of the own submissions)', async () => {
    const s = await t().enter('demo-a-approver');
    const todo = await t().app.inject({ method: 'GET', url: PROCESS_PATHS.todoList, headers: s.headers, query: { pageSize: '5' } });
    const w = await summary('demo-a-approver');
    const expected = (todo.json().data.content as { processInstanceId: number }[]).map((x) => x.processInstanceId);
    expect(w.pendingTasks.map((x) => x.processInstanceId)).toEqual(expected);
    expect((await summary('demo-a-staff')).pendingTasks).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t().app.inject({ method: 'GET', url: WORKBENCH_PATH })).statusCode).toBe(401);
  });
});
