// The group dictionary of spec 7.5 (dict/listByGroup), fetched once per group and kept for the session.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DictEntrySchema, SESSION_PATHS, type DictEntry } from '@tfb/contract';
import { z } from 'zod';
import { api } from '../../lib/api-client';

const DictListSchema = z.array(DictEntrySchema);

export function getDictGroup(group: string, signal?: AbortSignal): Promise<DictEntry[]> {
  return api.get(SESSION_PATHS.dictByGroup, { query: { dictGroupName: group }, schema: DictListSchema, signal });
}

/** Cached per group: a dictionary does not change while the app is open. */
export const dictQueryOptions = (group: string) =>
  queryOptions({
    queryKey: ['dict', group],
    queryFn: ({ signal }) => getDictGroup(group, signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The entries of one dictionary group ([] while loading or when the call fails). */
export function useDict(group: string): { entries: DictEntry[]; loading: boolean } {
  const { data, isPending } = useQuery(dictQueryOptions(group));
  return { entries: data ?? EMPTY, loading: isPending };
}

const EMPTY: DictEntry[] = [];
