// For forms whose messages the specification fixes (e.g. 请输入手机号): a failed validation answers the first
// message as is, without the field-name prefix of the global handler, and every field error beside it.
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { badRequest } from './errors.js';

const fieldName = (instancePath: string, context: string | undefined): string => {
  const p = instancePath.replace(/^\//, '').replace(/\//g, '.');
  return p || context || 'request';
};

/** Call at the top of a plugin: applies to the routes that plugin registers afterwards. */
export function useFieldMessagesAsIs(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.attachValidation = true;
  });
  app.addHook('preHandler', async (req) => {
    const error = req.validationError;
    if (!error) return;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v: { instancePath: string; message?: string }) => ({
        field: fieldName(v.instancePath, error.validationContext),
        message: v.message ?? 'invalid',
      }));
      throw badRequest(errors[0]?.message ?? '请求参数错误', errors);
    }
    throw badRequest(error.message);
  });
}
