// GET inStorageNotice/mine: the enterprise's in-storage notices, newest first (search, status).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EnterpriseNoticePageReplySchema, WAREHOUSE_FLOW_PATHS } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys, type NoticeListParams } from './keys';

export const getNotices = (params: NoticeListParams, signal?: AbortSignal) =>
  api.get(WAREHOUSE_FLOW_PATHS.noticePage, { query: params, schema: EnterpriseNoticePageReplySchema.shape.data, signal });

export const noticesQueryOptions = (params: NoticeListParams) =>
  queryOptions({
    queryKey: flowKeys.notices(params),
    queryFn: ({ signal }) => getNotices(params, signal),
    placeholderData: keepPreviousData,
  });

export const useNotices = (params: NoticeListParams) => useQuery(noticesQueryOptions(params));
