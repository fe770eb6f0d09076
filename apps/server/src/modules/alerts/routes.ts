// The caller's warning messages (spec 2.3 item 10, 7.4): 5 per page, marked read when opened, unread count for
// the shell badge. Only one's own messages: a userId other than the caller's is 403, another's alertId is 404.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ALERT_PAGE_SIZE,
  ALERT_PATHS,
  MessageEarlyWarningQuerySchema,
  UnreadCountReplySchema,
  UpdateMessageStatusBodySchema,
  UpdateMessageStatusReplySchema,
  WarningMessagePageReplySchema,
} from '@tfb/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { markRead, pageMessages, unreadCount } from './repository.js';

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['alerts'];

  // pageNum is zero-based like every page of the product; 5 is the only page size: larger sizes are served as 5
  // and the reply says clamped.
  app.get(
    ALERT_PATHS.messages,
    {
      config: { access: 'signedIn' },
      schema: { tags, querystring: MessageEarlyWarningQuerySchema, response: { 200: WarningMessagePageReplySchema } },
    },
    async (req) => {
      const s = req.session();
      const q = req.query;
      if (q.userId !== undefined && q.userId !== s.userId) throw forbidden('只能查看本人的预警消息');
      const clamped = q.pageSize > ALERT_PAGE_SIZE;
      const pageSize = clamped ? ALERT_PAGE_SIZE : q.pageSize;
      const owner = { enterpriseId: s.enterpriseId, userId: s.userId };
      const [{ content, total }, unread] = await Promise.all([
        pageMessages(db, owner, { offset: q.pageNum * pageSize, limit: pageSize }),
        unreadCount(db, owner),
      ]);
      return ok({ content, totalElements: total, pageNum: q.pageNum, pageSize, ...(clamped ? { clamped } : {}), unreadCount: unread });
    },
  );

  app.put(
    ALERT_PATHS.updateStatus,
    {
      config: { access: 'signedIn' },
      schema: { tags, body: UpdateMessageStatusBodySchema, response: { 200: UpdateMessageStatusReplySchema } },
    },
    async (req) => {
      const s = req.session();
      const owner = { enterpriseId: s.enterpriseId, userId: s.userId };
      const r = await markRead(db, owner, req.body.alertId);
      if (!r) throw notFound('预警消息');
      return ok({ alertId: req.body.alertId, isRead: true, readAt: r.readAt, unreadCount: await unreadCount(db, owner) });
    },
  );

  app.get(
    ALERT_PATHS.unreadCount,
    { config: { access: 'signedIn' }, schema: { tags, response: { 200: UnreadCountReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok({ unreadCount: await unreadCount(db, { enterpriseId: s.enterpriseId, userId: s.userId }) });
    },
  );
};
