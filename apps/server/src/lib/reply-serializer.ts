// Writes each reply as JSON after checking it against its route's zod schema, which also drops any field the
// schema does not declare (a column a query selected by mistake never reaches the client).
//
// fastify-type-provider-zod's own serializer runs zod's encode, which on a large reply (the category tree of a few
// thousand nodes) costs about eight times a parse — 5.9 ms against 0.7 ms — and buys nothing here: no reply
// schema holds a codec, so encode and parse give the same result.
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type ReplySchema = z.ZodType | { properties: z.ZodType };

function resolveSchema(schema: ReplySchema): z.ZodType {
  if (schema instanceof z.ZodType) return schema;
  if ('properties' in schema && schema.properties instanceof z.ZodType) return schema.properties;
  throw new InvalidSchemaError(JSON.stringify(schema));
}

/**
 * The writer of a route's replies. A frozen reply is one the app keeps and answers again (the category list, until
 * the categories change; see ok()): checked and written once per schema, then answered as written — a few thousand
 * nodes cost ~10 ms to check — and kept as UTF-8 bytes, since a string is encoded again on every send (most of the
 * cost of a few hundred kilobytes of category tree once it is kept).
 */
export function compileReplyWriter({
  schema,
  method,
  url,
}: Parameters<FastifySerializerCompiler<ReplySchema>>[0]): (data: unknown) => string | Buffer {
  const zodSchema = resolveSchema(schema);
  const written = new WeakMap<object, Buffer>();
  return (data) => {
    const frozen = typeof data === 'object' && data !== null && Object.isFrozen(data);
    const known = frozen ? written.get(data) : undefined;
    if (known !== undefined) return known;
    const result = zodSchema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    const json = JSON.stringify(result.data);
    if (!frozen) return json;
    const bytes = Buffer.from(json);
    written.set(data, bytes);
    return bytes;
  };
}

/** compileReplyWriter for Fastify, whose type says a string: it sends a Buffer payload as it is (reply.js, onSendEnd). */
export const replySerializerCompiler = compileReplyWriter as unknown as FastifySerializerCompiler<ReplySchema>;
