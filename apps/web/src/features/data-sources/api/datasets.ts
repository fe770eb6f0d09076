// The data portal's datasets as the data-source page reads them: the list (built-in and uploaded), one dataset with
// its preview, and an aggregate (the one-graph map). Keys start with DATA_SOURCES_KEY so every write refreshes them.
import { queryOptions } from '@tanstack/react-query';
import {
  DATA_PORTAL_PATHS,
  DataQueryReplySchema,
  DatasetDetailReplySchema,
  DatasetListReplySchema,
  type DataQueryBody,
  type DataQueryResult,
  type DatasetDetail,
  type DatasetSummary,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';

export const DATA_SOURCES_KEY = ['data-portal', 'datasets'] as const;

export const datasetsQueryOptions = () =>
  queryOptions({
    queryKey: [...DATA_SOURCES_KEY, 'list'] as const,
    queryFn: ({ signal }): Promise<DatasetSummary[]> =>
      api.get(DATA_PORTAL_PATHS.datasets, { schema: DatasetListReplySchema.shape.data, signal }),
  });

export const datasetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DATA_SOURCES_KEY, 'detail', id] as const,
    queryFn: ({ signal }): Promise<DatasetDetail> =>
      api.get(DATA_PORTAL_PATHS.dataset.replace(':id', encodeURIComponent(id)), { schema: DatasetDetailReplySchema.shape.data, signal }),
  });

export const aggregateQueryOptions = (body: DataQueryBody) =>
  queryOptions({
    queryKey: [...DATA_SOURCES_KEY, 'query', body] as const,
    queryFn: ({ signal }): Promise<DataQueryResult> =>
      api.post(DATA_PORTAL_PATHS.query, { body, schema: DataQueryReplySchema.shape.data, signal }),
  });
