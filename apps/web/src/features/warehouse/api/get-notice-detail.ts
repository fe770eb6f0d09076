// GET inStorageManage/detail: a notice with ALL its goods lines (the more-goods dialog, the create page).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { InStorageNoticeDetailReplySchema, WAREHOUSE_PATHS, type InStorageNoticeDetail, type WarehouseScope } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

export function getNoticeDetail(id: number, scope: WarehouseScope, signal?: AbortSignal): Promise<InStorageNoticeDetail> {
  return api.get(WAREHOUSE_PATHS.inStorageDetail, { query: { id, scope }, schema: InStorageNoticeDetailReplySchema.shape.data, signal });
}

export const noticeDetailQueryOptions = (id: number, scope: WarehouseScope) =>
  queryOptions({ queryKey: warehouseKeys.notice(id, scope), queryFn: ({ signal }) => getNoticeDetail(id, scope, signal), staleTime: 0 });

export function useNoticeDetail(id: number | null, scope: WarehouseScope) {
  return useQuery({ ...noticeDetailQueryOptions(id ?? 0, scope), enabled: id !== null && id > 0 });
}
