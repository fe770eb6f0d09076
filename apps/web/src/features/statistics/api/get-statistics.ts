// GET /api/statistics/:page: every chart of one statistics page for a filter (the period, and one enterprise for
// callers whose scope holds several). The figures are aggregated on the server for the caller's data scope.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STATISTICS_PATHS, StatisticsReplySchema, type DataFilter, type StatisticsPage, type StatisticsResult } from '@tfb/contract';
import { api } from '../../../lib/api-client';

export type StatisticsFilter = Pick<DataFilter, 'from' | 'to' | 'enterpriseId'>;

export const statisticsPath = (page: StatisticsPage): string => STATISTICS_PATHS.page.replace(':page', page);

export function getStatistics(page: StatisticsPage, filter: StatisticsFilter, signal?: AbortSignal): Promise<StatisticsResult> {
  return api.get(statisticsPath(page), { query: filter, schema: StatisticsReplySchema.shape.data, signal });
}

export const statisticsQueryOptions = (page: StatisticsPage, filter: StatisticsFilter) =>
  queryOptions({
    queryKey: ['statistics', page, filter],
    queryFn: ({ signal }) => getStatistics(page, filter, signal),
    // A new period keeps the charts on screen until its figures arrive.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const useStatistics = (page: StatisticsPage, filter: StatisticsFilter) => useQuery(statisticsQueryOptions(page, filter));
