// The landing workbench: counts of the business areas the caller may read, the caller's latest warnings and the
// approval tasks the caller may complete, all of the caller's enterprise.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { WORKBENCH_PATH, WorkbenchReplySchema, can, type Permission } from '@tfb/contract';
import { pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { isApprover, todoList } from '../process/repository.js';

const PENDING_SHOWN = 5;

export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(WORKBENCH_PATH, { config: { access: 'signedIn' }, schema: { tags: ['workbench'], response: { 200: WorkbenchReplySchema } } }, async (req) => {
    const s = req.session();
    const ent = s.enterpriseId;
    const count = (permission: Permission, table: string, extra = sql``): Promise<number | null> =>
      can(s.roles, permission)
        ? sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where enterprise_id = ${ent} ${extra}`
            .execute(db)
            .then((r) => r.rows[0]?.n ?? 0)
        : Promise.resolve(null);
    const [enterprise, salesOrders, purchaseOrders, projects, contracts, loans, notices, instructions, goods, addresses] =
      await Promise.all([
        db.selectFrom('enterprises').select('name').where('id', '=', ent).executeTakeFirst(),
        count('orders:read', 'sales_orders'),
        count('orders:read', 'purchase_orders'),
        count('projects:read', 'projects'),
        count('contracts:read', 'contracts'),
        count('funds:read', 'loan_applications'),
        count('warehouse:read', 'in_storage_notices', sql`and is_create = 0`),
        count('warehouse:read', 'delivery_instructions', sql`and is_create = 0`),
        count('goods:read', 'goods'),
        count('customers:read', 'delivery_addresses', sql`and is_delete = 0`),
      ]);
    const [unread, latest, tasks] = await Promise.all([
      db
        .selectFrom('warning_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('enterprise_id', '=', ent)
        .where('user_id', '=', s.userId)
        .where('is_read', '=', false)
        .executeTakeFirst(),
      db
        .selectFrom('warning_messages')
        .select(['id', 'warn_gen_dt', 'warn_rule', 'is_read'])
        .where('enterprise_id', '=', ent)
        .where('user_id', '=', s.userId)
        .orderBy('warn_gen_dt', 'desc')
        .orderBy('id', 'desc')
        .limit(5)
        .execute(),
      // The same list as the approval screens: only steps the caller may complete (separation of duties included).
      isApprover(s) ? todoList(db, s, { businessType: undefined }, pageWindow({ pageNumber: 0, pageSize: PENDING_SHOWN })) : { content: [], total: 0 },
    ]);
    return ok({
      enterpriseName: enterprise?.name ?? '',
      counts: {
        salesOrders,
        purchaseOrders,
        projects,
        contracts,
        loanApplications: loans,
        inStorageNotices: notices,
        deliveryInstructions: instructions,
        goods,
        addresses,
      },
      unreadWarnings: Number(unread?.n ?? 0),
      latestWarnings: latest.map((w) => ({ id: w.id, warn_gen_dt: w.warn_gen_dt, warn_rule: w.warn_rule, isRead: w.is_read })),
      pendingTasks: tasks.content.map((t) => ({
        processInstanceId: t.processInstanceId,
        businessType: t.businessType,
        businessCode: t.businessCode,
        taskName: t.taskName,
        startTime: t.startTime,
      })),
    });
  });
};
