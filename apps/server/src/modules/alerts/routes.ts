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
  WARNING_MESSAGE_EXPORT,
  WarningMessagePageReplySchema,
} from '@tfb/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import { listExportRoute } from '../../lib/list-export.js';
import { sessionCall } from '../../lib/route.js';
import type { Session } from '../../plugins/session.js';
import { markRead, pageMessages, unreadCount } from './repository.js';

export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['alerts'];

  // pageNum is zero-based like every page of the product; 5 is the only page size: larger sizes are served as 5
  // and the reply says clamped.
  const messages = { access: 'signedIn', tags, query: MessageEarlyWarningQuerySchema, reply: WarningMessagePageReplySchema } as const;
  sessionCall(app, 'GET', ALERT_PATHS.messages, messages, async (s, { query: q }) => {
    if (q.userId !== undefined && q.userId !== s.userId) throw forbidden('只能查看本人的预警消息');
    const clamped = q.pageSize > ALERT_PAGE_SIZE;
    const pageSize = clamped ? ALERT_PAGE_SIZE : q.pageSize;
    const owner = ownerOf(s);
    const [{ content, total }, unread] = await Promise.all([
      pageMessages(db, owner, { offset: q.pageNum * pageSize, limit: pageSize }),
      unreadCount(db, owner),
    ]);
    return { content, totalElements: total, pageNum: q.pageNum, pageSize, ...(clamped ? { clamped } : {}), unreadCount: unread };
  });
  // 导出 Excel: every one of the caller's messages (the same owner and userId rule; the list's pageNum and its page
  // size of 5 are the page's, the export reads through the window it asks for). Exporting marks nothing read.
  listExportRoute(app, WARNING_MESSAGE_EXPORT, { access: 'signedIn', tags, query: MessageEarlyWarningQuerySchema }, async (s, q, w) => {
    if (q.userId !== undefined && q.userId !== s.userId) throw forbidden('只能查看本人的预警消息');
    return pageMessages(db, ownerOf(s), { offset: w.offset, limit: w.limit });
  });

  const updateStatus = { access: 'signedIn', tags, body: UpdateMessageStatusBodySchema, reply: UpdateMessageStatusReplySchema } as const;
  sessionCall(app, 'PUT', ALERT_PATHS.updateStatus, updateStatus, async (s, { body }) => {
    const owner = ownerOf(s);
    const r = await markRead(db, owner, body.alertId);
    if (!r) throw notFound('预警消息');
    return { alertId: body.alertId, isRead: true, readAt: r.readAt, unreadCount: await unreadCount(db, owner) };
  });

  const unread = { access: 'signedIn', tags, reply: UnreadCountReplySchema } as const;
  sessionCall(app, 'GET', ALERT_PATHS.unreadCount, unread, async (s) => ({ unreadCount: await unreadCount(db, ownerOf(s)) }));
};

/** A caller's messages are those of their enterprise addressed to them. */
const ownerOf = (s: Session) => ({ enterpriseId: s.enterpriseId, userId: s.userId });
