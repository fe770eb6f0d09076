// Projects: paged list (search, type, status), detail, create, update (drafts only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROJECT_EXPORT, PROJECT_RECORD } from '@tfb/contract';
import { NUMBER_KEYS } from '../../lib/numbering.js';
import { recordRoutes } from '../../lib/record-routes.js';
import { createProject, getProject, pageProjects, updateProject } from './repository.js';

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = { page: pageProjects, get: getProject, create: createProject, update: updateProject };
  recordRoutes(app, PROJECT_RECORD, { tags: ['projects'], numberKey: NUMBER_KEYS.project, repository, listExport: PROJECT_EXPORT });
};
