// GET alertData/earlyWarningInfo (spec 7.4): the company risk records behind one warning (warnDate + warnRule,
// narrowed to the message's company); reply data.warnList.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_PATHS, EarlyWarningInfoReplySchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';

const InfoSchema = EarlyWarningInfoReplySchema.shape.data;
export type EarlyWarningInfo = ReturnType<typeof InfoSchema.parse>;
export type EarlyWarningInfoParams = { warnDate: string; warnRule: string; companyName?: string };

export function getEarlyWarningInfo(params: EarlyWarningInfoParams, signal?: AbortSignal): Promise<EarlyWarningInfo> {
  return api.get(ALERT_PATHS.info, { query: params, schema: InfoSchema, signal });
}

export const earlyWarningInfoQueryOptions = (params: EarlyWarningInfoParams) =>
  queryOptions({ queryKey: ['risk', 'early-warning-info', params], queryFn: ({ signal }) => getEarlyWarningInfo(params, signal) });

export function useEarlyWarningInfo(params: EarlyWarningInfoParams, enabled: boolean) {
  return useQuery({ ...earlyWarningInfoQueryOptions(params), enabled: enabled && Boolean(params.warnDate && params.warnRule) });
}
