// POST projects (create) and PUT projects/:id (update a draft).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BUSINESS_PATHS, ProjectRowSchema, type ProjectRow, type SaveProjectBody } from '@tfb/contract';
import type { RecordRef } from '../../../components/business/stale-version';
import { api } from '../../../lib/api-client';
import { projectKeys } from './keys';

export type SaveProjectArgs = RecordRef & { body: SaveProjectBody };

export function saveProject(args: SaveProjectArgs): Promise<ProjectRow> {
  const { body } = args;
  return args.id === null
    ? api.post(BUSINESS_PATHS.projects, { body, schema: ProjectRowSchema })
    : api.put(BUSINESS_PATHS.project.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: ProjectRowSchema });
}

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProject,
    onSuccess: (saved) => {
      queryClient.setQueryData(projectKeys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: projectKeys.lists() });
    },
  });
}
