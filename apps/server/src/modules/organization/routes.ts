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
import { generateNumber } from '../../lib/numbering.js';
import { dictEntries, findUser } from './repository.js';

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
      const user = await findUser(db, s.enterpriseId, req.params.userId);
      if (!user) throw notFound('用户');
      return ok(user);
    },
  );

  app.get(
    SESSION_PATHS.dictByGroup,
    { config: { access: 'signedIn' }, schema: { tags, querystring: DictQuerySchema, response: { 200: DictReplySchema } } },
    async (req) => {
      req.session();
      return ok(await dictEntries(db, req.query.dictGroupName));
    },
  );

  app.get(
    SESSION_PATHS.generateNumber,
    {
      config: { access: 'signedIn' },
      schema: { tags, querystring: GenerateNumberQuerySchema, response: { 200: GenerateNumberReplySchema } },
    },
    async (req) => {
      const s = req.session();
      return ok(await generateNumber(db, s.enterpriseId, req.query.numberKey, req.query.sourceCode));
    },
  );
};
