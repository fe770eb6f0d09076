// The sidebar: the pages of the selected top menu the user may open (grouped as the route table says).
// On the workbench, which belongs to no top menu, it lists the workbench and the top menus themselves.
import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TopMenuKey } from '@tfb/contract';
import { routeIcon, topMenuIcon } from '../../components/route-icon';
import { menuEntryPath, useAccess } from '../routes/access';
import { WORKBENCH_PATH, type AppRoute } from '../routes/route-table';

type MenuItem = Required<MenuProps>['items'][number];

type Props = {
  activeMenu: TopMenuKey | undefined;
  currentPath: string;
  ancestors: readonly AppRoute[];
  collapsed: boolean;
};

const MENU_KEY_PREFIX = 'menu:';

export function SideMenu({ activeMenu, currentPath, ancestors, collapsed }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();

  const pageItem = (node: AppRoute): MenuItem => ({ key: node.path, icon: routeIcon(node.meta.icon), label: t(node.meta.title) });

  const pageItems = (nodes: readonly AppRoute[]): MenuItem[] => {
    const visible = nodes.filter((n) => n.kind === 'page' && !n.meta.hidden);
    if (!visible.some((n) => n.meta.section)) return visible.map(pageItem);
    const sections: { key: string; nodes: AppRoute[] }[] = [];
    for (const n of visible) {
      const key = n.meta.section ?? '';
      const last = sections[sections.length - 1];
      if (last && last.key === key) last.nodes.push(n);
      else sections.push({ key, nodes: [n] });
    }
    return sections.map((s) => ({
      type: 'group',
      key: `section:${s.key}:${s.nodes[0]?.path ?? ''}`,
      label: t(s.key),
      children: s.nodes.map(pageItem),
    }));
  };

  // A page of a menu the user cannot see (its guard shows 403) gets the overview list too.
  const menu = activeMenu && access.topMenus.includes(activeMenu) ? activeMenu : undefined;
  let items: MenuItem[];
  if (!menu) {
    items = [
      { key: WORKBENCH_PATH, icon: routeIcon('home'), label: t('route.workbench') },
      { type: 'divider' },
      ...access.topMenus.map((k) => ({ key: `${MENU_KEY_PREFIX}${k}`, icon: topMenuIcon(k), label: t(`menu.${k}`) })),
    ];
  } else {
    const groups = access.tree.filter((n) => n.meta.menu === menu && n.kind === 'group');
    items =
      groups.length === 1
        ? pageItems(groups[0]!.children ?? [])
        : groups.map((g) => ({ key: g.path, icon: routeIcon(g.meta.icon), label: t(g.meta.title), children: pageItems(g.children ?? []) }));
  }

  // A sub-page (add, edit, detail) lights up the page it belongs to.
  const parentPage = [...ancestors].reverse().find((a) => a.kind === 'page');
  const selectedKeys = [parentPage ? parentPage.path : currentPath];

  const currentGroup = ancestors.find((a) => a.kind === 'group')?.path;
  const defaultOpen = !collapsed && currentGroup ? [currentGroup] : [];
  const [openState, setOpenState] = useState<{ group: string | undefined; collapsed: boolean; keys: string[] }>({
    group: currentGroup,
    collapsed,
    keys: defaultOpen,
  });
  const openKeys = openState.group === currentGroup && openState.collapsed === collapsed ? openState.keys : defaultOpen;

  return (
    <Menu
      className="side-menu"
      mode="inline"
      items={items}
      selectedKeys={selectedKeys}
      openKeys={openKeys}
      onOpenChange={(keys) => setOpenState({ group: currentGroup, collapsed, keys })}
      onClick={({ key }) => {
        if (key.startsWith(MENU_KEY_PREFIX)) {
          const target = menuEntryPath(access, key.slice(MENU_KEY_PREFIX.length) as TopMenuKey);
          if (target) navigate(target);
        } else {
          navigate(key);
        }
      }}
    />
  );
}
