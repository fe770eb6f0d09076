// GET /api/audit?entity=&id=: one record's audit trail, paged zero-based, newest first. Readers of any audited area
// may call it; the handler then requires the read permission of the record's own area (contract → contracts:read …).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_ENTITIES, AUDIT_PATHS, AuditPageReplySchema, AuditQuerySchema, auditReadPermission } from '@tfb/contract';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { requireAccess } from '../../plugins/access.js';
import { pageAudit } from './repository.js';

const AUDITED_AREAS_READ = [...new Set(AUDIT_ENTITIES.map(auditReadPermission))];

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    AUDIT_PATHS.list,
    { config: { access: AUDITED_AREAS_READ }, schema: { tags: ['audit'], querystring: AuditQuerySchema, response: { 200: AuditPageReplySchema } } },
    async (req) => {
      const s = requireAccess(req, auditReadPermission(req.query.entity));
      const w = pageWindow(req.query);
      const { content, total } = await pageAudit(db, s.enterpriseId, req.query.entity, req.query.id, w);
      return ok(pageOf(content, total, w));
    },
  );
};
