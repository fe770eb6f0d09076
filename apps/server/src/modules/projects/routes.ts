// Projects: paged list (search, type, status), detail, create, update (drafts only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BUSINESS_PATHS, ListProjectsQuerySchema, ProjectPageReplySchema, ProjectReplySchema, SaveProjectBodySchema, UpdateProjectBodySchema } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createProject, getProject, pageProjects, updateProject } from './repository.js';

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  recordRoutes(app, {
    tags: ['projects'],
    noun: '项目',
    access: { read: 'projects:read', write: 'projects:write' },
    paths: { list: BUSINESS_PATHS.projects, item: BUSINESS_PATHS.project },
    list: { query: ListProjectsQuerySchema, reply: ProjectPageReplySchema, page: pageProjects },
    detail: { reply: ProjectReplySchema, get: getProject },
    save: { body: SaveProjectBodySchema, updateBody: UpdateProjectBodySchema, numberKey: NUMBER_KEYS.project, create: createProject, update: updateProject },
  });
};
