// The navigation shell rendered with the real router, real antd and a stubbed server: top menus of
// spec 6, a top menu opening its first page (2.2), tabs, the sidebar cookie (9), the route guard, the
// status pages of 2.1, and titles that switch language without a reload.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { beforeEach, describe, expect, it } from 'vitest';
import { SIDEBAR_COOKIE, type MenuEntry } from '@tfb/contract';
import { changeLanguage, i18n } from '../../lib/i18n';
import { readSidebarOpen, writeSidebarOpen } from '../../lib/sidebar-state';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render';
import { signIn } from '../../test/sign-in';

const menus: MenuEntry[] = [
  { menuName: 'orders', path: '/orders', isHidden: 1 },
  { menuName: 'contracts', path: '/contracts', isHidden: 1 },
  { menuName: 'blockchain', path: '/blockchain', isHidden: 0 },
];

// Named in the language shown.
const topMenu = () => screen.getByRole('menu', { name: i18n.t('header.home') });
const openPages = () => screen.getByRole('navigation', { name: i18n.t('tabs.label') });
// The bar of open pages is a list: an item a page, holding its link and (unless affix) its close button.
const tabLabels = () =>
  within(openPages())
    .queryAllByRole('link')
    .map((el) => el.textContent);
const tabOf = (label: string) =>
  within(openPages())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('link', { name: label })) as HTMLElement;

beforeEach(async () => {
  await changeLanguage('en');
  mockApi();
});

describe('sidebar cookie (spec 9)', () => {
  it('is open unless the sidebarStatus cookie says 0, and writes 1 or 0', () => {
    expect(readSidebarOpen()).toBe(true);
    writeSidebarOpen(false);
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    expect(readSidebarOpen()).toBe(false);
    writeSidebarOpen(true);
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
    expect(readSidebarOpen()).toBe(true);
  });
});

describe('status pages', () => {
  it('shows /404 with a window title that follows the language', async () => {
    renderApp('/404');
    expect(await screen.findByText('404 · Page not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found - Trade Finance Back Office'));

    await act(() => changeLanguage('zh'));
    expect(await screen.findByText('404 · 页面不存在')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('页面不存在 - 供应链金融业务管理平台'));
  });

  it('sends an unknown address to /404', async () => {
    const { router } = renderApp('/no/such/page');
    expect(await screen.findByText('404 · Page not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it("matches the specification's paths exactly: a differently cased address is unknown", async () => {
    const { router } = renderApp('/warehous/crexternallistmanagement');
    expect(await screen.findByText('404 · Page not found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });
});

describe('the signed-in shell', () => {
  beforeEach(() => {
    signIn({ userId: 'u-1', userName: 'zhangsan', name: 'Zhang San', enterpriseName: 'Acme Trading', menus });
  });

  it('shows the top menus the stored list and the defaults allow, in spec order', async () => {
    renderApp('/orders/sale');
    expect(await screen.findByRole('heading', { name: 'Sales orders' })).toBeInTheDocument();
    const items = within(topMenu())
      .getAllByRole('menuitem')
      .map((el) => el.textContent);
    expect(items).toEqual(['Dashboard', 'Orders', 'Contracts', 'Settings', 'Risk', 'Statistics']);
  });

  it('opens the first allowed page of a top menu, with a tab for each visited page', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/orders/sale');
    await screen.findByRole('heading', { name: 'Sales orders' });
    expect(tabLabels()).toEqual(['Workbench', 'Sales orders']);

    await user.click(within(topMenu()).getByRole('menuitem', { name: 'Contracts' }));
    expect(await screen.findByRole('heading', { name: 'Purchase contracts' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contracts/purchase');
    expect(tabLabels()).toEqual(['Workbench', 'Sales orders', 'Purchase contracts']);
    await waitFor(() => expect(document.title).toBe('Purchase contracts - Trade Finance Back Office'));
  });

  it('redirects /dashboard to the portal-website area (spec 2.1)', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Column settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portalWebsite/columnsettings');
  });

  it('closes the shown tab to its neighbour, and "close all" keeps only the affix workbench', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/orders/sale');
    await screen.findByRole('heading', { name: 'Sales orders' });
    await user.click(within(topMenu()).getByRole('menuitem', { name: 'Contracts' }));
    await screen.findByRole('heading', { name: 'Purchase contracts' }, { timeout: 10_000 });

    // Each open page is an item of the bar's list: its link and, unless it is affix, its close button.
    expect(within(tabOf('Workbench')).queryByRole('button', { name: 'Close tab' })).toBeNull();
    expect(within(tabOf('Purchase contracts')).getByRole('link')).toHaveAttribute('aria-current', 'page');
    await user.click(within(tabOf('Purchase contracts')).getByRole('button', { name: 'Close tab' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/sale'));
    expect(tabLabels()).toEqual(['Workbench', 'Sales orders']);

    await user.click(screen.getByRole('button', { name: /Tab actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: /Close all/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(tabLabels()).toEqual(['Workbench']);
  });

  it('refuses a page the roles do not allow, even by address, and opens no tab for it', async () => {
    renderApp('/system/users');
    expect(await screen.findByTestId('forbidden-title')).toHaveTextContent('403 · Access denied');
    expect(tabLabels()).toEqual(['Workbench']);
  });

  it('refuses the pages of a menu the stored list does not show', async () => {
    renderApp('/projects/list');
    expect(await screen.findByTestId('forbidden-title')).toBeInTheDocument();
  });

  it('remembers the sidebar state in the sidebarStatus cookie', async () => {
    const user = userEvent.setup();
    renderApp('/orders/sale');
    await user.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('0');
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(Cookies.get(SIDEBAR_COOKIE)).toBe('1');
  });

  it('starts with the sidebar closed when the cookie says 0', async () => {
    writeSidebarOpen(false);
    renderApp('/orders/sale');
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('switches menus, tabs and the window title to another language without a reload', async () => {
    renderApp('/orders/sale');
    await screen.findByRole('heading', { name: 'Sales orders' });
    await act(() => changeLanguage('zh'));
    expect(within(topMenu()).getByRole('menuitem', { name: '订单' })).toBeInTheDocument();
    expect(tabLabels()).toEqual(['工作台', '销售订单']);
    await waitFor(() => expect(document.title).toBe('销售订单 - 供应链金融业务管理平台'));
  });
});
