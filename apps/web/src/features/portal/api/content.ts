// The calls of one content type of one site (contentPaths): the paged list, one item and its save (through the
// record kit's endpoint), and the item's life: submit, withdraw, reissue, versions, a version's data, restore,
// diff, preview, the batch publish/withdraw and the reorder of a sortable type; and the editor's own autosave. Every
// write refreshes the type's lists and the column usage counts, and sets or refreshes the item.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  BatchContentReplySchema,
  ContentAutosaveReplySchema,
  ContentDiffReplySchema,
  ContentItemReplySchema,
  ContentListQuerySchema,
  ContentPageReplySchema,
  ContentVersionDataReplySchema,
  ContentVersionsReplySchema,
  PreviewLinkReplySchema,
  contentPaths,
  type ContentAutosave,
  type ContentItem,
  type ContentListQuery,
  type ContentRow,
  type ContentType,
  type PortalSite,
  type SaveContentAutosaveBody,
} from '@tfb/contract';
import { recordKeys, type RecordEndpoint } from '../../../components/business/record-api';
import { api } from '../../../lib/api-client';
import { columnUsageKey } from './column-usage';

const ItemSchema = ContentItemReplySchema.shape.data;
const VersionsSchema = ContentVersionsReplySchema.shape.data;
const VersionDataSchema = ContentVersionDataReplySchema.shape.data;
const DiffSchema = ContentDiffReplySchema.shape.data;
const BatchSchema = BatchContentReplySchema.shape.data;
const PreviewSchema = PreviewLinkReplySchema.shape.data;
const AutosaveSchema = ContentAutosaveReplySchema.shape.data;

export type ContentScope = { site: PortalSite; type: ContentType };
export type ContentListParams = ContentListQuery & Record<string, string | number | undefined>;

export const contentKeys = ({ site, type }: ContentScope) => recordKeys('portal', site, 'content', type);

/** The record kit's endpoint of a content type: list, item, create (POST) and save (PUT with the version). */
export const contentEndpoint = (scope: ContentScope): RecordEndpoint<ContentRow, ContentItem, ContentListParams> => {
  const paths = contentPaths(scope.site, scope.type);
  return {
    collection: paths.items,
    item: paths.item,
    // The list params the screens send are the schema's input (each filter a string, a number or unset).
    query: ContentListQuerySchema as z.ZodType<unknown, ContentListParams>,
    page: ContentPageReplySchema.shape.data,
    detail: ItemSchema,
    keys: contentKeys(scope),
    alsoInvalidates: [columnUsageKey(scope.site)],
  };
};

const at = (path: string, id: number, version?: number | 'live') =>
  path.replace(':id', String(id)).replace(':version', version === undefined ? ':version' : String(version));

export const contentVersionsOptions = (scope: ContentScope, id: number) => ({
  queryKey: [...contentKeys(scope).detail(id), 'versions'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api.get(at(contentPaths(scope.site, scope.type).versions, id), { schema: VersionsSchema, signal }),
});

export const useContentVersions = (scope: ContentScope, id: number) => useQuery(contentVersionsOptions(scope, id));

export type DiffSide = number | 'live';

export const useContentDiff = (scope: ContentScope, id: number, sides: { from: DiffSide; to: DiffSide } | null) =>
  useQuery({
    queryKey: [...contentKeys(scope).detail(id), 'diff', sides?.from, sides?.to] as const,
    queryFn: ({ signal }) =>
      api.get(at(contentPaths(scope.site, scope.type).diff, id), {
        query: { from: sides!.from, to: sides!.to },
        schema: DiffSchema,
        signal,
      }),
    enabled: sides !== null,
  });

/** The data of one version (the one an editor started from, to compare with the server's latest). */
export const getContentVersion = (scope: ContentScope, id: number, version: number) =>
  api.get(at(contentPaths(scope.site, scope.type).version, id, version), { schema: VersionDataSchema });

/** The caller's autosave of an item's edit form (`id`), or of the type's add form (null). */
const autosavePath = (scope: ContentScope, id: number | null) => {
  const paths = contentPaths(scope.site, scope.type);
  return id === null ? paths.newAutosave : at(paths.autosave, id);
};
export const contentAutosaveOptions = (scope: ContentScope, id: number | null) => ({
  // Outside the type's keys: a write refreshing the lists must not refetch what an open editor decided on.
  queryKey: ['portal', scope.site, 'content-autosave', scope.type, id ?? 'new'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }): Promise<ContentAutosave | null> =>
    api.get(autosavePath(scope, id), { schema: AutosaveSchema, signal }),
});
export const saveContentAutosave = (scope: ContentScope, id: number | null, body: SaveContentAutosaveBody) =>
  api.put(autosavePath(scope, id), { body, schema: AutosaveSchema });
export const deleteContentAutosave = (scope: ContentScope, id: number | null) =>
  api.delete(autosavePath(scope, id), { schema: AutosaveSchema });

const useItemCall = <A>(onSuccess: (item: ContentItem) => void, mutationFn: (args: A) => Promise<ContentItem>) =>
  useMutation({ mutationFn, onSuccess });

/** The item's writes besides the save; each answers the item, which becomes the cached detail. */
export function useContentActions(scope: ContentScope) {
  const queryClient = useQueryClient();
  const keys = contentKeys(scope);
  const paths = contentPaths(scope.site, scope.type);
  const refresh = () =>
    Promise.all([keys.all(), columnUsageKey(scope.site)].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  const settled = (item?: ContentItem) => {
    if (item) queryClient.setQueryData(keys.detail(item.id), item);
    void refresh();
  };
  return {
    submit: useItemCall(settled, ({ id, version }: { id: number; version: number }) =>
      api.post(at(paths.submit, id), { body: { version }, schema: ItemSchema }),
    ),
    withdraw: useItemCall(settled, ({ id, reason }: { id: number; reason: string }) =>
      api.post(at(paths.withdraw, id), { body: { reason }, schema: ItemSchema }),
    ),
    reissue: useItemCall(settled, ({ id }: { id: number }) => api.post(at(paths.reissue, id), { schema: ItemSchema })),
    restore: useItemCall(settled, ({ id, version }: { id: number; version: number }) =>
      api.post(at(paths.restore, id, version), { schema: ItemSchema }),
    ),
    preview: useMutation({ mutationFn: ({ id }: { id: number }) => api.post(at(paths.preview, id), { schema: PreviewSchema }) }),
    batch: useMutation({
      mutationFn: (body: { action: 'publish' | 'withdraw'; ids: number[] }) => api.post(paths.batch, { body, schema: BatchSchema }),
      onSuccess: () => settled(),
    }),
    /** Pending (its `variables`, the new order, shown by the list) until the lists are read again after it. */
    order: useMutation({
      mutationFn: (ids: number[]) => api.post(paths.order, { body: { ids }, schema: BatchSchema }),
      onSettled: () => refresh(),
    }),
  };
}
