// GET alertData/messageEarlyWarning (spec 7.4): the caller's warning messages, newest first, 5 per page
// (pageNum zero-based like every page of the product).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ALERT_PAGE_SIZE, ALERT_PATHS, WarningMessagePageReplySchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { UNREAD_COUNT_KEY, WARNING_MESSAGES_KEY, type UnreadCount } from './keys';

const PageSchema = WarningMessagePageReplySchema.shape.data;
export type WarningMessagePage = ReturnType<typeof PageSchema.parse>;

export function getWarningMessages(userId: string, pageNum: number, signal?: AbortSignal): Promise<WarningMessagePage> {
  return api.get(ALERT_PATHS.messages, { query: { userId, pageNum, pageSize: ALERT_PAGE_SIZE }, schema: PageSchema, signal });
}

export const warningMessagesQueryOptions = (userId: string, pageNum: number) =>
  queryOptions({
    queryKey: [...WARNING_MESSAGES_KEY, userId, pageNum],
    queryFn: async ({ signal, client }) => {
      const page = await getWarningMessages(userId, pageNum, signal);
      client.setQueryData<UnreadCount>(UNREAD_COUNT_KEY, { unreadCount: page.unreadCount });
      return page;
    },
    placeholderData: keepPreviousData,
  });

export function useWarningMessages(userId: string | undefined, pageNum: number) {
  return useQuery({ ...warningMessagesQueryOptions(userId ?? '', pageNum), enabled: Boolean(userId) });
}
