// Process approval (spec 2.3 item 8, 3 Process history, 7.4 taskHistory): contracts and loan applications are
// submitted for approval, approvers (role 'approver' or admin, same enterprise) approve or reject the open step
// with a comment, and every step is a history entry. The content items of the two portal sites are approved the
// same way (submitted through their own call, approved by holders of the site's approve permission).
//
// The chain of a contract or loan process: 提交申请 → 业务审核 → 风控审核 → 财务复核 → 总经理审批; of a portal content
// item: 提交申请 → 内容审核; then an 归档 entry on final approval. Submitting closes 提交申请 and opens 业务审核; approving closes the open step and opens the next;
// rejecting closes it with 驳回 and ends the process. The business row's status follows: approving while running,
// approved or rejected at the end.
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { optionalTextOrEmpty, rowId } from './fields.js';
import type { Permission } from './permissions.js';

export const PROCESS_TASKS = ['提交申请', '业务审核', '风控审核', '财务复核', '总经理审批'] as const;
export const PROCESS_ARCHIVE_TASK = '归档';
export const APPROVER_ROLE = 'approver';

/** The chain of a portal content item (one review: content is approved by the site's approver). */
export const PORTAL_CONTENT_TASKS = ['提交申请', '内容审核'] as const;

/** The chain of an enterprise's product signing (issue 14): one review by a holder of products:approve. */
export const PRODUCT_SIGN_TASKS = ['提交申请', '签约审核'] as const;

export const PROCESS_BUSINESS_TYPES = [
  'contract',
  'loan',
  'portalWebsite',
  'portalWebsites',
  'project',
  'productSign',
  'inStorageNotice',
  'deliveryApplication',
] as const;
export type ProcessBusinessType = (typeof PROCESS_BUSINESS_TYPES)[number];
/** The documents submitted through the process module's own submit call; a portal site's content items are
 * submitted through the site's content calls. */
export const DOCUMENT_BUSINESS_TYPES = ['contract', 'loan', 'project'] as const;
export type DocumentBusinessType = (typeof DOCUMENT_BUSINESS_TYPES)[number];
export const isDocumentBusinessType = (t: string): t is DocumentBusinessType => (DOCUMENT_BUSINESS_TYPES as readonly string[]).includes(t);
/** The permission area a process's document belongs to: contracts, funds for loan applications, a portal site for its content. */
export const PROCESS_BUSINESS_AREA = {
  contract: 'contracts',
  loan: 'funds',
  portalWebsite: 'portalWebsite',
  portalWebsites: 'portalWebsites',
  project: 'projects',
  productSign: 'products',
  inStorageNotice: 'contracts',
  deliveryApplication: 'funds',
} as const satisfies Record<ProcessBusinessType, string>;
/** The enterprise's warehouse documents (in-storage notices, delivery applications: P28): one business review. */
export const WAREHOUSE_FLOW_BUSINESS_TYPES = ['inStorageNotice', 'deliveryApplication'] as const;
export const WAREHOUSE_FLOW_TASKS = ['提交申请', '业务审核'] as const;
export const isWarehouseFlowBusinessType = (t: string): t is (typeof WAREHOUSE_FLOW_BUSINESS_TYPES)[number] =>
  (WAREHOUSE_FLOW_BUSINESS_TYPES as readonly string[]).includes(t);
/** The steps of a process of this business type, 提交申请 first. */
export const processTasks = (type: string): readonly string[] =>
  type === 'productSign'
    ? PRODUCT_SIGN_TASKS
    : isDocumentBusinessType(type)
      ? PROCESS_TASKS
      : isWarehouseFlowBusinessType(type)
        ? WAREHOUSE_FLOW_TASKS
        : PORTAL_CONTENT_TASKS;
/** A portal content item's business number in its process (the task list shows it; the web finds the item by it). */
export const portalContentBusinessCode = (type: string, id: number) => `${type}-${id}`;
export const parsePortalContentBusinessCode = (code: string): { type: string; id: number } | undefined => {
  const m = /^([A-Za-z]+)-(\d+)$/.exec(code);
  return m ? { type: m[1]!, id: Number(m[2]) } : undefined;
};
/** The permission needed to read, submit or approve a process of this business type. */
export const processPermission = (type: ProcessBusinessType, action: 'read' | 'write' | 'approve'): Permission =>
  `${PROCESS_BUSINESS_AREA[type]}:${action}`;
export const isProcessBusinessType = (t: string): t is ProcessBusinessType => (PROCESS_BUSINESS_TYPES as readonly string[]).includes(t);
export const PROCESS_STATUSES = ['running', 'approved', 'rejected'] as const;
export type ProcessStatus = (typeof PROCESS_STATUSES)[number];

/** The history messages of each kind of step. */
export const PROCESS_MESSAGES = {
  submitted: '提交',
  resubmitted: '重新提交',
  waiting: '待审批',
  approved: '同意',
  rejected: '驳回',
  finished: '流程结束',
  approverOnly: '只有审批人可以处理审批任务',
  notRunning: '该流程已结束',
  stepDone: '该审批步骤已处理',
  alreadyRunning: '该单据已在审批中',
  cannotSubmit: '当前状态不能提交审批',
  rejectNeedsComment: '驳回时请填写审批意见',
  selfApproval: '不能审批本人提交的单据',
  secondStep: '同一审批流程的两个步骤不能由同一人审批',
} as const;

/** Business statuses the approval sets (the seed uses the same). Submitting is allowed from SUBMITTABLE only. */
export const APPROVAL_BUSINESS_STATUS = { running: 'approving', approved: 'approved', rejected: 'rejected' } as const;
export const SUBMITTABLE_STATUSES = ['draft', 'submitted', 'rejected'] as const;

const comment = optionalTextOrEmpty(500, { notText: '审批意见必须是文本', tooLong: '审批意见不能超过 500 个字符' });

export const ProcessHistoryEntrySchema = z.object({
  /** The task id to send when acting on this step (only the open step can be acted on). */
  taskId: z.number().int(),
  startTime: z.string(),
  endTime: z.string().nullable(),
  userNameStart: z.string(),
  userNameNow: z.string(),
  taskName: z.string(),
  message: z.string(),
  comments: z.string(),
});
export type ProcessHistoryEntry = z.infer<typeof ProcessHistoryEntrySchema>;

export const TaskHistoryParamsSchema = z.object({ processInstanceId: rowId('processInstanceId 必须是正整数') });
export const TaskHistorySchema = z.object({
  processInstanceId: z.number().int(),
  businessType: z.string(),
  businessId: z.number().int(),
  businessCode: z.string(),
  status: z.enum(PROCESS_STATUSES),
  currentTaskName: z.string().nullable(),
  /** In order, oldest first; the last entry is the current one. */
  historyList: z.array(ProcessHistoryEntrySchema),
  /** Whether the caller may approve or reject the open step now (the server would accept it). */
  canComplete: z.boolean(),
  /** When the caller may not: the message the server would refuse with (one of PROCESS_MESSAGES); else null. */
  refusal: z.string().nullable(),
});
export type TaskHistory = z.infer<typeof TaskHistorySchema>;
export const TaskHistoryReplySchema = envelope(TaskHistorySchema);

export const SubmitProcessBodySchema = z.object({
  businessType: z.enum(DOCUMENT_BUSINESS_TYPES, { error: "businessType 只能是 'contract'、'loan' 或 'project'" }),
  businessId: rowId('businessId 必须是正整数'),
  comment,
});
export type SubmitProcessBody = z.infer<typeof SubmitProcessBodySchema>;

export const CompleteTaskBodySchema = z.object({
  processInstanceId: rowId('processInstanceId 必须是正整数'),
  /** The open step's taskId (from the task list or taskHistory); another step is 409. */
  taskId: rowId('taskId 必须是正整数'),
  action: z.enum(['approve', 'reject'], { error: "action 只能是 'approve' 或 'reject'" }),
  comment,
});
export type CompleteTaskBody = z.infer<typeof CompleteTaskBodySchema>;

export const TodoTaskSchema = z.object({
  processInstanceId: z.number().int(),
  taskId: z.number().int(),
  taskName: z.string(),
  businessType: z.string(),
  businessId: z.number().int(),
  businessCode: z.string(),
  startedBy: z.string(),
  startTime: z.string(),
});
export type TodoTask = z.infer<typeof TodoTaskSchema>;

export const TodoListQuerySchema = PageQuerySchema.extend({
  /** One business type, or several joined by commas (a task list of an area: contracts and in-storage notices). */
  businessType: z.preprocess(
    (v: string | null | undefined) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.split(',') : v),
    z
      .array(
        z.enum(PROCESS_BUSINESS_TYPES, {
          error: `businessType 只能是 ${PROCESS_BUSINESS_TYPES.map((t) => `'${t}'`).join('、')} 之一`,
        }),
      )
      .optional(),
  ),
});
export const TodoListReplySchema = envelope(pageOf(TodoTaskSchema));

export const PROCESS_PATHS = {
  /** Served both as written and under /api (spec 7.4 lists it without /api). */
  taskHistory: '/mlzProcessService/monitoring/taskHistory/:processInstanceId',
  submit: '/api/mlzProcessService/process/submit',
  todoList: '/api/mlzProcessService/task/todoList',
  complete: '/api/mlzProcessService/task/complete',
} as const;
