// The demo indicator tree of the platform enterprise ent-p (where the data-portal staff 孙悦 and 周岚 work): four
// groups of indicators bound to the built-in datasets' measures, each with its first version as its author made it.
import { sql, type Transaction } from 'kysely';
import { indicatorDiff, type IndicatorFields } from '@tfb/contract';
import type { DB } from './types.js';

const OWNER = { enterpriseId: 'ent-p', userId: 'demo-portal-admin', userName: '孙悦' } as const;

type Seeded = Omit<IndicatorFields, 'ownerId'> & { ownerId?: string | null; children?: Seeded[] };

const group = (code: string, name: string, definition: string, children: Seeded[]): Seeded => ({
  code,
  name,
  definition,
  unit: 'count',
  frequency: 'month',
  aggregation: 'sum',
  datasetId: '',
  field: '',
  status: 'active',
  children,
});

const INDICATORS: readonly Seeded[] = [
  group('BIZ', '业务规模', '反映平台贸易业务体量的指标分组。', [
    {
      code: 'BIZ.CONTRACT_AMOUNT',
      name: '合同金额',
      definition: '统计期内签订日期落在该期间的有效合同（不含已删除）合同金额之和，按中国标准时间计月。',
      unit: 'yuan',
      frequency: 'month',
      aggregation: 'sum',
      datasetId: 'contracts',
      field: 'amount',
      status: 'active',
      ownerId: 'demo-portal-admin',
    },
    {
      code: 'BIZ.ORDER_AMOUNT',
      name: '订单金额',
      definition: '统计期内销售订单与采购订单的订单金额之和，按下单日期计月。',
      unit: 'yuan',
      frequency: 'month',
      aggregation: 'sum',
      datasetId: 'orders',
      field: 'amount',
      status: 'active',
      ownerId: 'demo-portal-editor',
    },
    {
      code: 'BIZ.CONTRACT_COUNT',
      name: '合同数',
      definition: '统计期内签订的合同份数。',
      unit: 'count',
      frequency: 'month',
      aggregation: 'count',
      datasetId: 'contracts',
      field: 'count',
      status: 'active',
      ownerId: 'demo-portal-editor',
    },
  ]),
  group('FIN', '融资', '反映供应链融资申请、审批与存量的指标分组。', [
    {
      code: 'FIN.LOAN_APPLIED',
      name: '贷款申请金额',
      definition: '统计期内提交的贷款申请金额之和，按申请日期计月。',
      unit: 'yuan',
      frequency: 'month',
      aggregation: 'sum',
      datasetId: 'loans',
      field: 'loanAmount',
      status: 'active',
      ownerId: 'demo-portal-admin',
    },
    {
      code: 'FIN.LOAN_BALANCE',
      name: '贷款余额',
      definition: '期末已审批贷款金额扣除同一合同下已结算还款后的余额，取期末最新值。',
      unit: 'yuan',
      frequency: 'month',
      aggregation: 'latest',
      datasetId: 'loans',
      field: 'balance',
      status: 'active',
      ownerId: 'demo-portal-admin',
    },
    {
      code: 'FIN.APPROVAL_RATE',
      name: '审批通过率',
      definition: '统计期内审批通过的贷款笔数占已完成审批贷款笔数的比例（以贷款笔数计算）。',
      unit: 'percent',
      frequency: 'quarter',
      aggregation: 'avg',
      datasetId: 'loans',
      field: 'count',
      status: 'draft',
      ownerId: 'demo-portal-editor',
    },
  ]),
  group('WH', '仓储', '反映仓库库存与出入库作业的指标分组。', [
    {
      code: 'WH.STOCK_WEIGHT',
      name: '库存重量',
      definition: '各仓库当前在库货物重量（入库减出库），以吨计，取最新值。',
      unit: 'tonne',
      frequency: 'day',
      aggregation: 'latest',
      datasetId: 'warehouseStock',
      field: 'weight',
      status: 'active',
      ownerId: 'demo-portal-admin',
    },
    {
      code: 'WH.IN_WEIGHT',
      name: '入库量',
      definition: '统计期内入库单的货物重量之和，按入库时间计。',
      unit: 'tonne',
      frequency: 'week',
      aggregation: 'sum',
      datasetId: 'warehouseFlow',
      field: 'weight',
      status: 'active',
      ownerId: 'demo-portal-editor',
    },
    {
      code: 'WH.OUT_WEIGHT',
      name: '出库量',
      definition: '统计期内出库单的货物重量之和，按出库时间计。',
      unit: 'tonne',
      frequency: 'week',
      aggregation: 'sum',
      datasetId: 'warehouseFlow',
      field: 'weight',
      status: 'active',
      ownerId: 'demo-portal-editor',
    },
    {
      code: 'WH.PENDING_NOTICES',
      name: '待处理通知',
      definition: '尚未生成对应入库单或出库单的入库通知与提货指令数量，取最新值。',
      unit: 'count',
      frequency: 'day',
      aggregation: 'latest',
      datasetId: 'warehouseNotices',
      field: 'count',
      status: 'active',
      ownerId: 'demo-portal-admin',
    },
  ]),
  group('RISK', '风险', '反映风险预警情况的指标分组。', [
    {
      code: 'RISK.WARNINGS',
      name: '预警数',
      definition: '统计期内触发的风险预警条数，按预警日期计月。',
      unit: 'count',
      frequency: 'month',
      aggregation: 'count',
      datasetId: 'warnings',
      field: 'count',
      status: 'active',
      ownerId: 'demo-portal-admin',
    },
  ]),
];

export async function seedIndicators(trx: Transaction<DB>): Promise<void> {
  await trx
    .insertInto('indicator_trees')
    .values({ enterprise_id: OWNER.enterpriseId, version: 1 })
    .onConflict((oc) => oc.column('enterprise_id').doNothing())
    .execute();
  const insert = async (nodes: readonly Seeded[], parentId: number | null) => {
    for (const [place, { children = [], ownerId = null, ...f }] of nodes.entries()) {
      const row = await trx
        .insertInto('indicators')
        .values({
          enterprise_id: OWNER.enterpriseId,
          parent_id: parentId,
          sort_order: place,
          code: f.code,
          name: f.name,
          definition: f.definition,
          unit: f.unit,
          frequency: f.frequency,
          aggregation: f.aggregation,
          dataset_id: f.datasetId,
          field: f.field,
          owner_id: ownerId,
          status: f.status,
          create_user_id: OWNER.userId,
          change_user_id: OWNER.userId,
          change_user_name: OWNER.userName,
        })
        .returning(['id', 'version'])
        .executeTakeFirstOrThrow();
      const snapshot = { ...f, ownerId, parentId };
      await trx
        .insertInto('indicator_versions')
        .values({
          indicator_id: row.id,
          enterprise_id: OWNER.enterpriseId,
          version: row.version,
          action: 'create',
          changes: JSON.stringify(indicatorDiff(null, snapshot)),
          snapshot: JSON.stringify(snapshot),
          user_id: OWNER.userId,
          user_name: OWNER.userName,
          create_time: sql<string>`now()`,
        })
        .execute();
      await insert(children, row.id);
    }
  };
  await insert(INDICATORS, null);
}
