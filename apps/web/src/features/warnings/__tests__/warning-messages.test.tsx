// Spec 2.3 item 10 and 7.4: the messages are asked 5 per page (pageNum/pageSize); opening an unread message sends
// PUT updateMessageStatus with its alertId, shows it read, and the unread count follows the reply.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALERT_PATHS } from '@tfb/contract';
import { warningMessage } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { closeDialog } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { WarningMessagesPage } from '../components/warning-messages-page';

describe('warning messages', () => {
  it('asks 5 per page and marks an opened message read', async () => {
    signIn();
    const api = mockApi({
      [ALERT_PATHS.messages]: () => ({
        content: [warningMessage(3), warningMessage(2), warningMessage(1, { isRead: true, readAt: '2026-11-02T00:00:00.000Z' })],
        totalElements: 12,
        pageNum: 0,
        pageSize: 5,
        unreadCount: 2,
      }),
      [ALERT_PATHS.updateStatus]: () => ({ alertId: 2, isRead: true, readAt: '2026-11-10T00:00:00.000Z', unreadCount: 1 }),
    });
    renderWithProviders(<WarningMessagesPage />);

    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('未读 2 条'));
    expect(api.lastQuery(ALERT_PATHS.messages)).toEqual({ userId: 'demo-a-staff', pageNum: '0', pageSize: '5' });

    fireEvent.click(screen.getByText('企业新增法院公告 2'));
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('未读 1 条'));
    expect(api.bodiesSentTo(ALERT_PATHS.updateStatus)).toEqual([{ alertId: 2 }]);
    const states = screen.getAllByTestId('read-state').map((e) => e.textContent);
    expect(states).toEqual(['未读', '已读', '已读']);

    // Opening a message already read sends nothing.
    closeDialog();
    fireEvent.click(screen.getByText('企业新增法院公告 1'));
    expect(api.bodiesSentTo(ALERT_PATHS.updateStatus)).toHaveLength(1);
  });
});
