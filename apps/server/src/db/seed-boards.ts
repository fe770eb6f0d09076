// The demo dashboards of the platform enterprise (ent-p), made by its data-portal administrator: the board
// 经营驾驶舱 (KPIs, monthly trends, structure, the stock map and the top counterparties) and the big screen
// 供应链金融大屏 laid out on the 1920×1080 stage. Both go through the contract's schemas, as a save would. Two of the
// board's KPIs are drawn from indicators of the indicator system (the same dataset measures the indicators name).
import type { Transaction } from 'kysely';
import { CreateBoardBodySchema, CreateSceneBodySchema, type WidgetInput } from '@tfb/contract';
import type { DB } from './types.js';

const OWNER = { enterprise_id: 'ent-p', create_user_id: 'demo-portal-admin', create_user_name: '孙悦', update_user_name: '孙悦' };

type W = [
  id: string,
  kind: WidgetInput['kind'],
  zh: string,
  en: string,
  es: string,
  binding: WidgetInput['binding'],
  at: [number, number, number, number],
];
const widget = ([id, kind, zh, en, es, binding, [x, y, w, h]]: W): WidgetInput => ({
  id,
  kind,
  title: { zh, en, es },
  binding,
  position: { x, y, w, h },
});

const BOARD: W[] = [
  [
    'contractAmount',
    'kpi',
    '合同总额',
    'Contract amount',
    'Importe de contratos',
    { dataset: 'contracts', measures: ['amount'] },
    [0, 0, 3, 3],
  ],
  ['orderAmount', 'kpi', '订单总额', 'Order amount', 'Importe de pedidos', { dataset: 'orders', measures: ['amount'] }, [3, 0, 3, 3]],
  [
    'loanAmount',
    'kpi',
    '贷款申请总额',
    'Loans applied for',
    'Préstamos solicitados',
    { dataset: 'loans', measures: ['loanAmount'] },
    [6, 0, 3, 3],
  ],
  ['warnings', 'kpi', '风险预警', 'Risk warnings', 'Alertas de riesgo', { dataset: 'warnings', measures: ['count'] }, [9, 0, 3, 3]],
  [
    'contractsByMonth',
    'line',
    '月度签约金额',
    'Contracts signed by month',
    'Contratos firmados por mes',
    { dataset: 'contracts', dimensions: ['month'], measures: ['amount'] },
    [0, 3, 6, 8],
  ],
  [
    'ordersByMonth',
    'stackedBar',
    '月度订单金额（销售 / 采购）',
    'Orders by month (sales / purchases)',
    'Pedidos por mes (ventas / compras)',
    { dataset: 'orders', dimensions: ['month', 'orderKind'], measures: ['amount'] },
    [6, 3, 6, 8],
  ],
  [
    'contractTypes',
    'ring',
    '合同类型结构',
    'Contracts by type',
    'Contratos por tipo',
    { dataset: 'contracts', dimensions: ['contractType'], measures: ['amount'] },
    [0, 11, 4, 8],
  ],
  [
    'loansByStatus',
    'bar',
    '贷款申请状态',
    'Loan applications by status',
    'Solicitudes de préstamo por estado',
    { dataset: 'loans', dimensions: ['status'], measures: ['loanAmount', 'approvedAmount'] },
    [4, 11, 4, 8],
  ],
  [
    'approvalHours',
    'gauge',
    '审批平均时长（小时）',
    'Average approval time (h)',
    'Tiempo medio de aprobación (h)',
    { dataset: 'approvals', measures: ['avgHours'], max: 200 },
    [8, 11, 4, 8],
  ],
  [
    'stockMap',
    'map',
    '库存地区分布',
    'Stock by province',
    'Existencias por provincia',
    { dataset: 'warehouseStock', dimensions: ['province'], measures: ['weight'] },
    [0, 19, 6, 9],
  ],
  [
    'topCounterparties',
    'table',
    '主要交易对手',
    'Top counterparties',
    'Principales contrapartes',
    { dataset: 'contracts', dimensions: ['counterparty'], measures: ['amount', 'count'], limit: 8 },
    [6, 19, 6, 9],
  ],
];

const SCENE: W[] = [
  [
    'contractAmount',
    'kpi',
    '合同总额',
    'Contract amount',
    'Importe de contratos',
    { dataset: 'contracts', measures: ['amount'] },
    [0, 0, 6, 2],
  ],
  ['loanBalance', 'kpi', '贷款余额', 'Loan balance', 'Saldo de préstamos', { dataset: 'loans', measures: ['balance'] }, [6, 0, 6, 2]],
  [
    'stockWeight',
    'kpi',
    '在库货物重量',
    'Goods in stock',
    'Mercancía en existencia',
    { dataset: 'warehouseStock', measures: ['weight'] },
    [12, 0, 6, 2],
  ],
  ['warnings', 'kpi', '风险预警', 'Risk warnings', 'Alertas de riesgo', { dataset: 'warnings', measures: ['count'] }, [18, 0, 6, 2]],
  [
    'contractsByMonth',
    'line',
    '月度签约金额',
    'Contracts signed by month',
    'Contratos firmados por mes',
    { dataset: 'contracts', dimensions: ['month'], measures: ['amount'] },
    [0, 2, 8, 5],
  ],
  [
    'stockMap',
    'map',
    '仓储网络库存分布',
    'Stock across the warehouse network',
    'Existencias en la red de almacenes',
    { dataset: 'warehouseStock', dimensions: ['province'], measures: ['weight'] },
    [8, 2, 8, 9],
  ],
  [
    'contractTypes',
    'ring',
    '合同类型结构',
    'Contracts by type',
    'Contratos por tipo',
    { dataset: 'contracts', dimensions: ['contractType'], measures: ['amount'] },
    [16, 2, 8, 5],
  ],
  [
    'flowByMonth',
    'stackedBar',
    '月度出入库重量',
    'Goods in and out by month',
    'Entradas y salidas por mes',
    { dataset: 'warehouseFlow', dimensions: ['month', 'direction'], measures: ['weight'] },
    [0, 7, 8, 4],
  ],
  [
    'loansByStatus',
    'bar',
    '贷款申请状态',
    'Loan applications by status',
    'Solicitudes de préstamo por estado',
    { dataset: 'loans', dimensions: ['status'], measures: ['loanAmount'] },
    [16, 7, 8, 4],
  ],
];

/** The board's widgets drawn from an indicator of ent-p's indicator system (seeded before the boards), by code. */
const BOUND_TO_INDICATOR: Record<string, string> = { contractAmount: 'BIZ.CONTRACT_AMOUNT', loanAmount: 'FIN.LOAN_APPLIED' };

export async function seedBoards(trx: Transaction<DB>): Promise<void> {
  const indicators = await trx
    .selectFrom('indicators')
    .select(['id', 'code'])
    .where('enterprise_id', '=', OWNER.enterprise_id)
    .where('code', 'in', Object.values(BOUND_TO_INDICATOR))
    .execute();
  const idOf = new Map(indicators.map((i) => [i.code, i.id]));
  const board = CreateBoardBodySchema.parse({
    title: { zh: '经营驾驶舱', en: 'Operations cockpit', es: 'Cabina de operaciones' },
    filter: { period: 'last12Months', warehouseId: null, enterpriseId: null },
    widgets: BOARD.map(widget).map((w) => {
      const code = BOUND_TO_INDICATOR[w.id];
      return code === undefined ? w : { ...w, binding: { ...w.binding, indicatorId: idOf.get(code) ?? null } };
    }),
  });
  const scene = CreateSceneBodySchema.parse({
    title: { zh: '供应链金融大屏', en: 'Supply-chain finance screen', es: 'Pantalla de finanzas de la cadena de suministro' },
    filter: { period: 'last12Months', warehouseId: null, enterpriseId: null },
    refreshSeconds: 60,
    widgets: SCENE.map(widget),
  });
  for (const [kind, d] of [
    ['board', board],
    ['scene', scene],
  ] as const) {
    await trx
      .insertInto('data_dashboards')
      .values({
        ...OWNER,
        kind,
        title_zh: d.title.zh,
        title_en: d.title.en,
        title_es: d.title.es,
        filter: JSON.stringify(d.filter),
        widgets: JSON.stringify(d.widgets),
        refresh_seconds: kind === 'scene' ? (d.refreshSeconds ?? 60) : null,
      })
      .execute();
  }
}
