// GET inStorageNotice/mineDetail?id=: one notice of the enterprise with all its lines.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { EnterpriseNoticeReplySchema, WAREHOUSE_FLOW_PATHS, type EnterpriseNotice } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys } from './keys';

export const getNotice = (id: number, signal?: AbortSignal): Promise<EnterpriseNotice> =>
  api.get(WAREHOUSE_FLOW_PATHS.noticeDetail, { query: { id }, schema: EnterpriseNoticeReplySchema.shape.data, signal });

export const noticeQueryOptions = (id: number) =>
  queryOptions({ queryKey: flowKeys.notice(id), queryFn: ({ signal }) => getNotice(id, signal) });

export const useNotice = (id: number | null) => useQuery({ ...noticeQueryOptions(id ?? 0), enabled: id !== null });
