// The navigation shell: header with top menus, the selected menu's sidebar, breadcrumb, tab views and
// the pages (kept alive per tab).
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Layout, Tooltip } from 'antd';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { SessionUser } from '@tfb/contract';
import { leaveConfirmation, setMindMapEditing, shouldConfirmClose } from '../../lib/leave-guard';
import { readSidebarOpen, writeSidebarOpen } from '../../lib/sidebar-state';
import { useAccess } from '../routes/access';
import { findRoute } from '../routes/route-table';
import { tabRules } from '../tabs/tab-rules';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, restoreTabs, type CloseResult } from '../tabs/tabs-model';
import { createTabsStore, useTabsState } from '../tabs/tabs-store';
import { AppHeader } from './app-header';
import { BreadcrumbBar } from './breadcrumb-bar';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { SideMenu } from './side-menu';
import { TabsBar, type TabActions } from './tabs-bar';

const { Sider, Content } = Layout;

export function AppLayout({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const access = useAccess();
  const location = useLocation();
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const [store] = useState(() => createTabsStore());
  const tabsState = useTabsState(store);
  const [sidebarOpen, setSidebarOpen] = useState(readSidebarOpen);

  const rules = useMemo(() => tabRules(access), [access]);
  const current = findRoute(location.pathname);
  const activePath = current && rules.isAllowed(current.node.path) ? current.node.path : null;
  const fullPath = `${location.pathname}${location.search}`;

  // Every visit opens (or updates) its tab; the saved list is re-checked against the user's access first.
  useLayoutEffect(() => {
    const checked = restoreTabs(store.getState().tabs, rules);
    store.setTabs(activePath ? openTab(checked, { path: activePath, fullPath }) : checked);
  }, [store, rules, activePath, fullPath]);

  // Each page starts at the top; going back to a kept-alive tab returns to where the user left it.
  const scrollByPage = useRef(new Map<string, number>());
  const shownFullPath = useRef(fullPath);
  useLayoutEffect(() => {
    const previous = shownFullPath.current;
    if (previous === fullPath) return;
    scrollByPage.current.set(previous, window.scrollY);
    shownFullPath.current = fullPath;
    const keepAlive = current?.node.meta.keepAlive && !current.node.meta.noCache;
    window.scrollTo(0, keepAlive ? (scrollByPage.current.get(fullPath) ?? 0) : 0);
  }, [fullPath, current]);

  const tabs = useMemo(() => restoreTabs(tabsState.tabs, rules), [tabsState.tabs, rules]);
  const shownPath = activePath ?? '';

  // A close that drops a page holding unsaved edits asks first (spec 2.1); confirmed, those pages' flags are
  // cleared so the navigation that follows is not asked again.
  const applyClose = (r: CloseResult) => {
    const apply = () => {
      store.setTabs(r.tabs);
      if (r.navigateTo) navigate(r.navigateTo);
    };
    const closed = tabs.filter((x) => !r.tabs.some((kept) => kept.path === x.path)).map((x) => x.path);
    if (!shouldConfirmClose(closed)) return apply();
    modal.confirm({
      ...leaveConfirmation(t),
      onOk: () => {
        for (const path of closed) setMindMapEditing(path, false);
        apply();
      },
    });
  };

  const actions: TabActions = {
    close: (path) => applyClose(closeTab(tabs, path, shownPath, rules)),
    closeOthers: (path) => applyClose(closeOtherTabs(tabs, path, shownPath, rules)),
    closeAll: () => applyClose(closeAllTabs(tabs, shownPath, rules)),
    refresh: (path) => {
      store.refresh(path);
      const tab = tabs.find((x) => x.path === path);
      if (tab && path !== activePath) navigate(tab.fullPath);
    },
  };

  const toggleSidebar = () => {
    writeSidebarOpen(!sidebarOpen);
    setSidebarOpen(!sidebarOpen);
  };

  return (
    <Layout className="app-layout">
      <AppHeader user={user} activeMenu={current?.node.meta.menu} />
      <Layout hasSider className="app-body">
        <Sider
          className="app-sider"
          theme="light"
          width={232}
          collapsedWidth={64}
          collapsible
          collapsed={!sidebarOpen}
          trigger={null}
          aria-label={t('header.home')}
        >
          <SideMenu
            activeMenu={current?.node.meta.menu}
            currentPath={current?.node.path ?? location.pathname}
            ancestors={current?.ancestors ?? []}
            collapsed={!sidebarOpen}
          />
        </Sider>
        <Layout className="app-main">
          <div className="app-toolbar">
            <Tooltip title={sidebarOpen ? t('header.collapseSidebar') : t('header.expandSidebar')}>
              <Button
                type="text"
                className="app-toolbar__toggle"
                icon={sidebarOpen ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
                onClick={toggleSidebar}
                aria-label={sidebarOpen ? t('header.collapseSidebar') : t('header.expandSidebar')}
                aria-expanded={sidebarOpen}
              />
            </Tooltip>
            <BreadcrumbBar found={current} />
          </div>
          <TabsBar tabs={tabs} activePath={activePath} rules={rules} actions={actions} />
          <Content className="app-content">
            <KeepAliveOutlet tabs={tabs} activePath={activePath} generations={tabsState.generations} />
          </Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
