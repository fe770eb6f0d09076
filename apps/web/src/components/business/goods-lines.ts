// Goods lines of a contract or order as a form holds them, and their conversion to and from the wire.
import { BUSINESS_MESSAGES, type Goods, type GoodsLine, type GoodsLineInput } from '@tfb/contract';

export type GoodsLineValue = {
  key: string;
  /** The catalogue goods the line was picked from; null for a line typed in. */
  goodsId: number | null;
  goodsName: string;
  specificationModels: string;
  unit: string;
  quantity: number | null;
  price: number | null;
};

let seq = 0;
const newKey = () => `line-new-${++seq}`;

export const linesFromServer = (lines: readonly GoodsLine[]): GoodsLineValue[] =>
  lines.map((l) => ({
    key: `line-${l.id}`,
    goodsId: l.goodsId,
    goodsName: l.goodsName,
    specificationModels: l.specificationModels,
    unit: l.unit,
    quantity: l.quantity,
    price: l.price,
  }));

export const linesForSave = (lines: readonly GoodsLineValue[] | undefined): GoodsLineInput[] =>
  (lines ?? []).map((l) => ({
    goodsId: l.goodsId,
    goodsName: l.goodsName.trim(),
    specificationModels: l.specificationModels.trim(),
    unit: l.unit.trim(),
    quantity: l.quantity ?? 0,
    price: l.price ?? 0,
  }));

export const manualLine = (): GoodsLineValue => ({
  key: newKey(),
  goodsId: null,
  goodsName: '',
  specificationModels: '',
  unit: '',
  quantity: null,
  price: null,
});

/** Lines imported from another record (a sales order's goods): new keys, same content. */
export const copyLines = (lines: readonly GoodsLine[]): GoodsLineValue[] => linesFromServer(lines).map((l) => ({ ...l, key: newKey() }));

const round2 = (n: number) => Math.round(n * 100) / 100;

export const lineAmount = (l: Pick<GoodsLineValue, 'quantity' | 'price'>): number => round2((l.quantity ?? 0) * (l.price ?? 0));

export const linesTotal = (lines: readonly GoodsLineValue[] | undefined): { quantity: number; amount: number } =>
  (lines ?? []).reduce((s, l) => ({ quantity: s.quantity + (l.quantity ?? 0), amount: round2(s.amount + lineAmount(l)) }), {
    quantity: 0,
    amount: 0,
  });

/** The picker's selection for the current lines (rows it needs only to mark them as chosen). */
export const pickerSelection = (lines: readonly GoodsLineValue[]): Goods[] =>
  lines
    .filter((l): l is GoodsLineValue & { goodsId: number } => l.goodsId !== null)
    .map((l) => ({
      id: l.goodsId,
      goodsId: l.goodsId,
      goodsName: l.goodsName,
      specificationModels: l.specificationModels,
      unit: l.unit,
      manufacturer: '',
      texture: '',
      weight: null,
      monad: '',
      goodsNumber: '',
      goodsPrice: null,
      goodsCategoryId: 0,
    }));

/**
 * The lines after the picker closes with `picked`: catalogue lines follow the selection (a line keeps its
 * quantity and price; an unpicked one goes; a new one takes the catalogue price), typed-in lines stay.
 */
export function mergePicked(lines: readonly GoodsLineValue[], picked: readonly Goods[]): GoodsLineValue[] {
  const pickedIds = new Set(picked.map((g) => g.id));
  const kept = lines.filter((l) => l.goodsId === null || pickedIds.has(l.goodsId));
  const have = new Set(kept.map((l) => l.goodsId));
  const added = picked
    .filter((g) => !have.has(g.id))
    .map((g): GoodsLineValue => ({
      key: newKey(),
      goodsId: g.id,
      goodsName: g.goodsName,
      specificationModels: g.specificationModels,
      unit: g.unit,
      quantity: null,
      price: g.goodsPrice,
    }));
  return [...kept, ...added];
}

/** A line without a name (typed in) or without a quantity, for the form rule: the contract's message, as the server says it. */
export function goodsLinesProblem(lines: readonly GoodsLineValue[] | undefined): string | null {
  for (const l of lines ?? []) {
    if (l.goodsId === null && l.goodsName.trim() === '') return BUSINESS_MESSAGES.goodsRequired;
    if (l.quantity === null) return BUSINESS_MESSAGES.goodsQuantityRequired;
  }
  return null;
}
