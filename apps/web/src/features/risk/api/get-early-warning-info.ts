// GET alertData/earlyWarningInfo (spec 7.4): the company risk records behind one warning (warnDate + warnRule,
// narrowed to the message's company); reply data.warnList.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ALERT_PATHS, EarlyWarningInfoReplySchema, type EarlyWarningInfoQuerySchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';

const InfoSchema = EarlyWarningInfoReplySchema.shape.data;
export type EarlyWarningInfo = ReturnType<typeof InfoSchema.parse>;
export type EarlyWarningInfoQuery = z.input<typeof EarlyWarningInfoQuerySchema>;

export function getEarlyWarningInfo(params: EarlyWarningInfoQuery, signal?: AbortSignal): Promise<EarlyWarningInfo> {
  return api.get(ALERT_PATHS.info, { query: params, schema: InfoSchema, signal });
}

export const earlyWarningInfoQueryOptions = (params: EarlyWarningInfoQuery) =>
  queryOptions({ queryKey: ['risk', 'early-warning-info', params], queryFn: ({ signal }) => getEarlyWarningInfo(params, signal) });

export function useEarlyWarningInfo(params: EarlyWarningInfoQuery, enabled: boolean) {
  return useQuery({ ...earlyWarningInfoQueryOptions(params), enabled: enabled && Boolean(params.warnDate && params.warnRule) });
}
