// GET inStorageManage/detail and mlzDeliveryManage/detail: a notice or an instruction with ALL its goods lines and
// what each has left (the more-goods dialog, the create page), and whether the caller may act on it from the list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { repliesOf, type SourceDetail, type WarehouseDocumentKind, type WarehouseScope } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export function getSourceDetail(
  kind: WarehouseDocumentKind,
  id: number,
  scope: WarehouseScope,
  signal?: AbortSignal,
): Promise<SourceDetail> {
  return api.get(kind.source.detailPath, { query: { id, scope }, schema: repliesOf(kind).sourceDetail.shape.data, signal });
}

export const sourceDetailQueryOptions = (kind: WarehouseDocumentKind, id: number, scope: WarehouseScope) =>
  queryOptions({
    queryKey: warehouseKeys.source(kind.kind, id, scope),
    queryFn: ({ signal }) => getSourceDetail(kind, id, scope, signal),
    staleTime: 0,
  });

export function useSourceDetail(kind: WarehouseDocumentKind, id: number | null, scope: WarehouseScope) {
  return useQuery({ ...sourceDetailQueryOptions(kind, id ?? 0, scope), enabled: id !== null && id > 0 });
}
