// GET deliveryApply/pageQuery: the enterprise's delivery applications, newest first (search, status).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DeliveryApplicationPageReplySchema, WAREHOUSE_FLOW_PATHS } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys, type ApplyListParams } from './keys';

export const getApplications = (params: ApplyListParams, signal?: AbortSignal) =>
  api.get(WAREHOUSE_FLOW_PATHS.applyPage, { query: params, schema: DeliveryApplicationPageReplySchema.shape.data, signal });

export const applicationsQueryOptions = (params: ApplyListParams) =>
  queryOptions({
    queryKey: flowKeys.applications(params),
    queryFn: ({ signal }) => getApplications(params, signal),
    placeholderData: keepPreviousData,
  });

export const useApplications = (params: ApplyListParams) => useQuery(applicationsQueryOptions(params));
