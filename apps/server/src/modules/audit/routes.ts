// GET /api/audit?entity=&id=: one record's audit trail, paged zero-based, newest first. Readers of any audited area
// may call it; the handler then requires the read permission of the record's own area (contract → contracts:read …).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_ENTITIES, AUDIT_PATHS, AuditPageReplySchema, AuditQuerySchema, auditReadPermission } from '@tfb/contract';
import { pagedGet } from '../../lib/route.js';
import { assertAccess } from '../../plugins/access.js';
import { pageAudit } from './repository.js';

const AUDITED_AREAS_READ = [...new Set(AUDIT_ENTITIES.map(auditReadPermission))];

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  pagedGet(
    app,
    AUDIT_PATHS.list,
    { access: AUDITED_AREAS_READ, tags: ['audit'], query: AuditQuerySchema, reply: AuditPageReplySchema },
    (s, q, w) => {
      assertAccess(s, auditReadPermission(q.entity));
      return pageAudit(db, s.enterpriseId, q.entity, q.id, w);
    },
  );
};
