// Loan applications of one enterprise with their own document rows. The picked contract supplies contractNum,
// contractAmount and corporateName; the client cannot set them. A save writes the header and the document rows
// in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { BusinessStatus, LoanDetail, LoanRow, SaveLoanBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { documentsOf, replaceDocuments } from '../../lib/documents.js';
import { auditedRecord, lockForEdit, nextVersion, saved, type SaveOutcome } from '../../lib/edit-rules.js';
import { assertLoanWithinContract } from '../../lib/contract-limits.js';
import { badRequest } from '../../lib/errors.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';
import { latestProcessInstanceId } from '../../lib/process-ref.js';

export type Actor = { enterpriseId: string; userId: string };
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
  'status',
  'created_at',
  'updated_at',
  'version',
] as const;

const toRow = (r: {
  id: number;
  application_form_num: string;
  applicant_name: string;
  create_date: string;
  contract_id: number | null;
  contract_num: string;
  contract_amount: number;
  corporate_name: string;
  loan_amount: number;
  status: string;
  created_at: string;
  updated_at: string;
  version: number;
}): LoanRow => ({
  id: r.id,
  applicationFormNum: r.application_form_num,
  applicantName: r.applicant_name,
  createDate: r.create_date,
  contractId: r.contract_id,
  contractNum: r.contract_num,
  contractAmount: Number(r.contract_amount),
  corporateName: r.corporate_name,
  loanAmount: Number(r.loan_amount),
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

export async function pageLoans(db: Kysely<DB>, enterpriseId: string, f: Filter, w: PageWindow) {
  let q = db.selectFrom('loan_applications').where('enterprise_id', '=', enterpriseId);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.createDate) q = q.where('create_date', '=', f.createDate);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb('application_form_num', 'ilike', p),
        eb('applicant_name', 'ilike', p),
        eb('contract_num', 'ilike', p),
        eb('corporate_name', 'ilike', p),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    q.select(columns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(toRow), total: Number(count.n) };
}

export async function getLoan(db: Kysely<DB>, enterpriseId: string, id: number): Promise<LoanDetail | undefined> {
  const r = await db.selectFrom('loan_applications').select(columns).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const [documents, processInstanceId] = await Promise.all([
    documentsOf(db, enterpriseId, SOURCE_TYPE, id),
    latestProcessInstanceId(db, enterpriseId, 'loan', id),
  ]);
  return { ...toRow(r), documents, processInstanceId };
}

/**
 * The fields taken from the picked contract (another enterprise's contract does not exist). The contract row is
 * locked and the amount checked against what the other live applications leave of it (`loanId`: the one edited).
 */
async function fromContract(trx: Transaction<DB>, enterpriseId: string, b: SaveLoanBody, loanId: number | undefined) {
  const c = await trx
    .selectFrom('contracts')
    .select(['id', 'code', 'money', 'enterprise_name'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', b.contractId)
    .forUpdate()
    .executeTakeFirst();
  if (!c) throw badRequest('合同不存在', [{ field: 'contractId', message: '合同不存在' }]);
  await assertLoanWithinContract(trx, enterpriseId, c, b.loanAmount, loanId);
  let applicant = b.applicantName;
  if (!applicant) {
    const e = await trx.selectFrom('enterprises').select('name').where('id', '=', enterpriseId).executeTakeFirst();
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
}

export async function createLoan(db: Kysely<DB>, actor: Actor, code: string, b: SaveLoanBody): Promise<LoanDetail> {
  return db.transaction().execute(async (trx) => {
    const values = await fromContract(trx, actor.enterpriseId, b, undefined);
    const { id } = await trx
      .insertInto('loan_applications')
      .values({ ...values, enterprise_id: actor.enterpriseId, application_form_num: code, created_by: actor.userId, updated_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceDocuments(trx, actor, SOURCE_TYPE, id, b.documents);
    return auditedRecord(trx, actor, 'loan', id, null, getLoan(trx, actor.enterpriseId, id), AUDIT_IGNORE);
  });
}

/** Only a draft or rejected application changes; the row lock orders this against a concurrent submit. */
export async function updateLoan(db: Kysely<DB>, actor: Actor, id: number, b: SaveLoanBody, version: number): Promise<SaveOutcome<LoanDetail>> {
  return db.transaction().execute(async (trx) => {
    const refused = await lockForEdit(trx, 'loan_applications', actor.enterpriseId, id, version);
    if (refused) return refused;
    const before = await getLoan(trx, actor.enterpriseId, id);
    const values = await fromContract(trx, actor.enterpriseId, b, id);
    await trx
      .updateTable('loan_applications')
      .set({ ...values, version: nextVersion(), updated_by: actor.userId, updated_at: sql<string>`now()` })
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .execute();
    await replaceDocuments(trx, actor, SOURCE_TYPE, id, b.documents);
    return saved(await auditedRecord(trx, actor, 'loan', id, before, getLoan(trx, actor.enterpriseId, id), AUDIT_IGNORE));
  });
}
