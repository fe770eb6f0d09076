// Contracts of one enterprise with their goods lines, document rows and delivery address. A save writes the
// header, the goods lines and the document rows in one transaction.
import type { Kysely, Transaction } from 'kysely';
import type { ContractDetail, ContractRow, FieldError, ListContractsQuery, SaveContractBody } from '@tfb/contract';
import { contractLimits, type LimitExclusions } from '../../lib/contract-limits.js';
import type { DB } from '../../db/types.js';
import { ADDRESS_NOT_FOUND, addressOf } from '../../lib/delivery-address.js';
import { documentsOf, replaceDocuments } from '../../lib/documents.js';
import { badRequest } from '../../lib/errors.js';
import { goodsLineToWire, resolveGoodsLines } from '../../lib/goods-lines.js';
import type { PageWindow, Paged } from '../../lib/paging.js';
import { latestProcessInstanceId } from '../../lib/process-ref.js';
import { ownedRecord, ownedRowExists, type OwnedTable } from '../../lib/owned.js';
import { pageRecords, RECORD_META_COLUMNS, recordMeta, recordWrites, replaceChildRows, type RowOf } from '../../lib/records.js';

export type Actor = { enterpriseId: string; userId: string };
const SOURCE_TYPE = 'contract' as const;
/** Ids the trail shows as the codes or the address beside them; the limits are derived (amount less loans and settlements). */
const AUDIT_IGNORE = ['projectId', 'salesOrderId', 'purchaseOrderId', 'deliveryAddressId', 'limits'];

const rowColumns = [
  'id',
  'code',
  'contract_relevance_code',
  'contract_type',
  'contract_name',
  'enterprise_name',
  'money',
  'sign_date',
  ...RECORD_META_COLUMNS,
] as const;

const toRow = (r: RowOf<'contracts', (typeof rowColumns)[number]>): ContractRow => ({
  id: r.id,
  code: r.code,
  contractRelevanceCode: r.contract_relevance_code,
  contractType: r.contract_type,
  contractName: r.contract_name,
  enterpriseName: r.enterprise_name,
  money: Number(r.money),
  signDate: r.sign_date,
  ...recordMeta(r),
});

export async function pageContracts(
  db: Kysely<DB>,
  enterpriseId: string,
  f: Pick<ListContractsQuery, 'search' | 'contractType' | 'status'>,
  w: PageWindow,
): Promise<Paged<ContractRow>> {
  return pageRecords(
    db,
    'contracts',
    { columns: rowColumns, toRow },
    enterpriseId,
    {
      status: f.status,
      equals: { contract_type: f.contractType },
      matching: [[f.search, ['code', 'contract_relevance_code', 'contract_name', 'enterprise_name']]],
    },
    w,
  );
}

/** One contract with its lines, documents and what its amount still allows (leaving out `exclude`, being edited). */
export async function getContract(
  db: Kysely<DB>,
  enterpriseId: string,
  id: number,
  exclude: LimitExclusions = {},
): Promise<ContractDetail | undefined> {
  const h = await ownedRecord(
    db
      .selectFrom('contracts as c')
      .leftJoin('projects as p', (j) => j.onRef('p.id', '=', 'c.project_id').onRef('p.enterprise_id', '=', 'c.enterprise_id'))
      .leftJoin('sales_orders as so', (j) => j.onRef('so.id', '=', 'c.sales_order_id').onRef('so.enterprise_id', '=', 'c.enterprise_id'))
      .leftJoin('purchase_orders as po', (j) =>
        j.onRef('po.id', '=', 'c.purchase_order_id').onRef('po.enterprise_id', '=', 'c.enterprise_id'),
      )
      .select([
        ...rowColumns.map((column) => `c.${column}` as const),
        'c.sign_type',
        'c.project_id',
        'c.sales_order_id',
        'c.purchase_order_id',
        'c.delivery_address_id',
        'p.project_code',
        'so.order_code',
        'po.purchase_order_code',
      ]),
    enterpriseId,
    id,
    'c',
  );
  if (!h) return undefined;
  const [goods, documents, deliveryAddress, processInstanceId, limits] = await Promise.all([
    db
      .selectFrom('contract_goods')
      .selectAll()
      .where('contract_id', '=', id)
      .where('enterprise_id', '=', enterpriseId)
      .orderBy('id')
      .execute(),
    documentsOf(db, enterpriseId, SOURCE_TYPE, id),
    addressOf(db, enterpriseId, h.delivery_address_id),
    latestProcessInstanceId(db, enterpriseId, 'contract', id),
    contractLimits(db, enterpriseId, { id, money: h.money }, exclude),
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
    deliveryAddress,
    goods: goods.map(goodsLineToWire),
    documents,
    processInstanceId,
    limits,
  };
}

/** The linked project, orders and address must be the enterprise's own (others do not exist). */
async function checkReferences(trx: Transaction<DB>, enterpriseId: string, b: SaveContractBody): Promise<void> {
  const checks: [keyof SaveContractBody, OwnedTable, number | null, string][] = [
    ['projectId', 'projects', b.projectId, '项目不存在'],
    ['salesOrderId', 'sales_orders', b.salesOrderId, '销售订单不存在'],
    ['purchaseOrderId', 'purchase_orders', b.purchaseOrderId, '采购订单不存在'],
    ['deliveryAddressId', 'delivery_addresses', b.deliveryAddressId, ADDRESS_NOT_FOUND],
  ];
  const errors: FieldError[] = [];
  for (const [field, table, id, message] of checks) {
    if (id === null) continue;
    if (!(await ownedRowExists(trx, table, enterpriseId, id))) errors.push({ field, message });
  }
  if (errors.length) throw badRequest(errors[0]!.message, errors);
}

async function writeLines(trx: Transaction<DB>, actor: Actor, contractId: number, b: SaveContractBody): Promise<void> {
  const goods = await resolveGoodsLines(trx, actor.enterpriseId, b.goods);
  await replaceChildRows(trx, 'contract_goods', { enterprise_id: actor.enterpriseId, contract_id: contractId }, goods);
  await replaceDocuments(trx, actor, SOURCE_TYPE, contractId, b.documents);
}

/** Create, and update while a draft or rejected; the row lock orders an update against a concurrent submit. */
export const { create: createContract, update: updateContract } = recordWrites('contracts', 'code', {
  entity: 'contract',
  auditIgnore: AUDIT_IGNORE,
  columns: async (trx, actor, b: SaveContractBody) => {
    await checkReferences(trx, actor.enterpriseId, b);
    return {
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
    };
  },
  children: (trx, actor, id, b) => writeLines(trx, actor, id, b),
  read: (db, enterpriseId, id) => getContract(db, enterpriseId, id),
});
