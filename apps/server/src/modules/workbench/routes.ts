// The landing workbench: counts of the business areas the caller may read, the caller's latest warnings and the
// approval tasks the caller may complete, all of the caller's enterprise.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORKBENCH_PATH, WorkbenchReplySchema } from '@tfb/contract';
import { pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { pageMessages, unreadCount } from '../alerts/public.js';
import { isApprover, todoList } from '../process/public.js';
import { areaCounts, enterpriseName } from './repository.js';

const WARNINGS_SHOWN = 5;
const PENDING_SHOWN = 5;

export const workbenchRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    WORKBENCH_PATH,
    { config: { access: 'signedIn' }, schema: { tags: ['workbench'], response: { 200: WorkbenchReplySchema } } },
    async (req) => {
      const s = req.session();
      const owner = { enterpriseId: s.enterpriseId, userId: s.userId };
      const [name, counts, unread, latest, tasks] = await Promise.all([
        enterpriseName(db, s.enterpriseId),
        areaCounts(db, s.enterpriseId, s.roles),
        unreadCount(db, owner),
        pageMessages(db, owner, pageWindow({ pageNumber: 0, pageSize: WARNINGS_SHOWN })),
        // The same list as the approval screens: only steps the caller may complete (separation of duties included).
        isApprover(s)
          ? todoList(db, s, { businessTypes: undefined }, pageWindow({ pageNumber: 0, pageSize: PENDING_SHOWN }))
          : { content: [], total: 0 },
      ]);
      return ok({
        enterpriseName: name,
        counts,
        unreadWarnings: unread,
        latestWarnings: latest.content.map((w) => ({ id: w.id, warn_gen_dt: w.warn_gen_dt, warn_rule: w.warn_rule, isRead: w.isRead })),
        pendingTasks: tasks.content.map((t) => ({
          processInstanceId: t.processInstanceId,
          businessType: t.businessType,
          businessCode: t.businessCode,
          taskName: t.taskName,
          startTime: t.startTime,
        })),
      });
    },
  );
};
