// The in-process caches keyed by the data version: least recently used entries go first, bounded by count or by
// weight; concurrent misses of one key share one computation, and a failed one is not kept.
import { describe, expect, it } from 'vitest';
import { FiguresCache, Lru } from '../src/lib/version-cache.js';

describe('version caches', () => {
  it('drops the least recently used entry past its bound', () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
  });

  it('bounds weighed entries by their weight in all, keeps no entry heavier than the bound, and re-weighs a replaced one', () => {
    const lru = new Lru<number[]>(10, (v) => v.length);
    lru.set('six', [1, 2, 3, 4, 5, 6]);
    lru.set('four', [1, 2, 3, 4]);
    expect(lru.size).toBe(2);
    // 6 + 4 + 3 > 10: the oldest goes.
    lru.set('three', [1, 2, 3]);
    expect([lru.get('six'), lru.get('four')?.length, lru.get('three')?.length]).toEqual([undefined, 4, 3]);
    lru.set(
      'eleven',
      Array.from({ length: 11 }, (_, i) => i),
    );
    expect([lru.get('eleven'), lru.size]).toEqual([undefined, 2]);
    // Replacing 'four' by one of weight 1 frees 3: a weight of 6 then fits beside it and 'three'.
    lru.set('four', [1]);
    lru.set('six again', [1, 2, 3, 4, 5, 6]);
    expect([lru.get('four'), lru.get('three')?.length, lru.get('six again')?.length]).toEqual([[1], 3, 6]);
  });

  it('computes a missing value once for concurrent callers, keeps it, and keeps no failure', async () => {
    const cache = new FiguresCache<string[]>(5, (v) => v.length);
    let calls = 0;
    const compute = async () => {
      calls++;
      await new Promise((r) => setTimeout(r, 5));
      return ['x', 'y'];
    };
    const [a, b] = await Promise.all([cache.get('k', compute), cache.get('k', compute)]);
    expect(a).toBe(b);
    expect(await cache.get('k', compute)).toBe(a);
    expect(calls).toBe(1);
    await expect(cache.get('bad', () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(await cache.get('bad', async () => ['ok'])).toEqual(['ok']);
  });
});
