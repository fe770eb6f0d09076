// The top menus of spec 2.2 the user may see; a click opens the menu's first page the user may open.
import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isTopMenuKey } from './menu-keys';
import { menuEntryPath, useAccess } from '../routes/access';
import type { TopMenuKey } from '@tfb/contract';

export function TopMenu({ activeMenu }: { activeMenu: TopMenuKey | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useAccess();
  return (
    <Menu
      className="top-menu"
      theme="dark"
      mode="horizontal"
      aria-label={t('header.home')}
      selectedKeys={activeMenu ? [activeMenu] : []}
      items={access.topMenus.map((key) => ({ key, label: t(`menu.${key}`) }))}
      onClick={({ key }) => {
        if (!isTopMenuKey(key)) return;
        const target = menuEntryPath(access, key);
        if (target) navigate(target);
      }}
    />
  );
}
