// One record's audit trail, newest first, within the caller's enterprise (another enterprise's record has none).
import type { Kysely } from 'kysely';
import { AuditChangeSchema, type AuditAction, type AuditEntity, type AuditEntry } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { fetchPage, type PageWindow, type Paged } from '../../lib/paging.js';

const DiffSchema = AuditChangeSchema.array().catch([]);

export async function pageAudit(
  db: Kysely<DB>,
  enterpriseId: string,
  entity: AuditEntity,
  entityId: number,
  w: PageWindow,
): Promise<Paged<AuditEntry>> {
  const q = db
    .selectFrom('audit_log')
    .where('enterprise_id', '=', enterpriseId)
    .where('entity', '=', entity)
    .where('entity_id', '=', entityId);
  const columns = ['id', 'entity', 'entity_id', 'action', 'user_id', 'user_name', 'created_at', 'diff'] as const;
  return fetchPage(
    db,
    q,
    (p) => p.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    w,
    (r) => ({
      id: r.id,
      entity: r.entity as AuditEntity,
      entityId: r.entity_id,
      action: r.action as AuditAction,
      userId: r.user_id,
      userName: r.user_name,
      createTime: r.created_at,
      // jsonb arrives parsed; a text column (older drivers) arrives as a string.
      diff: DiffSchema.parse(typeof r.diff === 'string' ? JSON.parse(r.diff) : r.diff),
    }),
  );
}
