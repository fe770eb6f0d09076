// Demo data of the enterprise's in-storage notices and delivery applications (P28), for enterprise A: notices on its
// latest purchase contracts (one approved, one waiting for approval, one rejected) and delivery applications against
// its approved loans whose contracts are partly repaid (one approved, turned into a 提货申请生成 delivery instruction;
// one waiting). Quantities stay within the limits the server enforces. Runs once, after the business seed.
import { sql, type Transaction } from 'kysely';
import {
  APPROVER_ROLE,
  DELIVERY_DATA_SOURCE_APPLY,
  PROCESS_ARCHIVE_TASK,
  PROCESS_MESSAGES,
  WAREHOUSE_FLOW_TASKS,
  releasedShare,
  repaidRatio,
} from '@tfb/contract';
import { formatNumber, NUMBER_KEYS } from '../lib/numbering.js';
import type { DB } from './types.js';

const ENTERPRISE = 'ent-a';
const STAFF = { id: 'demo-a-staff', name: '张伟' };
const APPROVER = { id: 'demo-a-approver', name: '周敏' };

type Outcome = 'approving' | 'approved' | 'rejected';

/** The record's approval as the process module writes it: 提交申请 by the staff member, then 业务审核 open, or
 * closed by the approver (and 归档 after an approval). */
async function approval(trx: Transaction<DB>, type: 'inStorageNotice' | 'deliveryApplication', id: number, code: string, outcome: Outcome) {
  const [submit, review] = WAREHOUSE_FLOW_TASKS;
  const decided = outcome !== 'approving';
  const approve = outcome === 'approved';
  const pi = await trx
    .insertInto('process_instances')
    .values({
      enterprise_id: ENTERPRISE,
      business_type: type,
      business_id: id,
      business_code: code,
      status: decided ? outcome : 'running',
      current_task_name: decided ? null : review,
      assignee_role: decided ? null : APPROVER_ROLE,
      started_by: STAFF.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = sql<string>`now()`;
  await trx
    .insertInto('process_history')
    .values([
      {
        process_instance_id: pi.id,
        seq: 1,
        task_name: submit,
        start_time: now,
        end_time: now,
        user_name_start: STAFF.name,
        user_name_now: STAFF.name,
        message: PROCESS_MESSAGES.submitted,
        comments: '',
        handled_by: STAFF.id,
      },
      {
        process_instance_id: pi.id,
        seq: 2,
        task_name: review,
        start_time: now,
        end_time: decided ? now : null,
        user_name_start: STAFF.name,
        user_name_now: decided ? APPROVER.name : '审批人',
        message: decided ? (approve ? PROCESS_MESSAGES.approved : PROCESS_MESSAGES.rejected) : PROCESS_MESSAGES.waiting,
        comments: decided ? (approve ? PROCESS_MESSAGES.approved : '数量与到货计划不符，请核实后重新通知') : '',
        handled_by: decided ? APPROVER.id : null,
      },
      ...(approve
        ? [
            {
              process_instance_id: pi.id,
              seq: 3,
              task_name: PROCESS_ARCHIVE_TASK,
              start_time: now,
              end_time: now,
              user_name_start: STAFF.name,
              user_name_now: '系统',
              message: PROCESS_MESSAGES.finished,
              comments: '审批通过，已归档。',
              handled_by: null,
            },
          ]
        : []),
    ])
    .execute();
  return pi.id;
}

async function nextCode(trx: Transaction<DB>, key: string): Promise<string> {
  const period = '20261120';
  const row = await trx
    .insertInto('number_sequences')
    .values({ enterprise_id: ENTERPRISE, number_key: key, period, last_value: 9001 })
    .onConflict((oc) =>
      oc.columns(['enterprise_id', 'number_key', 'period']).doUpdateSet({ last_value: sql<number>`number_sequences.last_value + 1` }),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return formatNumber(key, period, Number(row.last_value));
}

/** The warehouse of enterprise A that has a supervisor, with that supervisor. */
async function supervisedWarehouse(trx: Transaction<DB>) {
  return trx
    .selectFrom('warehouses as w')
    .innerJoin('users as u', (j) => j.onRef('u.warehouse_id', '=', 'w.id').on('u.is_supervisor', '=', true))
    .select(['w.id', 'w.name', 'u.id as supervise_id', 'u.name as supervise_name'])
    .where('w.enterprise_id', '=', ENTERPRISE)
    .orderBy('w.id')
    .executeTakeFirst();
}

async function seedNotices(trx: Transaction<DB>, warehouse: NonNullable<Awaited<ReturnType<typeof supervisedWarehouse>>>) {
  const contracts = await trx
    .selectFrom('contracts as c')
    .select(['c.id', 'c.contract_relevance_code', 'c.enterprise_name'])
    .where('c.enterprise_id', '=', ENTERPRISE)
    .where('c.contract_type', '=', 'MLZZHFWPT_CONTACTTYPE_CGHT')
    .where(({ exists, selectFrom }) => exists(selectFrom('contract_goods as g').select('g.id').whereRef('g.contract_id', '=', 'c.id')))
    .orderBy('c.id', 'desc')
    .limit(3)
    .execute();
  const outcomes: Outcome[] = ['approved', 'approving', 'rejected'];
  for (const [i, c] of contracts.entries()) {
    const outcome = outcomes[i]!;
    const goods = await trx.selectFrom('contract_goods').selectAll().where('contract_id', '=', c.id).orderBy('id').limit(3).execute();
    const code = await nextCode(trx, NUMBER_KEYS.inStorageNotice);
    const notice = await trx
      .insertInto('in_storage_notices')
      .values({
        enterprise_id: ENTERPRISE,
        code,
        contract_relevance_code: c.contract_relevance_code,
        contract_id: c.id,
        enterprise_name: c.enterprise_name,
        supervise_id: warehouse.supervise_id,
        supervise_name: warehouse.supervise_name,
        warehouse_id: warehouse.id,
        warehouse_name: warehouse.name,
        collection_time: `2026-12-0${i + 2}`,
        is_create: outcome === 'rejected' ? 1 : 0,
        status: outcome,
        remark: i === 0 ? '首批到货，随车附质检单' : '',
        created_by: STAFF.id,
        updated_by: STAFF.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A third of each line, at most what no other notice announces yet (older seed notices carry no line link).
    await trx
      .insertInto('in_storage_notice_goods')
      .values(
        goods.map((g) => ({
          notice_id: notice.id,
          contract_goods_id: g.id,
          goods_id: g.goods_id,
          goods_name: g.goods_name,
          specification_models: g.specification_models,
          weight: Math.max(0.001, Math.floor((Number(g.quantity) / 3) * 1000) / 1000),
          storage_number: Math.floor(Number(g.quantity) * 330) / 1000,
          reel_number: '',
          warehouse_name: warehouse.name,
        })),
      )
      .execute();
    const pi = await approval(trx, 'inStorageNotice', notice.id, code, outcome);
    await trx.updateTable('in_storage_notices').set({ process_instance_id: pi }).where('id', '=', notice.id).execute();
  }
}

async function seedApplications(trx: Transaction<DB>, warehouse: NonNullable<Awaited<ReturnType<typeof supervisedWarehouse>>>) {
  // Approved loans whose contract has goods and repayments, best repaid first.
  const loans = await trx
    .selectFrom('loan_applications as l')
    .innerJoin('loan_contract_totals as t', 't.contract_id', 'l.contract_id')
    .innerJoin('contracts as c', 'c.id', 'l.contract_id')
    .select(['l.id', 'l.contract_id', 'c.contract_relevance_code', 'c.enterprise_name', 't.approved', 't.repaid'])
    .where('l.enterprise_id', '=', ENTERPRISE)
    .where(sql<boolean>`loan_application_approved(l.status, l.process_instance_id)`)
    .where('t.repaid', '>', 0)
    .where('t.approved', '>', 0)
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('contract_goods as g').select('g.id').whereRef('g.contract_id', '=', 'l.contract_id')),
    )
    .orderBy(sql`t.repaid / t.approved`, 'desc')
    .orderBy('l.id')
    .limit(2)
    .execute();
  // Two applications: on two loans, or both on the only one (the second takes a quarter of what the repaid share
  // releases, so together they stay within it).
  const picked = loans.length >= 2 ? loans : loans.slice(0, 1).concat(loans.slice(0, 1));
  const outcomes: Outcome[] = ['approved', 'approving'];
  for (const [i, loan] of picked.entries()) {
    const outcome = outcomes[i]!;
    const ratio = repaidRatio(Number(loan.approved), Number(loan.repaid));
    const goods = await trx
      .selectFrom('contract_goods')
      .selectAll()
      .where('contract_id', '=', loan.contract_id!)
      .orderBy('id')
      .limit(2)
      .execute();
    // Half (then a quarter) of what the repaid share releases of each line: the rest stays for the demo's own applications.
    const lines = goods
      .map((g) => ({ g, n: Math.floor((releasedShare(Number(g.quantity), ratio) / (i === 0 ? 2 : 4)) * 1000) / 1000 }))
      .filter((l) => l.n > 0);
    if (!lines.length) continue;
    const code = await nextCode(trx, NUMBER_KEYS.deliveryApplication);
    const planned = `2026-12-1${i}`;
    const a = await trx
      .insertInto('delivery_applications')
      .values({
        enterprise_id: ENTERPRISE,
        code,
        loan_id: loan.id,
        contract_id: loan.contract_id!,
        warehouse_id: warehouse.id,
        warehouse_name: warehouse.name,
        supervise_id: warehouse.supervise_id,
        supervise_name: warehouse.supervise_name,
        plan_delivery_time: planned,
        status: outcome,
        remark: i === 0 ? '按还款进度分批提货' : '',
        created_by: STAFF.id,
        updated_by: STAFF.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const applyLines = lines.map(({ g, n }) => ({
      goods_id: g.goods_id,
      goods_name: g.goods_name,
      specification_models: g.specification_models,
      delivery_number: n,
      delivery_weight_number: 0,
      reel_number: '',
    }));
    await trx
      .insertInto('delivery_application_goods')
      .values(applyLines.map((l, j) => ({ ...l, application_id: a.id, contract_goods_id: lines[j]!.g.id })))
      .execute();
    const pi = await approval(trx, 'deliveryApplication', a.id, code, outcome);
    let instructionId: number | null = null;
    if (outcome === 'approved') {
      const instruction = await trx
        .insertInto('delivery_instructions')
        .values({
          enterprise_id: ENTERPRISE,
          code: await nextCode(trx, NUMBER_KEYS.deliveryInstruction),
          contract_relevance_code: loan.contract_relevance_code,
          contract_id: loan.contract_id,
          enterprise_name: loan.enterprise_name,
          supervise_id: warehouse.supervise_id,
          supervise_name: warehouse.supervise_name,
          warehouse_id: warehouse.id,
          warehouse_name: warehouse.name,
          plan_delivery_time: planned,
          data_sources: DELIVERY_DATA_SOURCE_APPLY,
          is_create: 0,
          created_by: STAFF.id,
          updated_by: APPROVER.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('delivery_apply_goods')
        .values(applyLines.map((l) => ({ ...l, instruction_id: instruction.id })))
        .execute();
      instructionId = instruction.id;
    }
    await trx
      .updateTable('delivery_applications')
      .set({ process_instance_id: pi, instruction_id: instructionId })
      .where('id', '=', a.id)
      .execute();
  }
}

export async function seedWarehouseFlows(trx: Transaction<DB>): Promise<void> {
  const warehouse = await supervisedWarehouse(trx);
  if (!warehouse) return;
  await seedNotices(trx, warehouse);
  await seedApplications(trx, warehouse);
}
