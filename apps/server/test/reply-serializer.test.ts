// The reply serializer: replies are checked against their schema, undeclared fields dropped, mismatches refused.
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { compileReplyWriter } from '../src/lib/reply-serializer.js';

const Reply = z.object({ code: z.number(), data: z.object({ id: z.number(), name: z.string() }) });
const write = compileReplyWriter({ schema: Reply, method: 'GET', url: '/x', httpStatus: '200' });
const serialize = (data: unknown) => write(data).toString();

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

  it('writes a frozen reply once and answers it again as written (its UTF-8 bytes); a frozen mismatch is still refused', () => {
    const kept = Object.freeze({ code: 0, data: Object.freeze({ id: 3, name: '钢材', extra: 'dropped' }) });
    const spy = vi.spyOn(Reply, 'safeParse');
    try {
      const once = write(kept);
      expect(Buffer.isBuffer(once)).toBe(true);
      expect(once.toString()).toBe('{"code":0,"data":{"id":3,"name":"钢材"}}');
      expect(write(kept)).toBe(once);
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
    const wrapped = compileReplyWriter({ schema: { properties: Reply }, method: 'GET', url: '/x', httpStatus: '200' });
    expect(wrapped({ code: 0, data: { id: 2, name: 'b' } })).toBe('{"code":0,"data":{"id":2,"name":"b"}}');
  });
});
