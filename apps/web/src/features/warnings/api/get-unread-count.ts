// GET alertData/unreadCount: the caller's unread warning messages (the header bell). Every message page and every
// mark-read reply also carries the count and writes it here, so the bell follows at once.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_PATHS } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { loadShellSchemas } from '../../../lib/session-store';
import { UNREAD_COUNT_KEY, type UnreadCount } from './keys';

export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get(ALERT_PATHS.unreadCount, { schema: () => loadShellSchemas().then((s) => s.unreadCount), signal });
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });

export function useUnreadWarningCount(): number {
  return useQuery(unreadCountQueryOptions()).data?.unreadCount ?? 0;
}
