// Goods lines of the contract and order forms: the picker's selection drives the catalogue lines, typed-in
// lines stay, quantities survive a re-pick, and what is sent has no client keys.
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, type Goods } from '@tfb/contract';
import { goodsLinesProblem, linesForSave, linesTotal, manualLine, mergePicked, pickerSelection, type GoodsLineValue } from '../goods-lines';

const goods = (id: number, price: number | null = 10): Goods => ({
  id,
  goodsId: id,
  goodsName: `G${id}`,
  specificationModels: `S${id}`,
  unit: '吨',
  manufacturer: '',
  texture: '',
  weight: null,
  monad: '',
  goodsNumber: `N${id}`,
  goodsPrice: price,
  goodsCategoryId: 1,
});

describe('goods lines', () => {
  it('adds picked goods with the catalogue price, keeps quantities of lines still picked and drops unpicked ones', () => {
    const first = mergePicked([], [goods(1), goods(2, null)]);
    expect(first.map((l) => [l.goodsId, l.price, l.quantity])).toEqual([
      [1, 10, null],
      [2, null, null],
    ]);
    const typed: GoodsLineValue = { ...manualLine(), goodsName: '包装费', quantity: 1, price: 5 };
    const edited = [{ ...first[0]!, quantity: 7 }, first[1]!, typed];
    const again = mergePicked(edited, [goods(1), goods(3)]);
    expect(again.map((l) => [l.goodsId, l.goodsName, l.quantity])).toEqual([
      [1, 'G1', 7],
      [null, '包装费', 1],
      [3, 'G3', null],
    ]);
    expect(pickerSelection(again).map((g) => g.id)).toEqual([1, 3]);
  });

  it('totals, checks and sends the lines', () => {
    const lines: GoodsLineValue[] = [
      { key: 'a', goodsId: 1, goodsName: 'G1', specificationModels: '', unit: '吨', quantity: 2.5, price: 3.1 },
      { key: 'b', goodsId: null, goodsName: ' 包装费 ', specificationModels: '', unit: '', quantity: 1, price: null },
    ];
    expect(linesTotal(lines)).toEqual({ quantity: 3.5, amount: 7.75 });
    expect(goodsLinesProblem(lines)).toBeNull();
    expect(goodsLinesProblem([{ ...lines[1]!, goodsName: ' ' }])).toBe(BUSINESS_MESSAGES.goodsRequired);
    expect(goodsLinesProblem([{ ...lines[0]!, quantity: null }])).toBe(BUSINESS_MESSAGES.goodsQuantityRequired);
    expect(linesForSave(lines)).toEqual([
      { goodsId: 1, goodsName: 'G1', specificationModels: '', unit: '吨', quantity: 2.5, price: 3.1 },
      { goodsId: null, goodsName: '包装费', specificationModels: '', unit: '', quantity: 1, price: 0 },
    ]);
  });
});
