// The one answer to a request that fails its schema: 400, code 40000, every field error in `errors`, the first
// as the message ('<field>: <message>'). Forms whose messages the specification fixes (the address book's
// 请输入手机号 …) name their field already; their routes answer the first message as is.
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { FieldError } from '@tfb/contract';
import { badRequest, type AppError } from './errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's validation messages are the specification's own: answered without the field-name prefix. */
    fieldMessagesAsIs?: boolean;
  }
}

const fieldName = (instancePath: string, context: string | undefined): string => {
  const p = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return p || context || 'request';
};

/** The 400 of a schema failure, or undefined when `error` is not one. */
export function validationFailure(error: unknown, options: { messagesAsIs: boolean }): AppError | undefined {
  if (!hasZodFastifySchemaValidationErrors(error)) return undefined;
  const errors: FieldError[] = error.validation.map((v) => ({
    field: fieldName(v.instancePath, error.validationContext),
    message: v.message ?? 'invalid',
  }));
  const first = errors[0];
  if (!first) return badRequest('请求参数错误');
  return badRequest(options.messagesAsIs ? first.message : `${first.field}: ${first.message}`, errors);
}

/** Call at the top of a plugin: the routes it registers afterwards answer their validation messages as is. */
export function useFieldMessagesAsIs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, fieldMessagesAsIs: true };
  });
}
