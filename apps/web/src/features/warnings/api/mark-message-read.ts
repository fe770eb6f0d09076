// PUT alertData/updateMessageStatus (spec 7.4): opening a message marks it read. The list shows it read at once;
// the reply's unread count goes to the header bell, and the workbench (which shows the same count) refetches.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ALERT_PATHS, UpdateMessageStatusReplySchema } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import type { WarningMessagePage } from './get-warning-messages';
import { UNREAD_COUNT_KEY, WARNING_MESSAGES_KEY, type UnreadCount } from './keys';

const ReplySchema = UpdateMessageStatusReplySchema.shape.data;
export type MarkReadReply = ReturnType<typeof ReplySchema.parse>;

/** The workbench summary's key root (it shows the unread count too). */
const WORKBENCH_KEY = ['workbench'] as const;

export function markMessageRead(alertId: number): Promise<MarkReadReply> {
  return api.put(ALERT_PATHS.updateStatus, { body: { alertId }, schema: ReplySchema });
}

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onMutate: (alertId) => {
      queryClient.setQueriesData<WarningMessagePage>(
        { queryKey: WARNING_MESSAGES_KEY },
        (page) => page && { ...page, content: page.content.map((m) => (m.alertId === alertId ? { ...m, isRead: true } : m)) },
      );
    },
    onSuccess: (reply) => {
      queryClient.setQueryData<UnreadCount>(UNREAD_COUNT_KEY, { unreadCount: reply.unreadCount });
      queryClient.setQueriesData<WarningMessagePage>(
        { queryKey: WARNING_MESSAGES_KEY },
        (page) =>
          page && {
            ...page,
            unreadCount: reply.unreadCount,
            content: page.content.map((m) => (m.alertId === reply.alertId ? { ...m, isRead: true, readAt: reply.readAt } : m)),
          },
      );
      void queryClient.invalidateQueries({ queryKey: WORKBENCH_KEY });
    },
    onError: () => {
      void queryClient.invalidateQueries({ queryKey: WARNING_MESSAGES_KEY });
    },
  });
}
