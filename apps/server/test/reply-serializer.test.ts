// The reply serializer: replies are checked against their schema, undeclared fields dropped, mismatches refused.
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { replySerializerCompiler } from '../src/lib/reply-serializer.js';

const Reply = z.object({ code: z.number(), data: z.object({ id: z.number(), name: z.string() }) });
const serialize = replySerializerCompiler({ schema: Reply, method: 'GET', url: '/x', httpStatus: '200' });

describe('reply serializer', () => {
  it('writes a matching reply as JSON', () => {
    expect(JSON.parse(serialize({ code: 0, data: { id: 1, name: '钢材' } }))).toEqual({ code: 0, data: { id: 1, name: '钢材' } });
  });

  it('drops a field the schema does not declare', () => {
    const out = JSON.parse(serialize({ code: 0, data: { id: 1, name: 'a', passwordHash: 'secret' } })) as { data: object };
    expect(out.data).toEqual({ id: 1, name: 'a' });
  });

  it('refuses a reply that does not match, as a response serialization error', () => {
    let thrown: unknown;
    try {
      serialize({ code: 0, data: { id: 'one', name: 'a' } });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(isResponseSerializationError(thrown as never)).toBe(true);
  });

  it('writes a frozen reply once and answers it again as written; a frozen mismatch is still refused', () => {
    const kept = Object.freeze({ code: 0, data: Object.freeze({ id: 3, name: 'c', extra: 'dropped' }) });
    const spy = vi.spyOn(Reply, 'safeParse');
    try {
      expect(serialize(kept)).toBe('{"code":0,"data":{"id":3,"name":"c"}}');
      expect(serialize(kept)).toBe('{"code":0,"data":{"id":3,"name":"c"}}');
      expect(spy).toHaveBeenCalledTimes(1);
      // Not frozen: checked every time.
      serialize({ code: 0, data: { id: 3, name: 'c' } });
      serialize({ code: 0, data: { id: 3, name: 'c' } });
      expect(spy).toHaveBeenCalledTimes(3);
    } finally {
      spy.mockRestore();
    }
    const bad = Object.freeze({ code: 0, data: Object.freeze({ id: 'three', name: 'c' }) });
    for (let i = 0; i < 2; i++) expect(() => serialize(bad)).toThrow();
  });

  it('accepts a schema wrapped as { properties }', () => {
    const wrapped = replySerializerCompiler({ schema: { properties: Reply }, method: 'GET', url: '/x', httpStatus: '200' });
    expect(wrapped({ code: 0, data: { id: 2, name: 'b' } })).toBe('{"code":0,"data":{"id":2,"name":"b"}}');
  });
});
