// Loan applications of one enterprise with their own document rows. The picked contract supplies contractNum,
// contractAmount and corporateName; the client cannot set them. A save writes the header and the document rows
// in one transaction.
import type { Kysely } from 'kysely';
import type { BusinessStatus, LoanDetail, LoanRow, SaveLoanBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { documentsOf, replaceDocuments } from '../../lib/documents.js';
import { pickContract } from '../../lib/contract-limits.js';
import type { PageWindow, Paged } from '../../lib/paging.js';
import { latestProcessInstanceId } from '../../lib/process-ref.js';
import { pageRecords, RECORD_META_COLUMNS, recordMeta, recordWrites, type RowOf } from '../../lib/records.js';
import { ownedRecord } from '../../lib/owned.js';

export type Filter = { search?: string | undefined; status?: BusinessStatus | undefined; createDate?: string | undefined };
const SOURCE_TYPE = 'loan' as const;
/** The trail shows the contract by its number. */
const AUDIT_IGNORE = ['contractId'];

const columns = [
  'id',
  'application_form_num',
  'applicant_name',
  'create_date',
  'contract_id',
  'contract_num',
  'contract_amount',
  'corporate_name',
  'loan_amount',
  ...RECORD_META_COLUMNS,
] as const;

const toRow = (r: RowOf<'loan_applications', (typeof columns)[number]>): LoanRow => ({
  id: r.id,
  applicationFormNum: r.application_form_num,
  applicantName: r.applicant_name,
  createDate: r.create_date,
  contractId: r.contract_id,
  contractNum: r.contract_num,
  contractAmount: Number(r.contract_amount),
  corporateName: r.corporate_name,
  loanAmount: Number(r.loan_amount),
  ...recordMeta(r),
});

export async function pageLoans(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow): Promise<Paged<LoanRow>> {
  return pageRecords(
    db,
    'loan_applications',
    { columns, toRow },
    enterpriseId,
    {
      status: f.status,
      equals: { create_date: f.createDate },
      matching: [[f.search, ['application_form_num', 'applicant_name', 'contract_num', 'corporate_name']]],
    },
    w,
  );
}

export async function getLoan(db: Kysely<DB>, enterpriseId: string, id: number): Promise<LoanDetail | undefined> {
  const r = await ownedRecord(db.selectFrom('loan_applications').select(columns), enterpriseId, id);
  if (!r) return undefined;
  const [documents, processInstanceId] = await Promise.all([
    documentsOf(db, enterpriseId, SOURCE_TYPE, id),
    latestProcessInstanceId(db, enterpriseId, 'loan', id),
  ]);
  return { ...toRow(r), documents, processInstanceId };
}

/**
 * Create, and update while a draft or rejected. contractNum, contractAmount and corporateName come from the picked
 * contract (another enterprise's contract does not exist), read under its row lock with the amount checked
 * against what the other live applications leave of it.
 */
export const { create: createLoan, update: updateLoan } = recordWrites('loan_applications', 'application_form_num', {
  entity: 'loan',
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx, actor, b: SaveLoanBody, id) => {
    const c = await pickContract(trx, actor.enterpriseId, b.contractId, 'loan', b.loanAmount, id);
    let applicant = b.applicantName;
    if (!applicant) {
      const e = await trx.selectFrom('enterprises').select('name').where('id', '=', actor.enterpriseId).executeTakeFirst();
      applicant = e?.name ?? '';
    }
    return {
      contract_id: c.id,
      contract_num: c.code,
      contract_amount: c.money,
      corporate_name: c.enterprise_name,
      applicant_name: applicant,
      loan_amount: b.loanAmount,
      status: b.status,
    };
  },
  children: (trx, actor, id, b) => replaceDocuments(trx, actor, SOURCE_TYPE, id, b.documents),
  read: getLoan,
});
