// Process approval: submit, the approvers' task list, approve / reject, and the history timeline. taskHistory is
// written without /api in the spec, so it is served both as written and under /api; the rest only under /api.
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CompleteTaskBodySchema,
  PROCESS_MESSAGES,
  PROCESS_PATHS,
  SubmitProcessBodySchema,
  TaskHistoryParamsSchema,
  TaskHistoryReplySchema,
  TodoListQuerySchema,
  TodoListReplySchema,
} from '@tfb/contract';
import { forbidden, notFound } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { registerApiAndBare } from '../../lib/route.js';
import { complete, isApprover, submit, taskHistory, todoList } from './repository.js';

const taskHistoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  app.get(
    PROCESS_PATHS.taskHistory,
    { schema: { tags: ['process'], params: TaskHistoryParamsSchema, response: { 200: TaskHistoryReplySchema } } },
    async (req) => {
      const history = await taskHistory(db, req.session(), req.params.processInstanceId);
      if (!history) throw notFound('审批流程');
      return ok(history);
    },
  );
};

const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['process'];

  app.post(
    PROCESS_PATHS.submit,
    { schema: { tags, body: SubmitProcessBodySchema, response: { 200: TaskHistoryReplySchema } } },
    async (req) => ok(await submit(db, req.session(), req.body)),
  );

  app.get(
    PROCESS_PATHS.todoList,
    { schema: { tags, querystring: TodoListQuerySchema, response: { 200: TodoListReplySchema } } },
    async (req) => {
      const s = req.session();
      if (!isApprover(s)) throw forbidden(PROCESS_MESSAGES.approverOnly);
      const w = pageWindow(req.query);
      const { content, total } = await todoList(db, s, { businessType: req.query.businessType }, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.post(
    PROCESS_PATHS.complete,
    { schema: { tags, body: CompleteTaskBodySchema, response: { 200: TaskHistoryReplySchema } } },
    async (req) => ok(await complete(db, req.session(), req.body)),
  );
};

export const processRoutes: FastifyPluginAsync = async (app) => {
  await registerApiAndBare(app, taskHistoryRoutes);
  await app.register(approvalRoutes);
};
