// GET inStorageManage/pageQuery (spec 7.3): open in-storage notices (isCreate 0), the first list or, with
// warehouseId and enterpriseId, the second.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { InStoragePageReplySchema, WAREHOUSE_PATHS, type WarehouseScope } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { warehouseKeys } from './keys';

const PageSchema = InStoragePageReplySchema.shape.data;
export type NoticePage = ReturnType<typeof PageSchema.parse>;

export type NoticeListParams = {
  scope: WarehouseScope;
  pageNumber: number;
  pageSize: number;
  blurry?: string;
  collectionTimeL?: string;
  warehouseId?: number;
  enterpriseId?: string;
};

export function getInStorageNotices(params: NoticeListParams, signal?: AbortSignal): Promise<NoticePage> {
  return api.get(WAREHOUSE_PATHS.inStoragePage, { query: { ...params, isCreate: 0 }, schema: PageSchema, signal });
}

export const inStorageNoticesQueryOptions = (params: NoticeListParams) =>
  queryOptions({
    queryKey: warehouseKeys.notices({ ...params, isCreate: 0 }),
    queryFn: ({ signal }) => getInStorageNotices(params, signal),
    placeholderData: keepPreviousData,
    // Switching tabs remounts the list: it reloads (spec 4, Warehouse lists).
    staleTime: 0,
  });

export function useInStorageNotices(params: NoticeListParams, enabled = true) {
  return useQuery({ ...inStorageNoticesQueryOptions(params), enabled });
}
