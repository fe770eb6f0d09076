// The enterprise's indicator tree (GET), its whole-tree save against the version it started from (PUT), each
// indicator's versions and their restore, the owners to choose from, and the editor's server-side draft.
import { queryOptions } from '@tanstack/react-query';
import {
  DATA_PORTAL_PATHS,
  DatasetListReplySchema,
  INDICATOR_PATHS,
  IndicatorDraftReplySchema,
  IndicatorOwnersReplySchema,
  IndicatorReplySchema,
  IndicatorTreeReplySchema,
  IndicatorVersionsReplySchema,
  type Indicator,
  type IndicatorDraft,
  type IndicatorOwner,
  type IndicatorTree,
  type DatasetSummary,
  type SaveIndicatorDraftBody,
  type SaveIndicatorTreeBody,
} from '@tfb/contract';
import { getIndicatorTree } from '../../../components/business/get-indicator-tree';
import { api } from '../../../lib/api-client';

const TreeSchema = IndicatorTreeReplySchema.shape.data;
const DraftSchema = IndicatorDraftReplySchema.shape.data;

export const saveIndicatorTree = (body: SaveIndicatorTreeBody): Promise<IndicatorTree> =>
  api.put(INDICATOR_PATHS.tree, { body, schema: TreeSchema });

export const getIndicatorDraft = (signal?: AbortSignal): Promise<IndicatorDraft | null> =>
  api.get(INDICATOR_PATHS.draft, { schema: DraftSchema, signal });

export const saveIndicatorDraft = (body: SaveIndicatorDraftBody): Promise<IndicatorDraft | null> =>
  api.put(INDICATOR_PATHS.draft, { body, schema: DraftSchema });

export const deleteIndicatorDraft = (): Promise<IndicatorDraft | null> => api.delete(INDICATOR_PATHS.draft, { schema: DraftSchema });

export const restoreIndicatorVersion = (id: number, version: number, current: number): Promise<Indicator> =>
  api.post(INDICATOR_PATHS.restore.replace(':id', String(id)).replace(':version', String(version)), {
    body: { version: current },
    schema: IndicatorReplySchema.shape.data,
  });

export type IndicatorEditorData = { tree: IndicatorTree; draft: IndicatorDraft | null };

/** What the editor opens: the tree, and the draft when the user may change it. Never refetched behind the editor's
 * back (it holds local edits). */
export const indicatorEditorQueryOptions = (withDraft: boolean) =>
  queryOptions({
    queryKey: ['indicators', 'editor', withDraft] as const,
    queryFn: async ({ signal }): Promise<IndicatorEditorData> => {
      const [tree, draft] = await Promise.all([getIndicatorTree(signal), withDraft ? getIndicatorDraft(signal) : null]);
      return { tree, draft };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const indicatorVersionsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['indicators', 'versions', id] as const,
    queryFn: ({ signal }) =>
      api.get(INDICATOR_PATHS.versions.replace(':id', String(id)), { schema: IndicatorVersionsReplySchema.shape.data, signal }),
  });

export const indicatorOwnersQueryOptions = () =>
  queryOptions({
    queryKey: ['indicators', 'owners'] as const,
    queryFn: ({ signal }): Promise<IndicatorOwner[]> =>
      api.get(INDICATOR_PATHS.owners, { schema: IndicatorOwnersReplySchema.shape.data, signal }),
    staleTime: 5 * 60_000,
  });

/** The datasets an indicator can take its figures from: the built-in ones and the enterprise's uploaded ones (the
 * data-portal list, under the key the data-source page keeps it, so an upload there refreshes it here). */
export const indicatorDatasetsQueryOptions = () =>
  queryOptions({
    queryKey: ['data-portal', 'datasets', 'list'] as const,
    queryFn: ({ signal }): Promise<DatasetSummary[]> =>
      api.get(DATA_PORTAL_PATHS.datasets, { schema: DatasetListReplySchema.shape.data, signal }),
  });
