// Process approval: submit, the approvers' task list, approve / reject, and the history timeline. taskHistory is
// written without /api in the spec (7.4), so it is served both as written and under /api; the rest only under /api.
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompleteTaskBodySchema,
  PROCESS_PATHS,
  isProcessBusinessType,
  processPermission,
  SubmitProcessBodySchema,
  TaskHistoryParamsSchema,
  TaskHistoryReplySchema,
  TodoListQuerySchema,
  TodoListReplySchema,
} from '@tfb/contract';
import { notFound } from '../../lib/errors.js';
import { assertAccess, requireAccess } from '../../plugins/access.js';
import { ok } from '../../lib/reply.js';
import { pagedGet, registerApiAndBare } from '../../lib/route.js';
import { complete, submit, taskHistory, todoList } from './repository.js';

const taskHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    PROCESS_PATHS.taskHistory,
    {
      config: { access: ['contracts:read', 'funds:read', 'portalWebsite:read', 'portalWebsites:read', 'projects:read', 'products:read'] },
      schema: { tags: ['process'], params: TaskHistoryParamsSchema, response: { 200: TaskHistoryReplySchema } },
    },
    async (req) => {
      const history = await taskHistory(db, req.session(), req.params.processInstanceId);
      if (!history) throw notFound('审批流程');
      // The route lets in readers of either area; the history shows only to readers of its document's area.
      if (isProcessBusinessType(history.businessType)) requireAccess(req, processPermission(history.businessType, 'read'));
      return ok(history);
    },
  );
};

const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['process'];

  app.post(
    PROCESS_PATHS.submit,
    {
      config: { access: ['contracts:write', 'funds:write', 'projects:write'] },
      schema: { tags, body: SubmitProcessBodySchema, response: { 200: TaskHistoryReplySchema } },
    },
    async (req) => {
      requireAccess(req, processPermission(req.body.businessType, 'write'));
      return ok(await submit(db, req.session(), req.body));
    },
  );

  const approvers = [
    'contracts:approve',
    'funds:approve',
    'portalWebsite:approve',
    'portalWebsites:approve',
    'projects:approve',
    'products:approve',
  ] as const;
  pagedGet(app, PROCESS_PATHS.todoList, { access: approvers, tags, query: TodoListQuerySchema, reply: TodoListReplySchema }, (s, q, w) => {
    for (const type of q.businessType ?? []) assertAccess(s, processPermission(type, 'approve'));
    return todoList(db, s, { businessTypes: q.businessType }, w);
  });

  app.post(
    PROCESS_PATHS.complete,
    { config: { access: approvers }, schema: { tags, body: CompleteTaskBodySchema, response: { 200: TaskHistoryReplySchema } } },
    // The repository checks, under the instance lock, the approve permission of the document's area and separation of duties.
    async (req) => ok(await complete(db, req.session(), req.body, app.clock())),
  );
};

export const processRoutes: FastifyPluginAsync = async (app) => {
  await registerApiAndBare(app, taskHistoryRoutes);
  await app.register(approvalRoutes);
};
