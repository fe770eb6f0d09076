// Notices and instructions as the server sends them (list rows carry at most 3 lines; details carry all).
import type { DeliveryInstructionDetail, DeliveryInstructionRow, InStorageNoticeDetail, InStorageNoticeRow, WarehouseScope } from '@tfb/contract';

export function noticeRow(id: number, lineCount: number, sent = Math.min(lineCount, 3)): InStorageNoticeRow {
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    id: id * 100 + i,
    goodsName: `热轧卷板-${id}-${i + 1}`,
    specificationModels: 'Q235B 4.75*1500',
    weight: 10 + i,
    storageNumber: 25.5 + i,
    reelNumber: `R${id}-${i + 1}`,
    warehouseName: '上海宝山监管仓',
  }));
  return {
    id,
    code: `RKTZ-2026-${String(id).padStart(4, '0')}`,
    contractRelevanceCode: `HT-${id}`,
    enterpriseName: '华东金属贸易有限公司',
    superviseName: '陈静',
    warehouseName: '上海宝山监管仓',
    warehouseId: 1,
    collectionTime: '2026-11-20',
    isCreate: 0,
    inStorageNoticeGoods: lines.slice(0, sent),
    goodsCount: lineCount,
    totalWeight: lines.reduce((n, l) => n + l.weight, 0),
    totalStorageNumber: lines.reduce((n, l) => n + l.storageNumber, 0),
  };
}

export function instructionRow(id: number, lineCount: number): DeliveryInstructionRow {
  const lines = Array.from({ length: lineCount }, (_, i) => ({
    id: id * 100 + i,
    goodsName: `冷轧板-${id}-${i + 1}`,
    specificationModels: 'SPCC 1.0*1250',
    deliveryNumber: 5 + i,
    deliveryWeightNumber: 12 + i,
    reelNumber: `C${id}-${i + 1}`,
  }));
  return {
    id,
    code: `CKZL-2026-${String(id).padStart(4, '0')}`,
    contractRelevanceCode: `HT-${id}`,
    enterpriseName: '华东金属贸易有限公司',
    superviseId: 'demo-supervisor',
    superviseName: '陈静',
    warehouseName: '上海宝山监管仓',
    warehouseId: 1,
    collectionTime: null,
    planDeliveryTime: '2026-11-25',
    dataSources: '提货申请生成',
    isCreate: 0,
    deliveryApplyGoods: lines.slice(0, 3),
    goodsCount: lineCount,
    totalDeliveryNumber: lines.reduce((n, l) => n + l.deliveryNumber, 0),
    totalDeliveryWeightNumber: lines.reduce((n, l) => n + l.deliveryWeightNumber, 0),
  };
}

/** The detail of a notice: every line, with what is left after `taken` (quantity) was already received on each. */
export function noticeDetail(id: number, lineCount: number, opts: { taken?: number; scope?: WarehouseScope; canOperate?: boolean } = {}): InStorageNoticeDetail {
  const row = noticeRow(id, lineCount, lineCount);
  const taken = opts.taken ?? 0;
  return {
    ...row,
    inStorageNoticeGoods: row.inStorageNoticeGoods.map((g) => ({ ...g, remainingWeight: g.weight - taken, remainingStorageNumber: g.storageNumber })),
    scope: opts.scope ?? 'operator',
    canOperate: opts.canOperate ?? true,
  };
}

export function instructionDetail(id: number, lineCount: number, opts: { scope?: WarehouseScope; canOperate?: boolean } = {}): DeliveryInstructionDetail {
  const row = instructionRow(id, lineCount);
  return {
    ...row,
    deliveryApplyGoods: row.deliveryApplyGoods.map((g) => ({ ...g, remainingDeliveryNumber: g.deliveryNumber, remainingDeliveryWeightNumber: g.deliveryWeightNumber })),
    scope: opts.scope ?? 'operator',
    canOperate: opts.canOperate ?? true,
  };
}

export const page = <T>(content: T[], extra: Record<string, unknown> = {}) => ({
  content,
  totalElements: content.length,
  pageNumber: 0,
  pageSize: 10,
  ...extra,
});
