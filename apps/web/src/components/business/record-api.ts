// The calls of a record feature, written once: a paged list (GET collection), one record (GET item) and a save
// (POST collection to create, PUT item with the version read to update). A feature names its endpoint once
// (paths, reply schemas, query keys); its list, record and save hooks are built from it, so each call has one
// fetcher, one query-key factory and one invalidation rule.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Page } from '@tfb/contract';
import { api, type QueryValue } from '../../lib/api-client';
import type { RecordRef } from './stale-version';

/** The query keys of one record kind under one root: a save refreshes every list and sets the detail. */
export function recordKeys<const Root extends readonly unknown[]>(...root: Root) {
  return {
    all: () => root,
    lists: () => [...root, 'list'] as const,
    list: (params: Record<string, QueryValue>) => [...root, 'list', params] as const,
    detail: (id: number) => [...root, 'detail', id] as const,
  };
}
export type RecordKeys = ReturnType<typeof recordKeys>;

export type ListQuery = Record<string, QueryValue>;

export type RecordEndpoint<Row, Detail, Query extends ListQuery = ListQuery> = {
  /** POST: create; GET: the paged list, unless `list` names another path. */
  collection: string;
  list?: string;
  /** GET: one record; PUT: update (':id' is replaced). */
  item: string;
  /** The contract's query schema of the list: its params are z.input of it. */
  query: z.ZodType<unknown, Query>;
  /** The list reply's data (rows may be mapped to the screen's shape). */
  page: z.ZodType<Page<Row>>;
  /** One record, as read and as a save answers. */
  detail: z.ZodType<Detail>;
  keys: RecordKeys;
  /** Other queries a save changes (what a contract still allows after a loan is saved). */
  alsoInvalidates?: readonly QueryKey[];
};

const itemPath = (endpoint: { item: string }, id: number) => endpoint.item.replace(':id', String(id));

export function getRecordPage<Row, Query extends ListQuery>(
  endpoint: RecordEndpoint<Row, unknown, Query>,
  params: Query,
  signal?: AbortSignal,
): Promise<Page<Row>> {
  return api.get(endpoint.list ?? endpoint.collection, { query: params, schema: endpoint.page, signal });
}

export function getRecord<Detail>(endpoint: RecordEndpoint<unknown, Detail>, id: number, signal?: AbortSignal): Promise<Detail> {
  return api.get(itemPath(endpoint, id), { schema: endpoint.detail, signal });
}

export const recordPageOptions = <Row, Query extends ListQuery>(endpoint: RecordEndpoint<Row, unknown, Query>, params: Query) =>
  queryOptions({
    queryKey: endpoint.keys.list(params),
    queryFn: ({ signal }) => getRecordPage(endpoint, params, signal),
    placeholderData: keepPreviousData,
  });

export const recordOptions = <Detail>(endpoint: RecordEndpoint<unknown, Detail>, id: number) =>
  queryOptions({ queryKey: endpoint.keys.detail(id), queryFn: ({ signal }) => getRecord(endpoint, id, signal) });

export function useRecordPage<Row, Query extends ListQuery>(endpoint: RecordEndpoint<Row, unknown, Query>, params: Query) {
  return useQuery(recordPageOptions(endpoint, params));
}

/** The record an edit or detail screen opens (?id=); nothing is asked while the id is missing. */
export function useRecord<Detail>(endpoint: RecordEndpoint<unknown, Detail>, id: number | null) {
  return useQuery({ ...recordOptions(endpoint, id ?? 0), enabled: id !== null, retry: false });
}

export type SaveRecordArgs<Body> = RecordRef & { body: Body };

export function saveRecord<Body extends object, Detail>(
  endpoint: RecordEndpoint<unknown, Detail>,
  args: SaveRecordArgs<Body>,
): Promise<Detail> {
  const { body } = args;
  return args.id === null
    ? api.post(endpoint.collection, { body, schema: endpoint.detail })
    : api.put(itemPath(endpoint, args.id), { body: { ...body, version: args.version }, schema: endpoint.detail });
}

/** Saves a record; the answer becomes the cached detail and every list of the kind (and what else it changes) reloads. */
export function useSaveRecord<Body extends object, Detail extends { id: number }>(endpoint: RecordEndpoint<unknown, Detail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: SaveRecordArgs<Body>) => saveRecord(endpoint, args),
    onSuccess: (saved) => {
      queryClient.setQueryData(endpoint.keys.detail(saved.id), saved);
      for (const queryKey of [endpoint.keys.lists(), ...(endpoint.alsoInvalidates ?? [])]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
