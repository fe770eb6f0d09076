// Settlements of one enterprise, each against one of its contracts (code, type and counterparty are
// snapshotted from the contract when saved).
import type { Kysely } from 'kysely';
import type { BusinessStatus, SaveSettlementBody, SettlementRow } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { pickContract } from '../../lib/contract-limits.js';
import type { PageWindow, Paged } from '../../lib/paging.js';
import { pageRecords, RECORD_META_COLUMNS, recordMeta, recordWrites, type RowOf } from '../../lib/records.js';
import { ownedRecord } from '../../lib/owned.js';

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
  ...RECORD_META_COLUMNS,
] as const;

const toRow = (r: RowOf<'settlements', (typeof columns)[number]>): SettlementRow => ({
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
  ...recordMeta(r),
});

export async function pageSettlements(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow): Promise<Paged<SettlementRow>> {
  return pageRecords(
    db,
    'settlements',
    { columns, toRow },
    enterpriseId,
    {
      status: f.status,
      equals: { type: f.type },
      matching: [[f.search, ['settle_code', 'contract_code', 'enterprise_name']]],
    },
    w,
  );
}

export async function getSettlement(db: Kysely<DB>, enterpriseId: string, id: number): Promise<SettlementRow | undefined> {
  const r = await ownedRecord(db.selectFrom('settlements').select(columns), enterpriseId, id);
  return r && toRow(r);
}

/** The trail shows the contract by its code. */
const AUDIT_IGNORE = ['contractId'];

/**
 * Create, and update while a draft (or rejected). The contract's code, type and counterparty are snapshotted,
 * read under its row lock with the money checked against what the other live settlements leave of its amount.
 */
export const { create: createSettlement, update: updateSettlement } = recordWrites('settlements', 'settle_code', {
  entity: 'settlement',
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx, actor, b: SaveSettlementBody, id) => {
    const c = await pickContract(trx, actor.enterpriseId, b.contractId, 'settlement', b.money, id);
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
  },
  read: getSettlement,
});
