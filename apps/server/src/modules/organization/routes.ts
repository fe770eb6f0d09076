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
import { found } from '../../lib/reply.js';
import { sessionCall } from '../../lib/route.js';
import { generateNumber } from '../../lib/numbering.js';
import { dictEntries, findUser } from './repository.js';

export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['organisation'];

  const userParams = z.object({ userId: inputString().min(1).max(64) });
  const user = { access: 'signedIn', tags, params: userParams, reply: UserDetailReplySchema } as const;
  sessionCall(app, 'GET', SESSION_PATHS.userById, user, async (s, { params }) =>
    found(await findUser(db, s.enterpriseId, params.userId), '用户'),
  );

  const dict = { access: 'signedIn', tags, query: DictQuerySchema, reply: DictReplySchema } as const;
  sessionCall(app, 'GET', SESSION_PATHS.dictByGroup, dict, async (_s, { query }) => dictEntries(db, query.dictGroupName));

  const numbering = { access: 'signedIn', tags, query: GenerateNumberQuerySchema, reply: GenerateNumberReplySchema } as const;
  sessionCall(app, 'GET', SESSION_PATHS.generateNumber, numbering, async (s, { query }) =>
    generateNumber(db, s.enterpriseId, query.numberKey, query.sourceCode),
  );
};
