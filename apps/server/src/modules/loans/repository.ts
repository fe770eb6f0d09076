// Loan applications of one enterprise. The picked contract supplies contractNum, contractAmount and
// corporateName; the client cannot set them.
import { sql, type Kysely } from 'kysely';
import type { BusinessStatus, LoanRow, SaveLoanBody } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

export type Actor = { enterpriseId: string; userId: string };
export type Filter = { search?: string | undefined; status?: BusinessStatus | undefined; createDate?: string | undefined };
export type UpdateOutcome = 'updated' | 'missing' | 'submitted';

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

export async function getLoan(db: Kysely<DB>, enterpriseId: string, id: number): Promise<LoanRow | undefined> {
  const r = await db.selectFrom('loan_applications').select(columns).where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
  return r && toRow(r);
}

/** The fields taken from the picked contract (another enterprise's contract does not exist). */
async function fromContract(db: Kysely<DB>, enterpriseId: string, b: SaveLoanBody) {
  const c = await db
    .selectFrom('contracts')
    .select(['id', 'code', 'money', 'enterprise_name'])
    .where('enterprise_id', '=', enterpriseId)
    .where('id', '=', b.contractId)
    .executeTakeFirst();
  if (!c) throw badRequest('合同不存在', [{ field: 'contractId', message: '合同不存在' }]);
  let applicant = b.applicantName;
  if (!applicant) {
    const e = await db.selectFrom('enterprises').select('name').where('id', '=', enterpriseId).executeTakeFirst();
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

export async function createLoan(db: Kysely<DB>, actor: Actor, code: string, b: SaveLoanBody): Promise<LoanRow> {
  const values = await fromContract(db, actor.enterpriseId, b);
  const r = await db
    .insertInto('loan_applications')
    .values({ ...values, enterprise_id: actor.enterpriseId, application_form_num: code, created_by: actor.userId, updated_by: actor.userId })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toRow(r);
}

export async function updateLoan(db: Kysely<DB>, actor: Actor, id: number, b: SaveLoanBody): Promise<UpdateOutcome> {
  const current = await getLoan(db, actor.enterpriseId, id);
  if (!current) return 'missing';
  if (current.status === 'submitted') return 'submitted';
  const values = await fromContract(db, actor.enterpriseId, b);
  const updated = await db
    .updateTable('loan_applications')
    .set({ ...values, updated_by: actor.userId, updated_at: sql<string>`now()` })
    .where('enterprise_id', '=', actor.enterpriseId)
    .where('id', '=', id)
    .where('status', '<>', 'submitted')
    .returning('id')
    .executeTakeFirst();
  return updated ? 'updated' : 'submitted';
}
