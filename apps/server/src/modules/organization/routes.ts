// Organisation-service calls: user lookup, dictionary groups and business numbering.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DictQuerySchema,
  DictReplySchema,
  GenerateNumberQuerySchema,
  GenerateNumberReplySchema,
  inputString,
  SESSION_PATHS,
  UserDetailReplySchema,
} from '@tfb/contract';
import { notFound } from '../../lib/errors.js';
import { ok } from '../../lib/reply.js';
import { generateNumber } from './numbering.js';

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['organisation'];

  app.get(
    SESSION_PATHS.userById,
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        params: z.object({ userId: inputString().min(1).max(64) }),
        response: { 200: UserDetailReplySchema },
      },
    },
    async (req) => {
      const s = req.session();
      const row = await db
        .selectFrom('users as u')
        .innerJoin('enterprises as e', 'e.id', 'u.enterprise_id')
        .select(['u.id', 'u.user_name', 'u.enterprise_id', 'e.name as enterprise_name', 'u.phone'])
        .where('u.id', '=', req.params.userId)
        .where('u.enterprise_id', '=', s.enterpriseId)
        .executeTakeFirst();
      if (!row) throw notFound('用户');
      return ok({
        userId: row.id,
        userName: row.user_name,
        enterpriseId: row.enterprise_id,
        enterpriseName: row.enterprise_name,
        phone: row.phone,
      });
    },
  );

  app.get(
    SESSION_PATHS.dictByGroup,
    { config: { access: 'signedIn' }, schema: { tags, querystring: DictQuerySchema, response: { 200: DictReplySchema } } },
    async (req) => {
      req.session();
      const rows = await db
        .selectFrom('dict_entries')
        .select(['dict_key as dictKey', 'dict_value_name as dictValueName'])
        .where('group_name', '=', req.query.dictGroupName)
        .orderBy('sort')
        .orderBy('dict_key')
        .execute();
      return ok(rows);
    },
  );

  app.get(
    SESSION_PATHS.generateNumber,
    { config: { access: 'signedIn' }, schema: { tags, querystring: GenerateNumberQuerySchema, response: { 200: GenerateNumberReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(await generateNumber(db, s.enterpriseId, req.query.numberKey, req.query.sourceCode));
    },
  );
};
