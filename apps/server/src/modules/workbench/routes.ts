// The landing workbench: counts per business area, latest warnings and waiting tasks of the caller's enterprise.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { WORKBENCH_PATH, WorkbenchReplySchema } from '@tfb/contract';
import { ok } from '../../lib/reply.js';

export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(WORKBENCH_PATH, { config: { access: 'signedIn' }, schema: { tags: ['workbench'], response: { 200: WorkbenchReplySchema } } }, async (req) => {
    const s = req.session();
    const ent = s.enterpriseId;
    const count = (table: string, extra = sql``) =>
      sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where enterprise_id = ${ent} ${extra}`
        .execute(db)
        .then((r) => r.rows[0]?.n ?? 0);
    const [enterprise, salesOrders, purchaseOrders, projects, contracts, loans, notices, instructions, goods, addresses] =
      await Promise.all([
        db.selectFrom('enterprises').select('name').where('id', '=', ent).executeTakeFirst(),
        count('sales_orders'),
        count('purchase_orders'),
        count('projects'),
        count('contracts'),
        count('loan_applications'),
        count('in_storage_notices', sql`and is_create = 0`),
        count('delivery_instructions', sql`and is_create = 0`),
        count('goods'),
        count('delivery_addresses', sql`and is_delete = 0`),
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
      db
        .selectFrom('process_instances')
        .select(['id', 'business_type', 'business_code', 'current_task_name', 'updated_at'])
        .where('enterprise_id', '=', ent)
        .where('status', '=', 'running')
        .where((eb) => eb.or([eb('assignee_role', 'is', null), eb('assignee_role', 'in', s.roles.length ? [...s.roles] : [''])]))
        .orderBy('updated_at', 'desc')
        .limit(5)
        .execute(),
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
      pendingTasks: tasks.map((t) => ({
        processInstanceId: t.id,
        businessType: t.business_type,
        businessCode: t.business_code,
        taskName: t.current_task_name ?? '',
        startTime: t.updated_at,
      })),
    });
  });
};
