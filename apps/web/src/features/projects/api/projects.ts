// The project calls (GET/POST projects, GET/PUT projects/:id): paged list searched by code, name, buyer or
// supplier with type and status filters; one project; create and update a draft.
import type { z } from 'zod';
import { BUSINESS_PATHS, ProjectPageReplySchema, ProjectRowSchema, type ListProjectsQuerySchema, type ProjectRow } from '@tfb/contract';
import { recordKeys, useRecordPage, type RecordEndpoint } from '../../../components/business/record-api';

export const PROJECTS: RecordEndpoint<ProjectRow, ProjectRow> = {
  collection: BUSINESS_PATHS.projects,
  item: BUSINESS_PATHS.project,
  page: ProjectPageReplySchema.shape.data,
  detail: ProjectRowSchema,
  keys: recordKeys('projects'),
};

export type ProjectsQuery = z.input<typeof ListProjectsQuerySchema>;

export const useProjects = (params: ProjectsQuery) => useRecordPage(PROJECTS, params);
