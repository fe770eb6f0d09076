// The reply serializer: replies are checked against their schema, undeclared fields dropped, mismatches refused.
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { compileReplyWriter } from '../src/lib/reply-serializer.js';
import { keptAnswer, ok } from '../src/lib/reply.js';

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

  it('keeps one frozen answer per kept value and variant, so its envelope is written once', () => {
    const aggregate = { rows: [1, 2] };
    const make = vi.fn((name: string) => ({ id: aggregate.rows.length, name }));
    const a = keptAnswer(aggregate, 'enterprise', () => make('a'));
    expect(Object.isFrozen(a)).toBe(true);
    expect(keptAnswer(aggregate, 'enterprise', () => make('again'))).toBe(a);
    const other = keptAnswer(aggregate, 'all', () => make('b'));
    expect(other).not.toBe(a);
    expect(keptAnswer({ rows: [1, 2] }, 'enterprise', () => make('c'))).not.toBe(a);
    expect(make).toHaveBeenCalledTimes(3);
    const Answer = z.object({ code: z.number(), message: z.string(), data: z.object({ id: z.number(), name: z.string() }) });
    const writeAnswer = compileReplyWriter({ schema: Answer, method: 'POST', url: '/q', httpStatus: '200' });
    const spy = vi.spyOn(Answer, 'safeParse');
    try {
      const once = writeAnswer(ok(a));
      expect(writeAnswer(ok(keptAnswer(aggregate, 'enterprise', () => make('x'))))).toBe(once);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(JSON.parse(once.toString())).toMatchObject({ code: 0, data: { id: 2, name: 'a' } });
    } finally {
      spy.mockRestore();
    }
  });

  it('accepts a schema wrapped as { properties }', () => {
    const wrapped = compileReplyWriter({ schema: { properties: Reply }, method: 'GET', url: '/x', httpStatus: '200' });
    expect(wrapped({ code: 0, data: { id: 2, name: 'b' } })).toBe('{"code":0,"data":{"id":2,"name":"b"}}');
  });
});
