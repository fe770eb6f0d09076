// Approval processes of one enterprise: submit a contract or loan application, the approvers' task list,
// approve / reject the open step, and the history. Each write is one transaction that locks the instance (or the
// business row) first, so two approvers cannot both act on one step.
// Separation of duties: the submitter of a document never completes a step of it, and nobody completes two steps
// of one process instance. The rules are checked inside the locked transaction (so two concurrent calls by one
// person cannot both pass) and the same rules tell every history reply whether the caller may act.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  ADMIN_ROLE,
  APPROVAL_BUSINESS_STATUS,
  APPROVER_ROLE,
  PROCESS_ARCHIVE_TASK,
  PROCESS_BUSINESS_TYPES,
  isDocumentBusinessType,
  isProcessBusinessType,
  isWarehouseFlowBusinessType,
  processPermission,
  processTasks,
  PROCESS_MESSAGES,
  SUBMITTABLE_STATUSES,
  can,
  type CompleteTaskBody,
  type DocumentBusinessType,
  type ProcessBusinessType,
  type SubmitProcessBody,
  type TodoTask,
} from '@tfb/contract';
import type { AuditAction, AuditChange, TaskHistory } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { assertResubmittedLoanFits } from '../../lib/contract-limits.js';
import { recordAudit } from '../../lib/audit.js';
import { nextVersion, writtenRecord, type EditableTable } from '../../lib/edit-rules.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.js';
import { fetchPage, type PageWindow, type Paged } from '../../lib/paging.js';
import type { Session } from '../../plugins/session.js';

/** Who handles an open step, shown until someone acts on it. */
const PENDING_HANDLER = '审批人';

/** Whether the caller may approve anything at all (either kind of process). */
export const isApprover = (s: Session): boolean => PROCESS_BUSINESS_TYPES.some((t) => can(s.roles, processPermission(t, 'approve')));

type InstanceFacts = { business_type: string; status: string; assignee_role: string | null; started_by: string };

/**
 * Why the caller may not complete the open step of this instance, or null when they may. `handledSteps` tells
 * whether the caller already closed a step of it. Shared by `complete` (which throws it) and every history reply.
 */
function refusalOf(s: Session, pi: InstanceFacts, handledStep: boolean): { status: 403 | 409; message: string } | null {
  if (pi.status !== 'running') return { status: 409, message: PROCESS_MESSAGES.notRunning };
  const permission = isProcessBusinessType(pi.business_type) ? processPermission(pi.business_type, 'approve') : undefined;
  if (!permission || !can(s.roles, permission)) return { status: 403, message: PROCESS_MESSAGES.approverOnly };
  if (pi.assignee_role && !s.roles.includes(ADMIN_ROLE) && !s.roles.includes(pi.assignee_role)) {
    return { status: 403, message: PROCESS_MESSAGES.approverOnly };
  }
  if (pi.started_by === s.userId) return { status: 403, message: PROCESS_MESSAGES.selfApproval };
  if (handledStep) return { status: 403, message: PROCESS_MESSAGES.secondStep };
  return null;
}

async function hasHandledStep(db: Kysely<DB>, processInstanceId: number, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('process_history')
    .select('id')
    .where('process_instance_id', '=', processInstanceId)
    .where('handled_by', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The task history reply's data, as the contract writes it. */
export type { TaskHistory };

/** The history of an instance of the caller's enterprise, with whether the caller may act on its open step. */
export async function taskHistory(db: Kysely<DB>, s: Session, id: number): Promise<TaskHistory | undefined> {
  const pi = await db
    .selectFrom('process_instances')
    .select(['id', 'business_type', 'business_id', 'business_code', 'status', 'current_task_name', 'assignee_role', 'started_by'])
    .where('id', '=', id)
    .where('enterprise_id', '=', s.enterpriseId)
    .executeTakeFirst();
  if (!pi) return undefined;
  const history = await db
    .selectFrom('process_history')
    .select(['id', 'start_time', 'end_time', 'user_name_start', 'user_name_now', 'task_name', 'message', 'comments', 'handled_by'])
    .where('process_instance_id', '=', id)
    .orderBy('seq')
    .execute();
  const refusal = refusalOf(
    s,
    pi,
    history.some((h) => h.handled_by === s.userId),
  );
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
    canComplete: refusal === null,
    refusal: refusal?.message ?? null,
  };
}

/** The history row of a step that now waits for an approver (opened by submitting, or by approving the one before). */
const waitingStep = (processInstanceId: number, seq: number, taskName: string, starter: string) => ({
  process_instance_id: processInstanceId,
  seq,
  task_name: taskName,
  start_time: sql<string>`now()`,
  end_time: null,
  user_name_start: starter,
  user_name_now: PENDING_HANDLER,
  message: PROCESS_MESSAGES.waiting,
  comments: '',
});

async function nameOf(trx: Transaction<DB>, userId: string): Promise<string> {
  const u = await trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return u?.name || userId;
}

/** The record each kind of document process approves, the column of its business number, and its name when missing. */
const APPROVED_RECORDS = {
  contract: { table: 'contracts', code: 'code', noun: '合同' },
  loan: { table: 'loan_applications', code: 'application_form_num', noun: '融资申请' },
  project: { table: 'projects', code: 'project_code', noun: '项目' },
} as const satisfies Record<DocumentBusinessType, { table: EditableTable; code: string; noun: string }>;

/**
 * What the module that owns a non-document business type (a portal site's content items) does when one of its
 * processes ends: called inside the completing transaction, after the instance is closed. `now` is the app's clock.
 */
export type ApprovalOutcome = {
  enterpriseId: string;
  businessId: number;
  processInstanceId: number;
  outcome: 'approved' | 'rejected';
  comment: string;
  now: Date;
};
export type ApprovalSubject = { onOutcome(trx: Transaction<DB>, s: Session, outcome: ApprovalOutcome): Promise<void> };
const SUBJECTS = new Map<ProcessBusinessType, ApprovalSubject>();

/** Registers the owner of a business type's outcomes (each portal site's content module, at start). */
export function registerApprovalSubject(type: Exclude<ProcessBusinessType, DocumentBusinessType>, subject: ApprovalSubject): void {
  SUBJECTS.set(type, subject);
}

async function setBusinessStatus(
  trx: Transaction<DB>,
  type: string,
  id: number,
  enterpriseId: string,
  set: { status: string; process_instance_id?: number },
  userId: string,
): Promise<void> {
  if (!isDocumentBusinessType(type)) return;
  // A status change is a new version of the record: an edit form opened before it is stale.
  await trx
    .updateTable(APPROVED_RECORDS[type].table)
    .set({ ...set, version: nextVersion(), updated_by: userId, updated_at: sql<string>`now()` })
    .where('id', '=', id)
    .where('enterprise_id', '=', enterpriseId)
    .execute();
}

async function lockBusiness(
  trx: Transaction<DB>,
  type: DocumentBusinessType,
  id: number,
  enterpriseId: string,
): Promise<{ code: string; status: string; processInstanceId: number | null } | undefined> {
  const { table, code } = APPROVED_RECORDS[type];
  const r = await trx
    .selectFrom(table)
    .select([sql.ref<string>(code).as('code'), 'status', 'process_instance_id'])
    .where('id', '=', id)
    .where('enterprise_id', '=', enterpriseId)
    .forUpdate()
    .executeTakeFirst();
  return r && { code: r.code, status: r.status, processInstanceId: r.process_instance_id };
}

/** The approval step on the business record's audit trail (entity: the contract or loan application). */
async function auditApproval(
  trx: Transaction<DB>,
  s: Session,
  type: string,
  id: number,
  action: AuditAction,
  diff: AuditChange[],
): Promise<void> {
  if (!isDocumentBusinessType(type)) return;
  await recordAudit(trx, s, { entity: type, entityId: id, action, diff });
}

/**
 * Starts a process of a business row the caller has locked in `trx`: closes 提交申请 and opens the first approval
 * step. Answers the instance's id. Document processes start through `submit`; other modules' records (portal
 * content items) through this, after checking their own rules.
 */
export async function startProcess(
  trx: Transaction<DB>,
  s: Session,
  p: { businessType: ProcessBusinessType; businessId: number; businessCode: string; resubmitted: boolean; comment: string },
): Promise<number> {
  const name = await nameOf(trx, s.userId);
  const first = processTasks(p.businessType)[1]!;
  const pi = await trx
    .insertInto('process_instances')
    .values({
      enterprise_id: s.enterpriseId,
      business_type: p.businessType,
      business_id: p.businessId,
      business_code: p.businessCode,
      status: 'running',
      current_task_name: first,
      assignee_role: assigneeRole(p.businessType),
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
        task_name: processTasks(p.businessType)[0]!,
        start_time: now,
        end_time: now,
        user_name_start: name,
        user_name_now: name,
        message: p.resubmitted ? PROCESS_MESSAGES.resubmitted : PROCESS_MESSAGES.submitted,
        comments: p.comment,
        handled_by: s.userId,
      },
      waitingStep(pi.id, 2, first, name),
    ])
    .execute();
  return pi.id;
}

/** Document and warehouse-flow steps wait for the approver role; a portal site's for anyone holding the site's approve permission. */
const assigneeRole = (type: string): string | null =>
  isDocumentBusinessType(type) || isWarehouseFlowBusinessType(type) ? APPROVER_ROLE : null;

/** The history of a process the caller just wrote (inside its transaction). */
export const writtenHistory = async (trx: Transaction<DB>, s: Session, id: number): Promise<TaskHistory> =>
  writtenRecord(await taskHistory(trx, s, id), 'process instance');

/** Starts approval: closes 提交申请 and opens the first approval step. */
export async function submit(db: Kysely<DB>, s: Session, body: SubmitProcessBody): Promise<TaskHistory> {
  return db.transaction().execute(async (trx) => {
    const row = await lockBusiness(trx, body.businessType, body.businessId, s.enterpriseId);
    if (!row) throw notFound(APPROVED_RECORDS[body.businessType].noun);
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
    if (body.businessType === 'loan' && row.status === APPROVAL_BUSINESS_STATUS.rejected)
      await assertResubmittedLoanFits(trx, s.enterpriseId, body.businessId);
    const first = processTasks(body.businessType)[1]!;
    const id = await startProcess(trx, s, {
      businessType: body.businessType,
      businessId: body.businessId,
      businessCode: row.code,
      resubmitted: row.status === APPROVAL_BUSINESS_STATUS.rejected,
      comment: body.comment,
    });
    const pi = { id };
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
    return writtenRecord(await taskHistory(trx, s, pi.id), 'process instance');
  });
}

/** Approves or rejects the open step named by taskId (`now`: the app's clock, for the outcome's owner). */
export async function complete(db: Kysely<DB>, s: Session, body: CompleteTaskBody, now: Date = new Date()): Promise<TaskHistory> {
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
    // The instance row is locked: no step of it closes before this check and this step's update commit together.
    const refusal = refusalOf(s, pi, await hasHandledStep(trx, pi.id, s.userId));
    if (refusal) throw refusal.status === 409 ? conflict(refusal.message) : forbidden(refusal.message);
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
    const at = sql<string>`now()`;
    const closed = await trx
      .updateTable('process_history')
      .set({
        end_time: at,
        user_name_now: approver,
        message: approve ? PROCESS_MESSAGES.approved : PROCESS_MESSAGES.rejected,
        comments: body.comment || (approve ? PROCESS_MESSAGES.approved : ''),
        handled_by: s.userId,
      })
      .where('id', '=', open.id)
      .where('end_time', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw conflict(PROCESS_MESSAGES.stepDone);

    const chain = processTasks(pi.business_type);
    const index = chain.indexOf(open.task_name);
    // A step not in the chain (older data) counts as the last one.
    const next = approve && index >= 0 && index + 1 < chain.length ? chain[index + 1] : undefined;
    if (next) {
      await trx
        .insertInto('process_history')
        .values(waitingStep(pi.id, open.seq + 1, next, starter))
        .execute();
      await trx
        .updateTable('process_instances')
        .set({ current_task_name: next, assignee_role: assigneeRole(pi.business_type), updated_at: at })
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
            start_time: at,
            end_time: at,
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
        .set({ status: outcome, current_task_name: null, assignee_role: null, updated_at: at })
        .where('id', '=', pi.id)
        .execute();
      const subject = isProcessBusinessType(pi.business_type) ? SUBJECTS.get(pi.business_type) : undefined;
      await subject?.onOutcome(trx, s, {
        enterpriseId: s.enterpriseId,
        businessId: pi.business_id,
        processInstanceId: pi.id,
        outcome,
        comment: body.comment,
        now,
      });
      await setBusinessStatus(
        trx,
        pi.business_type,
        pi.business_id,
        s.enterpriseId,
        { status: APPROVAL_BUSINESS_STATUS[outcome] },
        s.userId,
      );
    }
    // Every step is on the record's trail; only the last one changes its status.
    await auditApproval(trx, s, pi.business_type, pi.business_id, approve ? 'approve' : 'reject', [
      ...(next
        ? []
        : [{ field: 'status', from: APPROVAL_BUSINESS_STATUS.running, to: APPROVAL_BUSINESS_STATUS[approve ? 'approved' : 'rejected'] }]),
      { field: 'approvalStep', from: open.task_name, to: next ?? (approve ? PROCESS_ARCHIVE_TASK : null) },
    ]);
    return writtenRecord(await taskHistory(trx, s, pi.id), 'process instance');
  });
}

/**
 * Open steps of running processes of the enterprise that the caller may complete, newest first: their roles fit,
 * they did not submit it, and they handled no step of it yet.
 */
export async function todoList(
  db: Kysely<DB>,
  s: Session,
  f: { businessTypes: readonly ProcessBusinessType[] | undefined },
  w: PageWindow,
): Promise<Paged<TodoTask>> {
  const admin = s.roles.includes(ADMIN_ROLE);
  let q = db
    .selectFrom('process_instances as pi')
    .innerJoin('process_history as h', (j) => j.onRef('h.process_instance_id', '=', 'pi.id').on('h.end_time', 'is', null))
    .where('pi.enterprise_id', '=', s.enterpriseId)
    .where('pi.status', '=', 'running');
  if (!admin) {
    q = q.where((eb) => eb.or([eb('pi.assignee_role', 'is', null), eb('pi.assignee_role', 'in', s.roles.length ? [...s.roles] : [''])]));
  }
  const types = PROCESS_BUSINESS_TYPES.filter(
    (t) => can(s.roles, processPermission(t, 'approve')) && (!f.businessTypes || f.businessTypes.includes(t)),
  );
  q = q
    .where('pi.business_type', 'in', types.length ? types : [''])
    .where('pi.started_by', '<>', s.userId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('process_history as mine')
            .select('mine.id')
            .whereRef('mine.process_instance_id', '=', 'pi.id')
            .where('mine.handled_by', '=', s.userId),
        ),
      ),
    );
  const rows = (p: typeof q) =>
    p
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
      .orderBy('h.id', 'desc');
  return fetchPage(db, q, rows, w, (r) => ({
    processInstanceId: r.process_instance_id,
    taskId: r.task_id,
    taskName: r.task_name,
    businessType: r.business_type,
    businessId: r.business_id,
    businessCode: r.business_code,
    startedBy: r.starter_name ?? r.started_by,
    startTime: r.start_time,
  }));
}
