// GET inStorageManage/pageQuery and mlzDeliveryManage/pageQueryShipping (spec 7.3): a list tab's open documents
// (isCreate 0) of the kind, the first list or, with warehouseId and enterpriseId, the second.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { repliesOf, type ListParams, type SourcePage, type WarehouseDocumentKind } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

/** What a list tab may ask for: its kind's page query (isCreate is always 0, sent by the fetcher). */
export type SourceListParams = ListParams<WarehouseDocumentKind['source']['pageQuery']>;

export function getSources(kind: WarehouseDocumentKind, params: SourceListParams, signal?: AbortSignal): Promise<SourcePage> {
  return api.get(kind.source.pagePath, { query: { ...params, isCreate: 0 }, schema: repliesOf(kind).sourcePage.shape.data, signal });
}

export const sourcesQueryOptions = (kind: WarehouseDocumentKind, params: SourceListParams) =>
  queryOptions({
    queryKey: warehouseKeys.sources(kind.kind, { ...params, isCreate: 0 }),
    queryFn: ({ signal }) => getSources(kind, params, signal),
    placeholderData: keepPreviousData,
    // Switching tabs remounts the list: it reloads (spec 4, Warehouse lists).
    staleTime: 0,
  });

export function useSources(kind: WarehouseDocumentKind, params: SourceListParams) {
  return useQuery(sourcesQueryOptions(kind, params));
}
