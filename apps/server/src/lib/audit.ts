// The audit trail: one helper every business write calls inside its own transaction, so the trail row and the
// write commit (or roll back) together. It keeps the field-level changes between the record as the client reads
// it before and after the write (wire field names), with goods lines, documents and addresses as short readable
// summaries rather than raw JSON.
import type { Kysely } from 'kysely';
import type { AuditAction, AuditChange, AuditEntity, AuditValue } from '@tfb/contract';
import type { DB } from '../db/types.js';

export type AuditActor = { enterpriseId: string; userId: string };

/** Bookkeeping fields that change on every write or never carry business meaning. */
const IGNORED = new Set([
  'id',
  'createTime',
  'updateTime',
  'version',
  'processInstanceId',
  'enterpriseId',
  'isDelete',
  'createUserId',
  'createUserName',
  'changeUserId',
  'changeUserName',
]);

const MAX_SUMMARY = 500;

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const join = (parts: unknown[], sep = ' '): string =>
  parts
    .map(text)
    .filter((p) => p !== '')
    .join(sep);

/** One list item or nested record as a person reads it. */
function summariseItem(v: unknown): string {
  if (!isPlain(v)) return text(v);
  if ('goodsName' in v) {
    const head = join([v.goodsName, v.specificationModels]);
    if ('quantity' in v) return `${head} ${text(v.quantity)}${text(v.unit)} × ${text(v.price)}`;
    // Warehouse order lines: the amounts they carry (weights, counts), named by field.
    const amounts = Object.entries(v)
      .filter(([k, x]) => typeof x === 'number' && !/id$/i.test(k))
      .map(([k, x]) => `${k}=${String(x)}`);
    return amounts.length ? `${head} (${amounts.join(', ')})` : head;
  }
  if ('fileName' in v || 'fileTypeName' in v) return join([text(v.fileTypeName) && `${text(v.fileTypeName)}：`, v.fileName], '');
  if ('contacts' in v) return join([v.contacts, v.contactsPhone, join([v.province, v.city, v.area, v.detailedAddress], '')]);
  if ('name' in v) return text(v.name);
  return JSON.stringify(v);
}

const clip = (s: string, count?: number): string =>
  s.length <= MAX_SUMMARY ? s : `${s.slice(0, MAX_SUMMARY)}…${count === undefined ? '' : `（共 ${count} 项）`}`;

/** The value the trail keeps for one field. */
export function auditValue(v: unknown): AuditValue {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v)) return clip(v.map(summariseItem).join('；'), v.length);
  return clip(summariseItem(v));
}

const isEmpty = (v: AuditValue): boolean => v === null || v === '';

/**
 * The changed fields between two wire shapes of one record (`before` null: a create, which lists every field
 * given a value). `ignore` names further fields the caller's record carries twice (an id beside its code).
 */
export function diffRecords(before: object | null | undefined, after: object, ignore: readonly string[] = []): AuditChange[] {
  const b = (before ?? {}) as Plain;
  const a = after as Plain;
  const skip = new Set([...IGNORED, ...ignore]);
  const out: AuditChange[] = [];
  for (const field of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (skip.has(field)) continue;
    const from = before ? auditValue(b[field]) : null;
    const to = auditValue(a[field]);
    if (!before && isEmpty(to)) continue;
    if (JSON.stringify(from) !== JSON.stringify(to)) out.push({ field, from, to });
  }
  return out;
}

export type AuditRecord = { entity: AuditEntity; entityId: number; action: AuditAction; diff: AuditChange[] };

/** Appends one row to the trail. Call it with the transaction of the write it records. */
export async function recordAudit(trx: Kysely<DB>, actor: AuditActor, r: AuditRecord): Promise<void> {
  const user = await trx.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst();
  await trx
    .insertInto('audit_log')
    .values({
      enterprise_id: actor.enterpriseId,
      entity: r.entity,
      entity_id: r.entityId,
      action: r.action,
      user_id: actor.userId,
      user_name: user?.name || actor.userId,
      diff: JSON.stringify(r.diff),
    })
    .execute();
}

/** Records a create or update of a record from its wire shape before (null for a create) and after the write. */
export async function auditWrite(
  trx: Kysely<DB>,
  actor: AuditActor,
  entity: AuditEntity,
  entityId: number,
  before: object | null | undefined,
  after: object,
  ignore: readonly string[] = [],
): Promise<void> {
  await recordAudit(trx, actor, { entity, entityId, action: before ? 'update' : 'create', diff: diffRecords(before, after, ignore) });
}
