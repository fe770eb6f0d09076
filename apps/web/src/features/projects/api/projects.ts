// The project record kind: GET/POST projects (a paged list searched by code, name, buyer or supplier, with type and
// status filters; create) and GET/PUT projects/:id (one project; update a draft), and where its screens are.
import { BUSINESS_PATHS, ListProjectsQuerySchema, ProjectPageReplySchema, ProjectDetailSchema } from '@tfb/contract';
import { recordKeys } from '../../../components/business/record-api';
import { recordKind, recordPaths } from '../../../components/business/record-screens';

export const PROJECTS = recordKind({
  paths: recordPaths('/projects/list'),
  write: 'projects:write',
  audit: 'project',
  collection: BUSINESS_PATHS.projects,
  item: BUSINESS_PATHS.project,
  keys: recordKeys('projects'),
  query: ListProjectsQuerySchema,
  page: ProjectPageReplySchema.shape.data,
  detail: ProjectDetailSchema,
});
