// Approval processes of one enterprise: submit a contract or loan application, the approvers' task list,
// approve / reject the open step, and the history. Each write is one transaction that locks the instance (or the
// business row) first, so two approvers cannot both act on one step.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ADMIN_ROLE,
  APPROVAL_BUSINESS_STATUS,
  APPROVER_ROLE,
  PROCESS_ARCHIVE_TASK,
  PROCESS_MESSAGES,
  PROCESS_TASKS,
  SUBMITTABLE_STATUSES,
  type CompleteTaskBody,
  type ProcessBusinessType,
  type SubmitProcessBody,
  type TodoTask,
} from '@tfb/contract';
import type { AuditAction, AuditChange } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { nextVersion } from '../../lib/edit-rules.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import type { PageWindow } from '../../lib/paging.js';
import type { Session } from '../../plugins/session.js';

/** Who handles an open step, shown until someone acts on it. */
const PENDING_HANDLER = '审批人';

export const isApprover = (s: Session): boolean => s.roles.includes(APPROVER_ROLE) || s.roles.includes(ADMIN_ROLE);

export type TaskHistory = {
  processInstanceId: number;
  businessType: string;
  businessId: number;
  businessCode: string;
  status: 'running' | 'approved' | 'rejected';
  currentTaskName: string | null;
  historyList: {
    taskId: number;
    startTime: string;
    endTime: string | null;
    userNameStart: string;
    userNameNow: string;
    taskName: string;
    message: string;
    comments: string;
  }[];
};

export async function taskHistory(db: Kysely<DB>, enterpriseId: string, id: number): Promise<TaskHistory | undefined> {
  const pi = await db
    .selectFrom('process_instances')
    .select(['id', 'business_type', 'business_id', 'business_code', 'status', 'current_task_name'])
    .where('id', '=', id)
    .where('enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!pi) return undefined;
  const history = await db
    .selectFrom('process_history')
    .select(['id', 'start_time', 'end_time', 'user_name_start', 'user_name_now', 'task_name', 'message', 'comments'])
    .where('process_instance_id', '=', id)
    .orderBy('seq')
    .execute();
  return {
    processInstanceId: pi.id,
    businessType: pi.business_type,
    businessId: pi.business_id,
    businessCode: pi.business_code,
    status: pi.status,
    currentTaskName: pi.current_task_name,
    historyList: history.map((h) => ({
      taskId: h.id,
      startTime: h.start_time,
      endTime: h.end_time,
      userNameStart: h.user_name_start,
      userNameNow: h.user_name_now,
      taskName: h.task_name,
      message: h.message,
      comments: h.comments,
    })),
  };
}

async function nameOf(trx: Transaction<DB>, userId: string): Promise<string> {
  const u = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return u?.name || userId;
}

async function setBusinessStatus(
  trx: Transaction<DB>,
  type: string,
  id: number,
  enterpriseId: string,
  set: { status: string; process_instance_id?: number },
  userId: string,
): Promise<void> {
  // A status change is a new version of the record: an edit form opened before it is stale.
  const values = { ...set, version: nextVersion(), updated_by: userId, updated_at: sql<string>`now()` };
  if (type === 'contract') {
    await trx.updateTable('contracts').set(values).where('id', '=', id).where('enterprise_id', '=', enterpriseId).execute();
  } else if (type === 'loan') {
    await trx.updateTable('loan_applications').set(values).where('id', '=', id).where('enterprise_id', '=', enterpriseId).execute();
  }
}

async function lockBusiness(
  trx: Transaction<DB>,
  type: ProcessBusinessType,
  id: number,
  enterpriseId: string,
): Promise<{ code: string; status: string; processInstanceId: number | null } | undefined> {
  if (type === 'contract') {
    const r = await trx
      .selectFrom('contracts')
      .select(['code', 'status', 'process_instance_id'])
      .where('id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .forUpdate()
      .executeTakeFirst();
    return r && { code: r.code, status: r.status, processInstanceId: r.process_instance_id };
  }
  const r = await trx
    .selectFrom('loan_applications')
    .select(['application_form_num', 'status', 'process_instance_id'])
    .where('id', '=', id)
    .where('enterprise_id', '=', enterpriseId)
    .forUpdate()
    .executeTakeFirst();
  return r && { code: r.application_form_num, status: r.status, processInstanceId: r.process_instance_id };
}

/** The approval step on the business record's audit trail (entity: the contract or loan application). */
async function auditApproval(trx: Transaction<DB>, s: Session, type: string, id: number, action: AuditAction, diff: AuditChange[]): Promise<void> {
  if (type !== 'contract' && type !== 'loan') return;
  await recordAudit(trx, s, { entity: type, entityId: id, action, diff });
}

/** Starts approval: closes 提交申请 and opens the first approval step. */
export async function submit(db: Kysely<DB>, s: Session, body: SubmitProcessBody): Promise<TaskHistory> {
  return db.transaction().execute(async (trx) => {
    const row = await lockBusiness(trx, body.businessType, body.businessId, s.enterpriseId);
    if (!row) throw notFound(body.businessType === 'contract' ? '合同' : '融资申请');
    const running = await trx
      .selectFrom('process_instances')
      .select('id')
      .where('enterprise_id', '=', s.enterpriseId)
      .where('business_type', '=', body.businessType)
      .where('business_id', '=', body.businessId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running || row.status === APPROVAL_BUSINESS_STATUS.running) throw conflict(PROCESS_MESSAGES.alreadyRunning);
    if (!(SUBMITTABLE_STATUSES as readonly string[]).includes(row.status)) throw conflict(PROCESS_MESSAGES.cannotSubmit);
    const name = await nameOf(trx, s.userId);
    const first = PROCESS_TASKS[1];
    const pi = await trx
      .insertInto('process_instances')
      .values({
        enterprise_id: s.enterpriseId,
        business_type: body.businessType,
        business_id: body.businessId,
        business_code: row.code,
        status: 'running',
        current_task_name: first,
        assignee_role: APPROVER_ROLE,
        started_by: s.userId,
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
          task_name: PROCESS_TASKS[0],
          start_time: now,
          end_time: now,
          user_name_start: name,
          user_name_now: name,
          message: row.status === APPROVAL_BUSINESS_STATUS.rejected ? PROCESS_MESSAGES.resubmitted : PROCESS_MESSAGES.submitted,
          comments: body.comment,
        },
        {
          process_instance_id: pi.id,
          seq: 2,
          task_name: first,
          start_time: now,
          end_time: null,
          user_name_start: name,
          user_name_now: PENDING_HANDLER,
          message: PROCESS_MESSAGES.waiting,
          comments: '',
        },
      ])
      .execute();
    await setBusinessStatus(
      trx,
      body.businessType,
      body.businessId,
      s.enterpriseId,
      { status: APPROVAL_BUSINESS_STATUS.running, process_instance_id: pi.id },
      s.userId,
    );
    await auditApproval(trx, s, body.businessType, body.businessId, 'submit', [
      { field: 'status', from: row.status, to: APPROVAL_BUSINESS_STATUS.running },
      { field: 'approvalStep', from: null, to: first },
    ]);
    return (await taskHistory(trx, s.enterpriseId, pi.id))!;
  });
}

/** Approves or rejects the open step named by taskId. */
export async function complete(db: Kysely<DB>, s: Session, body: CompleteTaskBody): Promise<TaskHistory> {
  if (!isApprover(s)) throw forbidden(PROCESS_MESSAGES.approverOnly);
  if (body.action === 'reject' && body.comment === '') throw fieldError('comment', PROCESS_MESSAGES.rejectNeedsComment);
  return db.transaction().execute(async (trx) => {
    const pi = await trx
      .selectFrom('process_instances')
      .selectAll()
      .where('id', '=', body.processInstanceId)
      .where('enterprise_id', '=', s.enterpriseId)
      .forUpdate()
      .executeTakeFirst();
    if (!pi) throw notFound('审批流程');
    if (pi.status !== 'running') throw conflict(PROCESS_MESSAGES.notRunning);
    if (pi.assignee_role && !s.roles.includes(ADMIN_ROLE) && !s.roles.includes(pi.assignee_role)) {
      throw forbidden(PROCESS_MESSAGES.approverOnly);
    }
    const open = await trx
      .selectFrom('process_history')
      .select(['id', 'seq', 'task_name'])
      .where('process_instance_id', '=', pi.id)
      .where('end_time', 'is', null)
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    if (!open || open.id !== body.taskId) throw conflict(PROCESS_MESSAGES.stepDone);

    const approver = await nameOf(trx, s.userId);
    const starter = await nameOf(trx, pi.started_by);
    const approve = body.action === 'approve';
    const now = sql<string>`now()`;
    const closed = await trx
      .updateTable('process_history')
      .set({
        end_time: now,
        user_name_now: approver,
        message: approve ? PROCESS_MESSAGES.approved : PROCESS_MESSAGES.rejected,
        comments: body.comment || (approve ? PROCESS_MESSAGES.approved : ''),
      })
      .where('id', '=', open.id)
      .where('end_time', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw conflict(PROCESS_MESSAGES.stepDone);

    const index = (PROCESS_TASKS as readonly string[]).indexOf(open.task_name);
    // A step not in the chain (older data) counts as the last one.
    const next = approve && index >= 0 && index + 1 < PROCESS_TASKS.length ? PROCESS_TASKS[index + 1] : undefined;
    if (next) {
      await trx
        .insertInto('process_history')
        .values({
          process_instance_id: pi.id,
          seq: open.seq + 1,
          task_name: next,
          start_time: now,
          end_time: null,
          user_name_start: starter,
          user_name_now: PENDING_HANDLER,
          message: PROCESS_MESSAGES.waiting,
          comments: '',
        })
        .execute();
      await trx
        .updateTable('process_instances')
        .set({ current_task_name: next, assignee_role: APPROVER_ROLE, updated_at: now })
        .where('id', '=', pi.id)
        .execute();
    } else {
      if (approve) {
        await trx
          .insertInto('process_history')
          .values({
            process_instance_id: pi.id,
            seq: open.seq + 1,
            task_name: PROCESS_ARCHIVE_TASK,
            start_time: now,
            end_time: now,
            user_name_start: starter,
            user_name_now: '系统',
            message: PROCESS_MESSAGES.finished,
            comments: '审批通过，已归档。',
          })
          .execute();
      }
      const outcome = approve ? 'approved' : 'rejected';
      await trx
        .updateTable('process_instances')
        .set({ status: outcome, current_task_name: null, assignee_role: null, updated_at: now })
        .where('id', '=', pi.id)
        .execute();
      await setBusinessStatus(trx, pi.business_type, pi.business_id, s.enterpriseId, { status: APPROVAL_BUSINESS_STATUS[outcome] }, s.userId);
    }
    // Every step is on the record's trail; only the last one changes its status.
    await auditApproval(trx, s, pi.business_type, pi.business_id, approve ? 'approve' : 'reject', [
      ...(next ? [] : [{ field: 'status', from: APPROVAL_BUSINESS_STATUS.running, to: APPROVAL_BUSINESS_STATUS[approve ? 'approved' : 'rejected'] }]),
      { field: 'approvalStep', from: open.task_name, to: next ?? (approve ? PROCESS_ARCHIVE_TASK : null) },
    ]);
    return (await taskHistory(trx, s.enterpriseId, pi.id))!;
  });
}

/** Open steps of running processes of the enterprise that the caller's roles may act on, newest first. */
export async function todoList(
  db: Kysely<DB>,
  s: Session,
  f: { businessType: ProcessBusinessType | undefined },
  w: PageWindow,
): Promise<{ content: TodoTask[]; total: number }> {
  const admin = s.roles.includes(ADMIN_ROLE);
  let q = db
    .selectFrom('process_instances as pi')
    .innerJoin('process_history as h', (j) => j.onRef('h.process_instance_id', '=', 'pi.id').on('h.end_time', 'is', null))
    .where('pi.enterprise_id', '=', s.enterpriseId)
    .where('pi.status', '=', 'running');
  if (!admin) {
    q = q.where((eb) => eb.or([eb('pi.assignee_role', 'is', null), eb('pi.assignee_role', 'in', s.roles.length ? [...s.roles] : [''])]));
  }
  if (f.businessType) q = q.where('pi.business_type', '=', f.businessType);
  const [rows, count] = await Promise.all([
    q
      .leftJoin('users as u', 'u.id', 'pi.started_by')
      .select([
        'pi.id as process_instance_id',
        'h.id as task_id',
        'h.task_name',
        'h.start_time',
        'pi.business_type',
        'pi.business_id',
        'pi.business_code',
        'pi.started_by',
        'u.name as starter_name',
      ])
      .orderBy('h.start_time', 'desc')
      .orderBy('h.id', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    content: rows.map((r) => ({
      processInstanceId: r.process_instance_id,
      taskId: r.task_id,
      taskName: r.task_name,
      businessType: r.business_type,
      businessId: r.business_id,
      businessCode: r.business_code,
      startedBy: r.starter_name ?? r.started_by,
      startTime: r.start_time,
    })),
  };
}
