// GET /api/audit?entity=&id=: one record's audit trail, paged zero-based, newest first. Any signed-in user may
// call it; the handler then requires the read permission of the record's area (contract → contracts:read …).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_PATHS, AuditPageReplySchema, AuditQuerySchema, PERMISSION_MESSAGES, auditReadPermission, can } from '@tfb/contract';
import { AppError } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { pageAudit } from './repository.js';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    AUDIT_PATHS.list,
    { config: { access: 'signedIn' }, schema: { tags: ['audit'], querystring: AuditQuerySchema, response: { 200: AuditPageReplySchema } } },
    async (req) => {
      const s = req.session();
      const permission = auditReadPermission(req.query.entity);
      if (!can(s.roles, permission)) throw new AppError(40301, PERMISSION_MESSAGES.denied(permission));
      const w = pageWindow(req.query);
      const { content, total } = await pageAudit(db, s.enterpriseId, req.query.entity, req.query.id, w);
      return ok(pageOf(content, total, w));
    },
  );
};
