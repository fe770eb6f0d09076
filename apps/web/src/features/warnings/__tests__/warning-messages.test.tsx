// Spec 2.3 item 10 and 7.4: the messages are asked 5 per page (pageNum/pageSize); opening an unread message sends
// PUT updateMessageStatus with its alertId, shows it read, and the unread count follows the reply.
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ALERT_PATHS, type WarningMessage } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { saveSessionUser } from '../../../lib/session-store';
import { WarningMessagesPage } from '../components/warning-messages-page';

const message = (id: number, isRead: boolean): WarningMessage => ({
  id,
  alertId: id,
  warn_gen_dt: `2026-11-0${id}T08:00:00.000Z`,
  warn_rule: `企业新增法院公告 ${id}`,
  warnDate: `2026-11-0${id}`,
  riskType: 23,
  riskTitle: '法院公告',
  companyName: '北方能源供应链有限公司',
  content: `合作企业新增法院公告 ${id}`,
  isRead,
  readAt: null,
});

describe('warning messages', () => {
  it('asks 5 per page and marks an opened message read', async () => {
    saveSessionUser({
      userId: 'demo-a-staff', userName: 'zhangwei', name: '张伟', enterpriseId: 'ent-a', enterpriseName: '华东金属贸易有限公司',
      companyId: 'com-a', orgId: 'org-a-trade', phone: '', storageAddress: null, storageAddressId: null, warehouseId: null,
      isInternal: false, isGroup: false, isSupervisor: false, roles: ['staff'], avatar: '', introduction: '', menus: [],
    });
    const calls: { url: URL; method: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const data =
        url.pathname === ALERT_PATHS.updateStatus
          ? { alertId: 2, isRead: true, readAt: '2026-11-10T00:00:00.000Z', unreadCount: 1 }
          : { content: [message(3, false), message(2, false), message(1, true)], totalElements: 12, pageNum: 0, pageSize: 5, unreadCount: 2 };
      return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200 });
    });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <WarningMessagesPage />
      </AppProviders>,
    );

    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('未读 2 条'));
    const list = calls.find((c) => c.url.pathname === ALERT_PATHS.messages)!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({ userId: 'demo-a-staff', pageNum: '0', pageSize: '5' });

    fireEvent.click(screen.getByText('企业新增法院公告 2'));
    await waitFor(() => expect(screen.getByTestId('unread-summary')).toHaveTextContent('未读 1 条'));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ body: { alertId: 2 } }),
    ]);
    const states = screen.getAllByTestId('read-state').map((e) => e.textContent);
    expect(states).toEqual(['未读', '已读', '已读']);

    // Opening a message already read sends nothing.
    fireEvent.click(document.querySelector('.ant-modal-close')!);
    fireEvent.click(screen.getByText('企业新增法院公告 1'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });
});
