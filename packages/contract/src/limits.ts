// Business limits, written once for the server (which refuses with a 400) and the web forms (which refuse the same
// value before submit, with the same message): the precision of amount and quantity columns, a loan or settlement
// against its contract's remaining amount, an order line against what its notice / instruction line has left.
import { z } from 'zod';

/** numeric(18,2): money columns keep two decimals. */
export const MONEY_SCALE = 2;
/** numeric(18,3): quantity and weight columns keep three decimals. */
export const QUANTITY_SCALE = 3;
/**
 * The largest accepted amount. The columns would take 16 integer digits, but a JavaScript number carries only
 * about 15 significant digits: 12 integer digits keep every accepted value (with its decimals) exact end to end.
 */
export const MONEY_MAX = 999_999_999_999.99;
export const QUANTITY_MAX = 999_999_999_999.999;

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Money as people read it: thousands separators and two decimals (3,073,216.25). */
export function formatAmount(n: number): string {
  const fixed = Math.abs(n).toFixed(MONEY_SCALE);
  const [int = '0', frac = '00'] = fixed.split('.');
  return `${n < 0 && Number(fixed) !== 0 ? '-' : ''}${group(int)}.${frac}`;
}

/** A quantity or weight: thousands separators, up to three decimals, no trailing zeros (1,200.5). */
export function formatQuantityAmount(n: number): string {
  const fixed = Math.abs(n)
    .toFixed(QUANTITY_SCALE)
    .replace(/\.?0+$/, '');
  const [int = '0', frac] = fixed.split('.');
  return `${n < 0 && Number(fixed) !== 0 ? '-' : ''}${group(int)}${frac ? `.${frac}` : ''}`;
}

/** How many decimals a number is written with (1e-7 has 7). */
export function decimalsOf(n: number): number {
  const s = String(Math.abs(n));
  const [mantissa = '', exponent] = s.split('e');
  const fractionDigits = (mantissa.split('.')[1] ?? '').length;
  return exponent === undefined ? fractionDigits : Math.max(0, fractionDigits - Number(exponent));
}

/** Values compared in whole units of their scale (cents, thousandths), so 0.1 + 0.2 is not above 0.3. */
const units = (n: number, scale: number) => Math.round(n * 10 ** scale);
export const exceedsMoney = (value: number, remaining: number): boolean => units(value, MONEY_SCALE) > units(remaining, MONEY_SCALE);
export const exceedsQuantity = (value: number, remaining: number): boolean =>
  units(value, QUANTITY_SCALE) > units(remaining, QUANTITY_SCALE);

/** A remaining amount never shown below zero (older data may already be over its limit). */
export const remainingMoney = (limit: number, used: number): number =>
  Math.max(0, units(limit, MONEY_SCALE) - units(used, MONEY_SCALE)) / 10 ** MONEY_SCALE;
export const remainingQuantity = (limit: number, used: number): number =>
  Math.max(0, units(limit, QUANTITY_SCALE) - units(used, QUANTITY_SCALE)) / 10 ** QUANTITY_SCALE;

/** The two measures of a warehouse line: 数量 (quantity) and 重量 (weight). */
export type WarehouseMeasure = '数量' | '重量';

export const LIMIT_MESSAGES = {
  notNumber: (label: string) => `${label}必须是数字`,
  positive: (label: string) => `${label}必须大于 0`,
  notNegative: (label: string) => `${label}不能小于 0`,
  tooManyDecimals: (label: string, scale: number) => `${label}最多 ${scale} 位小数`,
  tooLargeMoney: (label: string) => `${label}不能超过 ${formatAmount(MONEY_MAX)}`,
  tooLargeQuantity: (label: string) => `${label}不能超过 ${formatQuantityAmount(QUANTITY_MAX)}`,
  loanExceedsContract: (limit: number, remaining: number) =>
    `贷款金额超过合同可申请余额：合同金额 ${formatAmount(limit)} 元，其他贷款申请占用后剩余可申请 ${formatAmount(remaining)} 元`,
  settlementExceedsContract: (limit: number, remaining: number) =>
    `结算金额超过合同可结算余额：合同金额 ${formatAmount(limit)} 元，其他结算单占用后剩余可结算 ${formatAmount(remaining)} 元`,
  inStorageExceedsNotice: (goodsName: string, measure: WarehouseMeasure, limit: number, remaining: number) =>
    `「${goodsName}」的入库${measure}超过入库通知的剩余量：通知${measure} ${formatQuantityAmount(limit)}，剩余可入库 ${formatQuantityAmount(remaining)}`,
  outboundExceedsInstruction: (goodsName: string, measure: WarehouseMeasure, limit: number, remaining: number) =>
    `「${goodsName}」的出库${measure}超过出库指令的剩余量：指令${measure} ${formatQuantityAmount(limit)}，剩余可出库 ${formatQuantityAmount(remaining)}`,
  /** An order line must carry something: a line of zeros is left out instead. */
  orderLineEmpty: '货品行的数量和重量不能都为 0（未收发的货品请不要勾选）',
} as const;

/** An amount's limit: the contract amount and what is left of it after the other live records on it. */
export type AmountLimit = { limit: number; remaining: number };

/** Why a loan amount may not be applied for on its contract, or null. */
export const loanAmountProblem = (amount: number, l: AmountLimit): string | null =>
  exceedsMoney(amount, l.remaining) ? LIMIT_MESSAGES.loanExceedsContract(l.limit, l.remaining) : null;

/** Why a settlement amount may not be settled on its contract, or null. */
export const settlementAmountProblem = (amount: number, l: AmountLimit): string | null =>
  exceedsMoney(amount, l.remaining) ? LIMIT_MESSAGES.settlementExceedsContract(l.limit, l.remaining) : null;

export type OrderLineLimit = { goodsName: string; measure: WarehouseMeasure; limit: number; remaining: number };

/** Why one measure of an in-storage (or outbound) order line is above what its notice (instruction) line has left. */
export const orderLineProblem = (kind: 'inStorage' | 'outbound', value: number, l: OrderLineLimit): string | null => {
  if (!exceedsQuantity(value, l.remaining)) return null;
  return kind === 'inStorage'
    ? LIMIT_MESSAGES.inStorageExceedsNotice(l.goodsName, l.measure, l.limit, l.remaining)
    : LIMIT_MESSAGES.outboundExceedsInstruction(l.goodsName, l.measure, l.limit, l.remaining);
};

/**
 * What a contract still allows: its amount, and what remains of it for loan applications (less the live ones:
 * every status but rejected) and for settlements (less all of them). The record being edited is left out when
 * its id is passed (excludeLoanId / excludeSettlementId on the contract detail).
 */
export const ContractLimitsSchema = z.object({
  contractAmount: z.number(),
  loanRemaining: z.number(),
  settlementRemaining: z.number(),
});
export type ContractLimits = z.infer<typeof ContractLimitsSchema>;
