// The audit trail: every write to a business record appends who, when, what (entity and id) and the
// field-level changes, in the same transaction as the write. GET /api/audit answers one record's trail,
// newest first, paged zero-based, to callers who may read the record's area. Also the optimistic-locking
// `version` every editable record carries (an update sending an older one is refused with 409).
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import type { Permission, PermissionArea } from './permissions.js';

/** The records the trail covers (a closed union: a new kind must name its permission area below). */
export const AUDIT_ENTITIES = [
  'contract',
  'salesOrder',
  'purchaseOrder',
  'project',
  'loan',
  'settlement',
  'goods',
  'address',
  'inStorageOrder',
  'outboundOrder',
  'portalWebsiteItem',
  'portalWebsitesItem',
  'customer',
  'productSigning',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** Reading a record's trail needs the read permission of its area. */
export const AUDIT_ENTITY_AREAS = {
  contract: 'contracts',
  salesOrder: 'orders',
  purchaseOrder: 'orders',
  project: 'projects',
  loan: 'funds',
  settlement: 'funds',
  goods: 'goods',
  address: 'customers',
  inStorageOrder: 'warehouse',
  outboundOrder: 'warehouse',
  // A portal site's content items (saves, submissions, approvals, withdrawals, scheduled transitions).
  portalWebsiteItem: 'portalWebsite',
  portalWebsitesItem: 'portalWebsites',
  customer: 'customers',
  productSigning: 'products',
} as const satisfies Record<AuditEntity, PermissionArea>;

export const auditReadPermission = (entity: AuditEntity): Permission => `${AUDIT_ENTITY_AREAS[entity]}:read`;

/** What a write did: create, update, the approval steps, and the address book's default flag. */
export const AUDIT_ACTIONS = ['create', 'update', 'submit', 'approve', 'reject', 'setDefault', 'unsetDefault'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** A changed value as the trail keeps it: scalars as they were, lists and nested records as a readable summary. */
export const AuditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof AuditValueSchema>;

/** One field's change; `field` is the record's wire field name (e.g. `money`, `goods`, `status`). */
export const AuditChangeSchema = z.object({ field: z.string(), from: AuditValueSchema, to: AuditValueSchema });
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  userId: z.string(),
  userName: z.string(),
  createTime: z.string(),
  diff: z.array(AuditChangeSchema),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = PageQuerySchema.extend({
  entity: z.enum(AUDIT_ENTITIES, { error: '记录类型不存在' }),
  id: z.coerce.number({ error: '记录 id 必须是正整数' }).int('记录 id 必须是正整数').positive('记录 id 必须是正整数'),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditPageReplySchema = envelope(pageOf(AuditEntrySchema));

export const AUDIT_PATHS = { list: '/api/audit' } as const;

/** The `version` an update sends back: the one it read (optimistic locking). */
export const versionField = () => z.coerce.number({ error: '版本号必须是正整数' }).int('版本号必须是正整数').min(1, '版本号必须是正整数');
