// How many items of each type use each column of a site's tree (the topic and child column tables), in one call.
// Apart from the tree's calls: the answer's schema is the content's, which the column settings page does not load.
import { queryOptions } from '@tanstack/react-query';
import { ColumnUsageReplySchema, portalPaths, type PortalSite } from '@tfb/contract';
import { api } from '../../../lib/api-client';

const UsageSchema = ColumnUsageReplySchema.shape.data;

/** Under the site's content key: every content write (and any refresh of the site's content) refreshes it. */
export const columnUsageKey = (site: PortalSite) => ['portal', site, 'content', 'column-usage'] as const;

export const columnUsageQueryOptions = (site: PortalSite) =>
  queryOptions({
    queryKey: columnUsageKey(site),
    queryFn: ({ signal }) => api.get(portalPaths(site).usage, { schema: UsageSchema, signal }),
  });
