// A site's column tree (GET), its whole-tree save against the version it started from (PUT), and the editor's
// server-side draft (GET/PUT/DELETE), P19. The editor opens the tree and the draft together.
import { queryOptions } from '@tanstack/react-query';
import {
  ColumnDraftReplySchema,
  ColumnTreeReplySchema,
  portalPaths,
  type ColumnDraft,
  type ColumnTree,
  type PortalSite,
  type SaveColumnDraftBody,
  type SaveColumnTreeBody,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';

const TreeSchema = ColumnTreeReplySchema.shape.data;
const DraftSchema = ColumnDraftReplySchema.shape.data;

export const getColumnTree = (site: PortalSite, signal?: AbortSignal): Promise<ColumnTree> =>
  api.get(portalPaths(site).columns, { schema: TreeSchema, signal });

export const saveColumnTree = (site: PortalSite, body: SaveColumnTreeBody): Promise<ColumnTree> =>
  api.put(portalPaths(site).columns, { body, schema: TreeSchema });

export const getColumnDraft = (site: PortalSite, signal?: AbortSignal): Promise<ColumnDraft | null> =>
  api.get(portalPaths(site).draft, { schema: DraftSchema, signal });

export const saveColumnDraft = (site: PortalSite, body: SaveColumnDraftBody): Promise<ColumnDraft | null> =>
  api.put(portalPaths(site).draft, { body, schema: DraftSchema });

export const deleteColumnDraft = (site: PortalSite): Promise<ColumnDraft | null> =>
  api.delete(portalPaths(site).draft, { schema: DraftSchema });

export type ColumnEditorData = { tree: ColumnTree; draft: ColumnDraft | null };

/**
 * What the editor opens: the tree, and the draft when the user may change the tree (`withDraft`). Never refetched
 * behind the editor's back (it holds local edits).
 */
export const columnEditorQueryOptions = (site: PortalSite, withDraft: boolean) =>
  queryOptions({
    queryKey: ['portal', site, 'column-editor', withDraft] as const,
    queryFn: async ({ signal }): Promise<ColumnEditorData> => {
      const [tree, draft] = await Promise.all([getColumnTree(site, signal), withDraft ? getColumnDraft(site, signal) : null]);
      return { tree, draft };
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** The site's tree as the content screens read it (column pickers and names, the topic and child column tables). */
export const columnTreeQueryOptions = (site: PortalSite) =>
  queryOptions({
    queryKey: ['portal', site, 'columns'] as const,
    queryFn: ({ signal }) => getColumnTree(site, signal),
  });
