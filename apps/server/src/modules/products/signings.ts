// An enterprise's signings of the platform's products. A signing names an on-shelf product, an amount within its
// limit, a term within its range, a purpose, and a project and/or contract of the enterprise's own; its documents
// are saved like a loan application's. Submitting checks it all again plus one document of every required type,
// and starts the approval process (business type productSign). When the process ends, the signing's status and
// its result's outbox row for the risk service are written in the approval's own transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  APPROVAL_BUSINESS_STATUS,
  BUSINESS_MESSAGES,
  PRODUCT_MESSAGES,
  isEditableStatus,
  readOnlyMessage,
  type FieldError,
  type ListSigningsQuery,
  type Product,
  type ProductKind,
  type RiskResult,
  type SaveSigningBody,
  type SigningDetail,
  type SigningRow,
  type SigningStatus,
  type SubmitSigningBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { recordAudit } from '../../lib/audit.js';
import { documentsOf, replaceDocuments } from '../../lib/documents.js';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.js';
import { fetchPage, matchingAny, type PageWindow, type Paged } from '../../lib/paging.js';
import { recordWrites, type RecordActor } from '../../lib/records.js';
import type { Session } from '../../plugins/session.js';
import { registerApprovalSubject, startProcess, type ApprovalOutcome } from '../process/public.js';
import { getProduct } from './catalogue.js';
import { deliveriesOf, enqueueResult } from './outbox.js';

export const SIGNING_NOUN = '产品签约';
const SOURCE = 'productSign' as const;

const base = (db: Kysely<DB>) =>
  db
    .selectFrom('product_signings as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('projects as pj', 'pj.id', 's.project_id')
    .leftJoin('contracts as c', 'c.id', 's.contract_id');

const selectRow = (q: ReturnType<typeof base>) =>
  q.select([
    's.id',
    's.sign_code',
    's.product_id',
    'p.code as product_code',
    'p.name as product_name',
    'p.kind as product_kind',
    's.amount',
    's.term_months',
    's.purpose',
    's.project_id',
    'pj.project_code',
    'pj.project_name',
    's.contract_id',
    'c.code as contract_code',
    's.status',
    's.created_at',
    's.updated_at',
    's.version',
    's.process_instance_id',
  ]);
type Selected = Awaited<ReturnType<ReturnType<typeof selectRow>['executeTakeFirstOrThrow']>>;

const toRow = (r: Selected): SigningRow => ({
  id: r.id,
  signCode: r.sign_code,
  productId: r.product_id,
  productCode: r.product_code,
  productName: r.product_name,
  productKind: r.product_kind as ProductKind,
  amount: Number(r.amount),
  termMonths: r.term_months,
  purpose: r.purpose,
  projectId: r.project_id,
  projectCode: r.project_code,
  projectName: r.project_name,
  contractId: r.contract_id,
  contractCode: r.contract_code,
  status: r.status as SigningStatus,
  createTime: r.created_at,
  updateTime: r.updated_at,
  version: r.version,
});

export async function pageSignings(db: Kysely<DB>, enterpriseId: string, f: ListSigningsQuery, w: PageWindow): Promise<Paged<SigningRow>> {
  let q = base(db).where('s.enterprise_id', '=', enterpriseId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (f.productId) q = q.where('s.product_id', '=', f.productId);
  q = matchingAny(q, f.search, ['s.sign_code', 's.purpose', 'p.name', 'p.code', 'pj.project_name', 'c.code']);
  return fetchPage(db, q, (p) => selectRow(p).orderBy('s.id', 'desc'), w, toRow);
}

/** The signing with its product, documents, latest process and risk deliveries (`configured`: RISK_SERVICE_URL set). */
export async function getSigning(db: Kysely<DB>, enterpriseId: string, id: number, configured = false): Promise<SigningDetail | undefined> {
  const r = await selectRow(base(db)).where('s.enterprise_id', '=', enterpriseId).where('s.id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  const [product, documents, riskDeliveries] = await Promise.all([
    getProduct(db, r.product_id),
    documentsOf(db, enterpriseId, SOURCE, id),
    deliveriesOf(db, enterpriseId, id),
  ]);
  if (!product) return undefined;
  return { ...toRow(r), product, documents, processInstanceId: r.process_instance_id, riskDeliveries, riskServiceConfigured: configured };
}

const money = (n: number) => n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The application's figures against the product: on shelf, amount within the limit, term within the range. */
function checkAgainstProduct(product: Product, b: Pick<SaveSigningBody, 'amount' | 'termMonths'>): void {
  if (product.status !== 'on') throw fieldError('productId', PRODUCT_MESSAGES.productOff);
  const errors: FieldError[] = [];
  if (b.amount > product.limitAmount)
    errors.push({ field: 'amount', message: PRODUCT_MESSAGES.amountOverLimit(money(product.limitAmount)) });
  if (b.termMonths < product.termMin || b.termMonths > product.termMax) {
    errors.push({ field: 'termMonths', message: PRODUCT_MESSAGES.termOutOfRange(product.termMin, product.termMax) });
  }
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

async function lockedProduct(trx: Transaction<DB>, id: number): Promise<Product> {
  // Shared lock: a concurrent shelf change or edit waits for this signing's transaction, and vice versa.
  await trx.selectFrom('products').select('id').where('id', '=', id).forShare().executeTakeFirst();
  const product = await getProduct(trx, id);
  if (!product) throw fieldError('productId', PRODUCT_MESSAGES.productRequired);
  return product;
}

async function checkReferences(trx: Transaction<DB>, enterpriseId: string, b: SaveSigningBody): Promise<void> {
  if (b.projectId !== null) {
    const p = await trx
      .selectFrom('projects')
      .select('id')
      .where('id', '=', b.projectId)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    if (!p) throw fieldError('projectId', PRODUCT_MESSAGES.projectNotFound);
  }
  if (b.contractId !== null) {
    const c = await trx
      .selectFrom('contracts')
      .select('id')
      .where('id', '=', b.contractId)
      .where('enterprise_id', '=', enterpriseId)
      .executeTakeFirst();
    if (!c) throw fieldError('contractId', PRODUCT_MESSAGES.contractNotFound);
  }
}

export const { create: createSigning, update: updateSigning } = recordWrites('product_signings', 'sign_code', {
  entity: 'productSigning',
  columns: async (trx, actor: RecordActor, b: SaveSigningBody) => {
    checkAgainstProduct(await lockedProduct(trx, b.productId), b);
    await checkReferences(trx, actor.enterpriseId, b);
    return {
      product_id: b.productId,
      amount: b.amount,
      term_months: b.termMonths,
      purpose: b.purpose,
      project_id: b.projectId,
      contract_id: b.contractId,
    };
  },
  children: (trx, actor, id, b) => replaceDocuments(trx, actor, SOURCE, id, b.documents),
  read: (db, enterpriseId, id) => getSigning(db, enterpriseId, id),
});

/**
 * Submits a draft or rejected signing for approval: the version read, the product still on shelf with the
 * figures inside it, and a document of every required type. Starts the process and marks the signing approving.
 */
export function submitSigning(db: Kysely<DB>, s: Session, id: number, b: SubmitSigningBody): Promise<SigningDetail> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('product_signings')
      .selectAll()
      .where('id', '=', id)
      .where('enterprise_id', '=', s.enterpriseId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(SIGNING_NOUN);
    if (row.version !== b.version) throw conflict(BUSINESS_MESSAGES.staleVersion);
    if (!isEditableStatus(row.status)) throw conflict(readOnlyMessage(row.status));
    const product = await lockedProduct(trx, row.product_id);
    checkAgainstProduct(product, { amount: Number(row.amount), termMonths: row.term_months });
    const documents = await documentsOf(trx, s.enterpriseId, SOURCE, id);
    const attached = new Set(documents.map((d) => d.fileTypeId));
    const missing = product.requiredDocs.filter((d) => !attached.has(d.key));
    if (missing.length) throw fieldError('documents', PRODUCT_MESSAGES.documentsMissing(missing.map((d) => d.name).join('、')));
    const processInstanceId = await startProcess(trx, s, {
      businessType: 'productSign',
      businessId: id,
      businessCode: row.sign_code,
      resubmitted: row.status === APPROVAL_BUSINESS_STATUS.rejected,
      comment: b.comment,
    });
    await trx
      .updateTable('product_signings')
      .set({
        status: APPROVAL_BUSINESS_STATUS.running,
        process_instance_id: processInstanceId,
        version: sql<number>`version + 1`,
        updated_by: s.userId,
        updated_at: sql<string>`now()`,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, s, {
      entity: 'productSigning',
      entityId: id,
      action: 'submit',
      diff: [{ field: 'status', from: row.status, to: APPROVAL_BUSINESS_STATUS.running }],
    });
    const read = await getSigning(trx, s.enterpriseId, id);
    if (!read) throw new Error('signing written in this transaction cannot be read back');
    return read;
  });
}

/** The end of a signing's approval: its status, its trail, and its result queued for the risk service, together. */
async function onOutcome(trx: Transaction<DB>, s: Session, o: ApprovalOutcome): Promise<void> {
  const status = APPROVAL_BUSINESS_STATUS[o.outcome];
  const row = await selectRow(base(trx))
    .select(['s.enterprise_id'])
    .where('s.id', '=', o.businessId)
    .where('s.enterprise_id', '=', o.enterpriseId)
    .executeTakeFirst();
  if (!row) throw notFound(SIGNING_NOUN);
  await trx
    .updateTable('product_signings')
    .set({ status, version: sql<number>`version + 1`, updated_by: s.userId, updated_at: sql<string>`now()` })
    .where('id', '=', o.businessId)
    .where('enterprise_id', '=', o.enterpriseId)
    .execute();
  await recordAudit(trx, s, {
    entity: 'productSigning',
    entityId: o.businessId,
    action: o.outcome === 'approved' ? 'approve' : 'reject',
    diff: [{ field: 'status', from: row.status, to: status }],
  });
  const enterprise = await trx.selectFrom('enterprises').select('name').where('id', '=', o.enterpriseId).executeTakeFirst();
  // One key per finished process: retries of this result repeat it; a later resubmission's result has its own.
  const idempotencyKey = `product-sign-${o.businessId}-${o.processInstanceId}`;
  const result: RiskResult = {
    idempotencyKey,
    signCode: row.sign_code,
    signingId: row.id,
    enterpriseId: o.enterpriseId,
    enterpriseName: enterprise?.name ?? '',
    product: { code: row.product_code, name: row.product_name, kind: row.product_kind as ProductKind },
    amount: Number(row.amount),
    termMonths: row.term_months,
    purpose: row.purpose,
    projectCode: row.project_code,
    contractCode: row.contract_code,
    result: o.outcome,
    comment: o.comment,
    decidedAt: o.now.toISOString(),
  };
  await enqueueResult(trx, { enterpriseId: o.enterpriseId, signingId: o.businessId, result });
}

registerApprovalSubject('productSign', { onOutcome });
