// GET /api/data-portal/indicators: the enterprise's indicator tree. The indicator system edits it; board and scene
// widgets bind to its indicators.
import { queryOptions } from '@tanstack/react-query';
import { INDICATOR_PATHS, IndicatorTreeReplySchema, type IndicatorTree } from '@tfb/contract';
import { api } from '../../lib/api-client';

export const getIndicatorTree = (signal?: AbortSignal): Promise<IndicatorTree> =>
  api.get(INDICATOR_PATHS.tree, { schema: IndicatorTreeReplySchema.shape.data, signal });

/** The tree as saved, for those who pick an indicator (the editor keeps its own copy beside its local edits). */
export const indicatorTreeQueryOptions = () =>
  queryOptions({ queryKey: ['indicators', 'tree'] as const, queryFn: ({ signal }) => getIndicatorTree(signal) });
