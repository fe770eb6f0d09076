// The workbench (/): the greeting and enterprise of the signed-in user, a card per business area the server counted
// (a link where the user may open the area), the latest warnings with what is unread, and the tasks waiting for
// the user's roles; a failed load says so and retries.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WORKBENCH_PATH } from '@tfb/contract';
import { preloadRoute, preloadRouteData } from '../../../app/router';
import { changeLanguage } from '../../../lib/i18n';
import { queryClient } from '../../../lib/query-client';
import { workbench } from '../../../test/fixtures';
import { mockApi, refuse } from '../../../test/mock-api';
import { setupUser } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { workbenchQueryOptions } from '../api/get-workbench';

/** The items of the list named `name`, each with the texts it must show, in order. */
function expectListItems(name: string, items: string[][]) {
  const shown = within(screen.getByRole('list', { name })).getAllByRole('listitem');
  expect(shown).toHaveLength(items.length);
  items.forEach((texts, i) => texts.forEach((text) => expect(shown[i]).toHaveTextContent(text)));
}

describe('workbench', () => {
  it('is the page whose summary the boot asks for once the session has settled (not before), into the app’s query client', async () => {
    signIn();
    const api = mockApi({ [WORKBENCH_PATH]: () => workbench({ unreadWarnings: 3 }) });
    const { queryKey } = workbenchQueryOptions();
    try {
      // Before the session has settled, the boot loads the code that asks for the summary, and asks for nothing.
      preloadRoute('/');
      await import('../api/get-workbench');
      await vi.dynamicImportSettled();
      expect(api.calls).toEqual([]);
      // A page that names no first data asks for nothing; the workbench's summary is on its way once the boot's
      // request resolves (the boot renders after it), and lands in the query client.
      await preloadRouteData('/orders/sale');
      await preloadRouteData('/');
      expect(api.calls.map((c) => c.path)).toEqual([WORKBENCH_PATH]);
      await vi.waitFor(() => expect(queryClient.getQueryData(queryKey)).toMatchObject({ unreadWarnings: 3 }));
      expect(api.calls.map((c) => c.path)).toEqual([WORKBENCH_PATH]);
    } finally {
      queryClient.removeQueries({ queryKey });
    }
  });

  it('greets the user and shows the enterprise’s counts, latest warnings (one unread) and no pending task', async () => {
    signIn();
    mockApi({
      [WORKBENCH_PATH]: () =>
        workbench({
          unreadWarnings: 1,
          latestWarnings: [
            { id: 2, warn_gen_dt: '2026-11-02T08:00:00.000Z', warn_rule: '企业新增被执行人', isRead: false },
            { id: 1, warn_gen_dt: '2026-11-01T08:00:00.000Z', warn_rule: '企业新增法院公告', isRead: true },
          ],
        }),
    });
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: /张伟/ })).toBeInTheDocument();
    expect(screen.getByText(/华东金属贸易有限公司 · 今天是/)).toBeInTheDocument();

    const overview = await screen.findByRole('region', { name: '业务概览' });
    expect(within(overview).getByRole('link', { name: '销售订单: 12' })).toHaveAttribute('href', '/orders/sale');
    expect(within(overview).getByRole('link', { name: '合同: 25' })).toHaveAttribute('href', '/contracts');
    expect(within(overview).getByRole('link', { name: '待处理入库通知: 6' })).toHaveAttribute('href', '/warehouse/regulated');
    expect(within(overview).getAllByRole('link')).toHaveLength(9);

    expectListItems('最新预警', [
      ['企业新增被执行人', '未读'],
      ['企业新增法院公告', '已读'],
    ]);
    expect(screen.getByText('未读预警 1 条')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看全部' })).toHaveAttribute('href', '/risk/warnings');

    expect(screen.getByText('暂无待办任务')).toBeInTheDocument();
    expect(screen.getByText('共 0 项')).toBeInTheDocument();
  });

  it('writes today’s date in full as each language does (as Intl’s full date style writes it)', async () => {
    signIn();
    mockApi({ [WORKBENCH_PATH]: () => workbench({}) });
    for (const [lang, locale] of [
      ['zh', 'zh-CN'],
      ['en', 'en-GB'],
      ['es', 'es-ES'],
    ] as const) {
      await changeLanguage(lang);
      const { unmount } = renderRoute('/');
      await screen.findByRole('region', { name: /./ });
      expect(document.body).toHaveTextContent(new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(new Date()));
      unmount();
    }
  });

  it('shows an approver only the areas the server counted, links only those they may open, and their tasks', async () => {
    signIn({ userId: 'demo-a-approver', name: '周敏', roles: ['approver'] });
    // The server counted goods too, an area an approver cannot open: its card shows without a link.
    const none = { salesOrders: null, purchaseOrders: null, inStorageNotices: null, deliveryInstructions: null, addresses: null };
    mockApi({
      [WORKBENCH_PATH]: () =>
        workbench({
          counts: { ...workbench().counts, ...none },
          pendingTasks: [
            {
              processInstanceId: 42,
              businessType: 'contract',
              businessCode: 'CGHT-20261101-00009',
              taskName: '业务审核',
              startTime: '2026-11-01T02:00:00.000Z',
            },
            {
              processInstanceId: 43,
              businessType: 'loan',
              businessCode: 'DK-20261101-00011',
              taskName: '风控审核',
              startTime: '2026-11-02T02:00:00.000Z',
            },
          ],
        }),
    });
    renderRoute('/');

    const overview = await screen.findByRole('region', { name: '业务概览' });
    expect(
      within(overview)
        .getAllByRole('link')
        .map((a) => a.getAttribute('aria-label')),
    ).toEqual(['项目: 3', '合同: 25', '链资贷款申请: 4']);
    expect(within(overview).queryByText('销售订单')).not.toBeInTheDocument();
    expect(within(overview).getByText('货品')).toBeInTheDocument();
    // No risk permission: the warnings have no "view all".
    expect(screen.queryByRole('link', { name: '查看全部' })).not.toBeInTheDocument();
    expect(screen.getByText('暂无预警消息')).toBeInTheDocument();

    expectListItems('待办任务', [
      ['业务审核', '合同', 'CGHT-20261101-00009'],
      ['风控审核', '贷款申请', 'DK-20261101-00011'],
    ]);
    expect(screen.getByText('共 2 项')).toBeInTheDocument();
  });

  it('says the figures failed to load with the server’s message, and shows them after 重试', async () => {
    signIn();
    let fail = true;
    mockApi({ [WORKBENCH_PATH]: () => (fail ? refuse(40300, '只能访问本企业的数据') : workbench()) });
    const user = setupUser();
    renderRoute('/');

    expect(await screen.findByText('工作台数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('只能访问本企业的数据')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByRole('link', { name: '销售订单: 12' })).toBeInTheDocument();
  });
});
