// What a contract's amount still allows: loan applications (live: every status but rejected) and settlements
// (likewise) may together take at most the contract amount. A save locks the contract row first, so two concurrent
// saves on one contract are summed one after the other and cannot together exceed it.
import type { Kysely } from 'kysely';
import { loanAmountProblem, remainingMoney, settlementAmountProblem, type ContractLimits } from '@tfb/contract';
import type { DB } from '../db/types.js';
import { fieldError } from './errors.js';
import { ownedById, ownedRecord } from './owned.js';

/** Records that no longer hold part of the contract's amount. */
const RELEASED_STATUS = 'rejected';

export type LimitExclusions = { loanId?: number | undefined; settlementId?: number | undefined };

async function takenBy(
  db: Kysely<DB>,
  table: 'loan_applications' | 'settlements',
  enterpriseId: string,
  contractId: number,
  excludeId: number | undefined,
) {
  const column = table === 'loan_applications' ? 'loan_amount' : 'money';
  let q = db
    .selectFrom(table)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(column), eb.val(0)).as('n'))
    .where('enterprise_id', '=', enterpriseId)
    .where('contract_id', '=', contractId)
    .where('status', '<>', RELEASED_STATUS);
  if (excludeId !== undefined) q = q.where('id', '<>', excludeId);
  const r = await q.executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The contract's amount and what remains of it for loans and settlements, leaving out the record being edited. */
export async function contractLimits(
  db: Kysely<DB>,
  enterpriseId: string,
  contract: { id: number; money: number },
  exclude: LimitExclusions = {},
): Promise<ContractLimits> {
  const [loaned, settled] = await Promise.all([
    takenBy(db, 'loan_applications', enterpriseId, contract.id, exclude.loanId),
    takenBy(db, 'settlements', enterpriseId, contract.id, exclude.settlementId),
  ]);
  const amount = Number(contract.money);
  return { contractAmount: amount, loanRemaining: remainingMoney(amount, loaned), settlementRemaining: remainingMoney(amount, settled) };
}

/**
 * The contract a loan application or settlement picks (another enterprise's does not exist), read under its row lock
 * so that concurrent saves on it wait, with `amount` checked against what the other live records of the kind leave
 * of it (`excludeId`: the one edited). 400 on contractId when it is missing, on loanAmount or money when too much.
 */
export async function pickContract(
  trx: Kysely<DB>,
  enterpriseId: string,
  contractId: number,
  kind: 'loan' | 'settlement',
  amount: number,
  excludeId: number | undefined,
) {
  const c = await lockContract(trx, enterpriseId, contractId);
  if (!c) throw fieldError('contractId', '合同不存在');
  await assertWithinContract(trx, enterpriseId, c, kind, amount, excludeId);
  return c;
}

const lockContract = (trx: Kysely<DB>, enterpriseId: string, contractId: number) =>
  ownedById(trx.selectFrom('contracts').select(['id', 'code', 'contract_type', 'enterprise_name', 'money']), enterpriseId, contractId)
    .forUpdate()
    .executeTakeFirst();

/** Refuses an amount of the kind above what the other live records of the kind leave of the locked contract. */
async function assertWithinContract(
  trx: Kysely<DB>,
  enterpriseId: string,
  contract: { id: number; money: number },
  kind: 'loan' | 'settlement',
  amount: number,
  excludeId: number | undefined,
): Promise<void> {
  const loan = kind === 'loan';
  const limits = await contractLimits(trx, enterpriseId, contract, loan ? { loanId: excludeId } : { settlementId: excludeId });
  const problem = loan
    ? loanAmountProblem(amount, { limit: limits.contractAmount, remaining: limits.loanRemaining })
    : settlementAmountProblem(amount, { limit: limits.contractAmount, remaining: limits.settlementRemaining });
  if (problem) throw fieldError(loan ? 'loanAmount' : 'money', problem);
}

/**
 * A rejected application holds nothing of its contract; submitting it again makes it live, so it must still fit.
 * Inside the caller's transaction (which holds the application's row lock): locks the contract and checks.
 */
export async function assertResubmittedLoanFits(trx: Kysely<DB>, enterpriseId: string, loanId: number): Promise<void> {
  const loan = await ownedRecord(trx.selectFrom('loan_applications').select(['contract_id', 'loan_amount']), enterpriseId, loanId);
  if (!loan || loan.contract_id === null) return;
  const contract = await lockContract(trx, enterpriseId, loan.contract_id);
  if (contract) await assertWithinContract(trx, enterpriseId, contract, 'loan', Number(loan.loan_amount), loanId);
}
