// Settlements of one enterprise, each against one of its contracts (code, type and counterparty are
// snapshotted from the contract when saved).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BusinessStatus, SaveSettlementBody, SettlementRow } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { assertSettlementWithinContract } from '../../lib/contract-limits.js';
import { auditWrite } from '../../lib/audit.js';
import { lockForEdit, nextVersion, saved, type SaveOutcome } from '../../lib/edit-rules.js';
import { badRequest } from '../../lib/errors.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

export type Actor = { enterpriseId: string; userId: string };
export type Filter = { search?: string | undefined; status?: BusinessStatus | undefined; type?: number | undefined };

const columns = [
  'id',
  'settle_code',
  'contract_id',
  'contract_code',
  'contract_type',
  'enterprise_name',
  'type',
  'money',
  'settle_date',
  'remark',
  'status',
  'created_at',
  'updated_at',
  'version',
] as const;

const toRow = (r: {
  id: number;
  settle_code: string;
  contract_id: number | null;
  contract_code: string;
  contract_type: string;
  enterprise_name: string;
  type: number;
  money: number;
  settle_date: string | null;
  remark: string;
  status: string;
  created_at: string;
  updated_at: string;
  version: number;
}): SettlementRow => ({
  id: r.id,
  settleCode: r.settle_code,
  contractId: r.contract_id,
  contractCode: r.contract_code,
  contractType: r.contract_type,
  enterpriseName: r.enterprise_name,
  type: r.type,
  money: Number(r.money),
  settleDate: r.settle_date,
  remark: r.remark,
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

export async function pageSettlements(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('settlements').where('enterprise_id', '=', enterpriseId);
  if (f.type !== undefined) q = q.where('type', '=', f.type);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) => eb.or([eb('settle_code', 'ilike', p), eb('contract_code', 'ilike', p), eb('enterprise_name', 'ilike', p)]));
  }
  const [rows, count] = await Promise.all([
    q.select(columns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(toRow), total: Number(count.n) };
}

export async function getSettlement(db: Kysely<DB>, enterpriseId: string, id: number): Promise<SettlementRow | undefined> {
  const r = await db.selectFrom('settlements').select(columns).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return r && toRow(r);
}

/**
 * The fields snapshotted from the contract, read under its row lock, with the money checked against what the
 * other live settlements leave of the contract amount (`settlementId`: the one edited).
 */
async function fields(trx: Transaction<DB>, enterpriseId: string, b: SaveSettlementBody, settlementId: number | undefined) {
  const c = await trx
    .selectFrom('contracts')
    .select(['id', 'code', 'contract_type', 'enterprise_name', 'money'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', b.contractId)
    .forUpdate()
    .executeTakeFirst();
  if (!c) throw badRequest('合同不存在', [{ field: 'contractId', message: '合同不存在' }]);
  await assertSettlementWithinContract(trx, enterpriseId, c, b.money, settlementId);
  return {
    contract_id: c.id,
    contract_code: c.code,
    contract_type: c.contract_type,
    enterprise_name: c.enterprise_name,
    type: b.type,
    money: b.money,
    settle_date: b.settleDate,
    remark: b.remark,
    status: b.status,
  };
}

/** The trail shows the contract by its code. */
const AUDIT_IGNORE = ['contractId'];

export async function createSettlement(db: Kysely<DB>, actor: Actor, code: string, b: SaveSettlementBody): Promise<SettlementRow> {
  return db.transaction().execute(async (trx) => {
    const values = await fields(trx, actor.enterpriseId, b, undefined);
    const r = await trx
      .insertInto('settlements')
      .values({ ...values, enterprise_id: actor.enterpriseId, settle_code: code, created_by: actor.userId, updated_by: actor.userId })
      .returning(columns)
      .executeTakeFirstOrThrow();
    const created = toRow(r);
    await auditWrite(trx, actor, 'settlement', created.id, null, created, AUDIT_IGNORE);
    return created;
  });
}

/** Only a draft settlement of the caller's enterprise changes, and only from the version the client read. */
export async function updateSettlement(
  db: Kysely<DB>,
  actor: Actor,
  id: number,
  b: SaveSettlementBody,
  version: number,
): Promise<SaveOutcome<SettlementRow>> {
  return db.transaction().execute(async (trx) => {
    const refused = await lockForEdit(trx, 'settlements', actor.enterpriseId, id, version);
    if (refused) return refused;
    const before = await getSettlement(trx, actor.enterpriseId, id);
    const values = await fields(trx, actor.enterpriseId, b, id);
    const r = await trx
      .updateTable('settlements')
      .set({ ...values, version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    const updated = toRow(r);
    await auditWrite(trx, actor, 'settlement', id, before, updated, AUDIT_IGNORE);
    return saved(updated);
  });
}
