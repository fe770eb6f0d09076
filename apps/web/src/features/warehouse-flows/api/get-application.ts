// GET deliveryApply/detail?id=: one delivery application of the enterprise with its lines and its instruction.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeliveryApplicationReplySchema, WAREHOUSE_FLOW_PATHS, type DeliveryApplication } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { flowKeys } from './keys';

export const getApplication = (id: number, signal?: AbortSignal): Promise<DeliveryApplication> =>
  api.get(WAREHOUSE_FLOW_PATHS.applyDetail, { query: { id }, schema: DeliveryApplicationReplySchema.shape.data, signal });

export const applicationQueryOptions = (id: number) =>
  queryOptions({ queryKey: flowKeys.application(id), queryFn: ({ signal }) => getApplication(id, signal) });

export const useApplication = (id: number | null) => useQuery({ ...applicationQueryOptions(id ?? 0), enabled: id !== null });
