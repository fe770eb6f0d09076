// Paging: a count cut at COUNT_CAP becomes a lower-bound total that the page says is estimated; the success
// envelope of a value the app keeps (frozen) is kept with it.
import { describe, expect, it } from 'vitest';
import { GoodsPageReplySchema } from '@tfb/contract';
import { COUNT_CAP, cappedTotal, pageOf, pageWindow } from '../src/lib/paging.js';
import { ok } from '../src/lib/reply.js';

describe('paging', () => {
  it('answers a count up to the cap as it is, and past it as the cap, estimated', () => {
    expect(cappedTotal(0)).toEqual({ total: 0 });
    expect(cappedTotal(COUNT_CAP)).toEqual({ total: COUNT_CAP });
    expect(cappedTotal(COUNT_CAP + 1)).toEqual({ total: COUNT_CAP, estimated: true });
  });

  it('says estimated in the page only when the total is a lower bound, and the reply schema keeps it', () => {
    const w = pageWindow({ pageNumber: 0, pageSize: 10 });
    expect(pageOf([], 5, w)).toEqual({ content: [], totalElements: 5, pageNumber: 0, pageSize: 10 });
    const estimated = pageOf([], COUNT_CAP, w, true);
    expect(estimated).toEqual({ content: [], totalElements: COUNT_CAP, pageNumber: 0, pageSize: 10, estimated: true });
    expect(GoodsPageReplySchema.parse(ok(estimated)).data).toEqual(estimated);
  });

  it('gives a frozen value one frozen success envelope, and any other value a fresh one', () => {
    const kept = Object.freeze([Object.freeze({ id: 1 })]);
    expect(ok(kept)).toBe(ok(kept));
    expect(Object.isFrozen(ok(kept))).toBe(true);
    expect(ok(kept)).toEqual({ code: 0, message: '成功', data: kept });
    const fresh = [{ id: 1 }];
    expect(ok(fresh)).not.toBe(ok(fresh));
    expect(ok(kept, '已保存')).toEqual({ code: 0, message: '已保存', data: kept });
  });
});
