// The boards' and scenes' calls: the enterprise's list, one dashboard, its figures for a filter, the writes
// (create, whole save, layout save, delete), a scene's share links, and the public scene of a share token.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DashboardDataReplySchema,
  DashboardListReplySchema,
  DashboardReplySchema,
  DeletedDashboardReplySchema,
  PUBLIC_SCENE_PATH,
  PublicSceneReplySchema,
  RevokedShareReplySchema,
  SCENE_PATHS,
  SceneShareListReplySchema,
  SceneShareReplySchema,
  dashboardCollectionPath,
  dashboardItemPath,
  dashboardPaths,
  type CreateDashboardBody,
  type Dashboard,
  type DashboardData,
  type DashboardKind,
  type DashboardSummary,
  type DataFilter,
  type LayoutBody,
  type PublicScene,
  type SceneShare,
  type UpdateDashboardBody,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';

const at = (path: string, id: number, shareId?: string) => path.replace(':id', String(id)).replace(':shareId', shareId ?? '');
const collection = dashboardCollectionPath;
const item = dashboardItemPath;

export const dashboardsKey = (kind: DashboardKind) => ['dataPortal', kind] as const;

export const dashboardListQueryOptions = (kind: DashboardKind) =>
  queryOptions({
    queryKey: [...dashboardsKey(kind), 'list'] as const,
    queryFn: ({ signal }): Promise<DashboardSummary[]> =>
      api.get(collection(kind), { schema: DashboardListReplySchema.shape.data, signal }),
  });

export const dashboardQueryOptions = (kind: DashboardKind, id: number) =>
  queryOptions({
    queryKey: [...dashboardsKey(kind), 'one', id] as const,
    queryFn: ({ signal }): Promise<Dashboard> => api.get(at(item(kind), id), { schema: DashboardReplySchema.shape.data, signal }),
  });

/** Every widget's figures; `version` is part of the key so a saved change is computed again. */
export const dashboardDataQueryOptions = (kind: DashboardKind, id: number, version: number, filter: DataFilter | undefined) =>
  queryOptions({
    queryKey: [...dashboardsKey(kind), 'data', id, version, filter ?? null] as const,
    queryFn: ({ signal }): Promise<DashboardData> =>
      api.post(at(dashboardPaths(kind).data, id), { body: filter ? { filter } : {}, schema: DashboardDataReplySchema.shape.data, signal }),
    placeholderData: keepPreviousData,
  });

export const sceneSharesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...dashboardsKey('scene'), 'shares', id] as const,
    queryFn: ({ signal }): Promise<SceneShare[]> =>
      api.get(at(SCENE_PATHS.shares, id), { schema: SceneShareListReplySchema.shape.data, signal }),
  });

/** The shared scene, without a session; refreshed every `refreshSeconds` by its page. */
export const publicSceneQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['publicScene', token] as const,
    queryFn: ({ signal }): Promise<PublicScene> =>
      api.get(PUBLIC_SCENE_PATH.replace(':token', encodeURIComponent(token)), {
        auth: false,
        redirectOnServerError: false,
        schema: PublicSceneReplySchema.shape.data,
        signal,
      }),
    retry: false,
  });

function useDashboardWrite<A, R>(kind: DashboardKind, write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: dashboardsKey(kind) });
    },
  });
}

export const useCreateDashboard = (kind: DashboardKind) =>
  useDashboardWrite(kind, (body: CreateDashboardBody): Promise<Dashboard> =>
    api.post(collection(kind), { body, schema: DashboardReplySchema.shape.data }),
  );

export const useUpdateDashboard = (kind: DashboardKind) =>
  useDashboardWrite(kind, ({ id, body }: { id: number; body: UpdateDashboardBody }): Promise<Dashboard> =>
    api.put(at(item(kind), id), { body, schema: DashboardReplySchema.shape.data }),
  );

export const useSaveLayout = (kind: DashboardKind) =>
  useDashboardWrite(kind, ({ id, body }: { id: number; body: LayoutBody }): Promise<Dashboard> =>
    api.put(at(dashboardPaths(kind).layout, id), { body, schema: DashboardReplySchema.shape.data }),
  );

export const useDeleteDashboard = (kind: DashboardKind) =>
  useDashboardWrite(kind, (id: number): Promise<{ id: number }> =>
    api.delete(at(item(kind), id), { schema: DeletedDashboardReplySchema.shape.data }),
  );

export const useCreateShare = () =>
  useDashboardWrite('scene', (id: number): Promise<SceneShare> =>
    api.post(at(SCENE_PATHS.shares, id), { schema: SceneShareReplySchema.shape.data }),
  );

export const useRevokeShare = () =>
  useDashboardWrite('scene', ({ id, shareId }: { id: number; shareId: string }): Promise<{ id: string }> =>
    api.delete(at(SCENE_PATHS.share, id, shareId), { schema: RevokedShareReplySchema.shape.data }),
  );
