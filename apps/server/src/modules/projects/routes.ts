// Projects: paged list (search, type, status), detail, create, update (drafts only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BUSINESS_PATHS,
  IdParamSchema,
  ListProjectsQuerySchema,
  ProjectPageReplySchema,
  ProjectReplySchema,
  SaveProjectBodySchema,
  UpdateProjectBodySchema,
} from '@tfb/contract';
import { withFreshCode } from '../../lib/business-codes.js';
import { assertSaved } from '../../lib/edit-rules.js';
import { notFound } from '../../lib/errors.js';
import { pageOf, pageWindow } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { NUMBER_KEYS, generateNumber } from '../../lib/numbering.js';
import { createProject, getProject, pageProjects, updateProject } from './repository.js';

const NUMBER_KEY = NUMBER_KEYS.project;

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const tags = ['projects'];

  app.get(
    BUSINESS_PATHS.projects,
    { config: { access: 'projects:read' }, schema: { tags, querystring: ListProjectsQuerySchema, response: { 200: ProjectPageReplySchema } } },
    async (req) => {
      const w = pageWindow(req.query);
      const { content, total } = await pageProjects(db, req.session().enterpriseId, req.query, w);
      return ok(pageOf(content, total, w));
    },
  );

  app.get(BUSINESS_PATHS.project, { config: { access: 'projects:read' }, schema: { tags, params: IdParamSchema, response: { 200: ProjectReplySchema } } }, async (req) => {
    const found = await getProject(db, req.session().enterpriseId, req.params.id);
    if (!found) throw notFound('项目');
    return ok(found);
  });

  app.post(BUSINESS_PATHS.projects, { config: { access: 'projects:write' }, schema: { tags, body: SaveProjectBodySchema, response: { 200: ProjectReplySchema } } }, async (req) => {
    const s = req.session();
    return ok(
      await withFreshCode(
        () => generateNumber(db, s.enterpriseId, NUMBER_KEY),
        (code) => createProject(db, s, code, req.body),
      ),
    );
  });

  app.put(
    BUSINESS_PATHS.project,
    { config: { access: 'projects:write' }, schema: { tags, params: IdParamSchema, body: UpdateProjectBodySchema, response: { 200: ProjectReplySchema } } },
    async (req) => {
      const s = req.session();
      return ok(assertSaved(await updateProject(db, s, req.params.id, req.body, req.body.version), '项目'));
    },
  );
};
