// Contracts of one enterprise with their goods lines, document rows and delivery address. A save writes the
// header, the goods lines and the document rows in one transaction.
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  CONTRACT_DRAFT_DOC_TYPE,
  DOCUMENT_TYPE_GROUP,
  DRAFT_EXTENSIONS,
  MESSAGES,
  BUSINESS_MESSAGES,
  fileIdOfUrl,
  fileUrl,
  type ContractDetail,
  type ContractRow,
  type DocumentRowInput,
  type FieldError,
  type ListContractsQuery,
  type SaveContractBody,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { badRequest } from '../../lib/errors.js';
import { goodsLineToWire, resolveGoodsLines } from '../../lib/goods-lines.js';
import { likePattern, type PageWindow } from '../../lib/paging.js';

export type Actor = { enterpriseId: string; userId: string };
const SOURCE_TYPE = 'contract';

const rowColumns = [
  'id',
  'code',
  'contract_relevance_code',
  'contract_type',
  'contract_name',
  'enterprise_name',
  'money',
  'sign_date',
  'status',
  'created_at',
  'updated_at',
] as const;

type HeaderRow = {
  id: number;
  code: string;
  contract_relevance_code: string;
  contract_type: string;
  contract_name: string;
  enterprise_name: string;
  money: number;
  sign_date: string | null;
  status: string;
  created_at: string;
  updated_at: string;
};

const toRow = (r: HeaderRow): ContractRow => ({
  id: r.id,
  code: r.code,
  contractRelevanceCode: r.contract_relevance_code,
  contractType: r.contract_type,
  contractName: r.contract_name,
  enterpriseName: r.enterprise_name,
  money: Number(r.money),
  signDate: r.sign_date,
  status: r.status,
  createTime: r.created_at,
  updateTime: r.updated_at,
});

export async function pageContracts(
  db: Kysely<DB>,
  enterpriseId: string,
  f: Pick<ListContractsQuery, 'search' | 'contractType' | 'status'>,
  w: PageWindow,
): Promise<{ content: ContractRow[]; total: number }> {
  let q = db.selectFrom('contracts').where('enterprise_id', '=', enterpriseId);
  if (f.contractType) q = q.where('contract_type', '=', f.contractType);
  if (f.status) q = q.where('status', '=', f.status);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where((eb) =>
      eb.or([eb('code', 'ilike', p), eb('contract_relevance_code', 'ilike', p), eb('contract_name', 'ilike', p), eb('enterprise_name', 'ilike', p)]),
    );
  }
  const [rows, count] = await Promise.all([
    q.select(rowColumns).orderBy('id', 'desc').limit(w.limit).offset(w.offset).execute(),
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(toRow), total: Number(count.n) };
}

export async function getContract(db: Kysely<DB>, enterpriseId: string, id: number): Promise<ContractDetail | undefined> {
  const h = await db
    .selectFrom('contracts as c')
    .leftJoin('projects as p', (j) => j.onRef('p.id', '=', 'c.project_id').onRef('p.enterprise_id', '=', 'c.enterprise_id'))
    .leftJoin('sales_orders as so', (j) => j.onRef('so.id', '=', 'c.sales_order_id').onRef('so.enterprise_id', '=', 'c.enterprise_id'))
    .leftJoin('purchase_orders as po', (j) => j.onRef('po.id', '=', 'c.purchase_order_id').onRef('po.enterprise_id', '=', 'c.enterprise_id'))
    .select([
      'c.id',
      'c.code',
      'c.contract_relevance_code',
      'c.contract_type',
      'c.contract_name',
      'c.enterprise_name',
      'c.money',
      'c.sign_date',
      'c.status',
      'c.created_at',
      'c.updated_at',
      'c.sign_type',
      'c.project_id',
      'c.sales_order_id',
      'c.purchase_order_id',
      'c.delivery_address_id',
      'p.project_code',
      'so.order_code',
      'po.purchase_order_code',
    ])
    .where('c.enterprise_id', '=', enterpriseId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!h) return undefined;
  const [goods, documents, address] = await Promise.all([
    db.selectFrom('contract_goods').selectAll().where('contract_id', '=', id).where('enterprise_id', '=', enterpriseId).orderBy('id').execute(),
    db
      .selectFrom('documents')
      .selectAll()
      .where('enterprise_id', '=', enterpriseId)
      .where('source_type', '=', SOURCE_TYPE)
      .where('source_id', '=', id)
      .orderBy('id')
      .execute(),
    h.delivery_address_id === null
      ? Promise.resolve(undefined)
      : db
          .selectFrom('delivery_addresses')
          .selectAll()
          .where('enterprise_id', '=', enterpriseId)
          .where('id', '=', h.delivery_address_id)
          .executeTakeFirst(),
  ]);
  return {
    ...toRow(h),
    signType: h.sign_type,
    projectId: h.project_id,
    projectCode: h.project_code ?? null,
    salesOrderId: h.sales_order_id,
    salesOrderCode: h.order_code ?? null,
    purchaseOrderId: h.purchase_order_id,
    purchaseOrderCode: h.purchase_order_code ?? null,
    deliveryAddressId: h.delivery_address_id,
    deliveryAddress: address
      ? {
          id: address.id,
          contacts: address.contacts,
          contactsPhone: address.contacts_phone,
          addressCode: address.address_code,
          province: address.province,
          city: address.city,
          area: address.area,
          detailedAddress: address.detailed_address,
          enterpriseId: address.enterprise_id,
          isDefault: address.is_default,
          isDelete: address.is_delete,
          createUserId: address.create_user_id,
          createUserName: address.create_user_name,
          changeUserId: address.change_user_id,
          changeUserName: address.change_user_name,
          createTime: address.create_time,
          updateTime: address.update_time,
        }
      : null,
    goods: goods.map(goodsLineToWire),
    documents: documents.map((d) => ({
      id: d.id,
      sourceId: d.source_id,
      fileName: d.file_name,
      fileTypeId: d.file_type_id,
      fileTypeName: d.file_type_name,
      filePath: d.file_path,
      endTime: d.end_time,
      fileQk: d.file_qk,
    })),
  };
}

/** The linked project, orders and address must be the enterprise's own (others do not exist). */
async function checkReferences(trx: Transaction<DB>, enterpriseId: string, b: SaveContractBody): Promise<void> {
  const checks: [keyof SaveContractBody, 'projects' | 'sales_orders' | 'purchase_orders' | 'delivery_addresses', number | null, string][] = [
    ['projectId', 'projects', b.projectId, '项目不存在'],
    ['salesOrderId', 'sales_orders', b.salesOrderId, '销售订单不存在'],
    ['purchaseOrderId', 'purchase_orders', b.purchaseOrderId, '采购订单不存在'],
    ['deliveryAddressId', 'delivery_addresses', b.deliveryAddressId, '收货地址不存在'],
  ];
  const errors: FieldError[] = [];
  for (const [field, table, id, message] of checks) {
    if (id === null) continue;
    const found = await trx
      .selectFrom(table)
      .select('id')
      .where('enterprise_id', '=', enterpriseId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!found) errors.push({ field, message });
  }
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

type ResolvedDocument = {
  file_name: string;
  file_type_id: string;
  file_type_name: string;
  file_id: number;
  file_path: string;
  end_time: string | null;
  file_qk: string | null;
};

/**
 * Document rows: the type must be in the business_documentType dictionary, the file one the caller's
 * enterprise uploaded, and the contract-draft type takes only .doc/.docx files. (At most one agreement
 * data-pack row is checked by the body schema.)
 */
async function resolveDocuments(trx: Transaction<DB>, enterpriseId: string, rows: readonly DocumentRowInput[]): Promise<ResolvedDocument[]> {
  if (rows.length === 0) return [];
  const types = await trx
    .selectFrom('dict_entries')
    .select(['dict_key', 'dict_value_name'])
    .where('group_name', '=', DOCUMENT_TYPE_GROUP)
    .execute();
  const typeNames = new Map(types.map((t) => [t.dict_key, t.dict_value_name]));
  const fileIds = rows.map((r) => fileIdOfUrl(r.filePath));
  const wanted = [...new Set(fileIds.filter((id): id is number => id !== undefined))];
  const files = wanted.length
    ? await trx
        .selectFrom('stored_files')
        .select(['id', 'extension', 'original_name'])
        .where('enterprise_id', '=', enterpriseId)
        .where('id', 'in', wanted)
        .execute()
    : [];
  const fileById = new Map(files.map((f) => [f.id, f]));
  const errors: FieldError[] = [];
  const resolved: ResolvedDocument[] = [];
  rows.forEach((r, i) => {
    const typeName = typeNames.get(r.fileTypeId);
    if (typeName === undefined) errors.push({ field: `documents.${i}.fileTypeId`, message: BUSINESS_MESSAGES.docTypeUnknown });
    const fileId = fileIds[i];
    const file = fileId === undefined ? undefined : fileById.get(fileId);
    if (!file) {
      errors.push({ field: `documents.${i}.filePath`, message: BUSINESS_MESSAGES.fileNotFound });
      return;
    }
    if (r.fileTypeId === CONTRACT_DRAFT_DOC_TYPE && !(DRAFT_EXTENSIONS as readonly string[]).includes(file.extension)) {
      errors.push({ field: `documents.${i}.filePath`, message: MESSAGES.documentDraftDocOnly });
    }
    resolved.push({
      file_name: r.fileName || file.original_name,
      file_type_id: r.fileTypeId,
      file_type_name: typeName ?? '',
      file_id: file.id,
      file_path: fileUrl(file.id),
      end_time: r.endTime,
      file_qk: r.fileQk,
    });
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
  return resolved;
}

const header = (b: SaveContractBody) => ({
  contract_type: b.contractType,
  contract_name: b.contractName,
  contract_relevance_code: b.contractRelevanceCode,
  enterprise_name: b.enterpriseName,
  money: b.money,
  sign_type: b.signType,
  sign_date: b.signDate,
  project_id: b.projectId,
  sales_order_id: b.salesOrderId,
  purchase_order_id: b.purchaseOrderId,
  delivery_address_id: b.deliveryAddressId,
  status: b.status,
});

async function writeLines(trx: Transaction<DB>, actor: Actor, contractId: number, b: SaveContractBody): Promise<void> {
  const goods = await resolveGoodsLines(trx, actor.enterpriseId, b.goods);
  const documents = await resolveDocuments(trx, actor.enterpriseId, b.documents);
  await trx.deleteFrom('contract_goods').where('contract_id', '=', contractId).where('enterprise_id', '=', actor.enterpriseId).execute();
  await trx
    .deleteFrom('documents')
    .where('enterprise_id', '=', actor.enterpriseId)
    .where('source_type', '=', SOURCE_TYPE)
    .where('source_id', '=', contractId)
    .execute();
  if (goods.length) {
    await trx
      .insertInto('contract_goods')
      .values(goods.map((g) => ({ ...g, enterprise_id: actor.enterpriseId, contract_id: contractId })))
      .execute();
  }
  if (documents.length) {
    await trx
      .insertInto('documents')
      .values(
        documents.map((d) => ({
          ...d,
          enterprise_id: actor.enterpriseId,
          source_type: SOURCE_TYPE,
          source_id: contractId,
          created_by: actor.userId,
        })),
      )
      .execute();
  }
}

export async function createContract(db: Kysely<DB>, actor: Actor, code: string, b: SaveContractBody): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await checkReferences(trx, actor.enterpriseId, b);
    const { id } = await trx
      .insertInto('contracts')
      .values({ ...header(b), enterprise_id: actor.enterpriseId, code, created_by: actor.userId, updated_by: actor.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeLines(trx, actor, id, b);
    return id;
  });
}

export type UpdateOutcome = 'updated' | 'missing' | 'submitted';

export async function updateContract(db: Kysely<DB>, actor: Actor, id: number, b: SaveContractBody): Promise<UpdateOutcome> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('contracts')
      .select(['id', 'status'])
      .where('enterprise_id', '=', actor.enterpriseId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return 'missing';
    if (current.status === 'submitted') return 'submitted';
    await checkReferences(trx, actor.enterpriseId, b);
    await trx
      .updateTable('contracts')
      .set({ ...header(b), updated_by: actor.userId, updated_at: sql<string>`now()` })
      .where('id', '=', id)
      .where('enterprise_id', '=', actor.enterpriseId)
      .execute();
    await writeLines(trx, actor, id, b);
    return 'updated';
  });
}
