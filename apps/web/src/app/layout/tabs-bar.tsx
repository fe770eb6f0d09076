// Tab views (spec 2.2): one tab per visited page; close, close others, close all and refresh from a
// right-click menu on a tab or from the buttons at the end of the bar. Affix tabs cannot be closed.
// The bar is what it does: a navigation landmark listing the open pages as links (the current one marked), each
// with its close button, and a row that scrolls sideways when they outgrow it. (A tab widget would promise tab
// panels and could hold tabs only, neither close buttons nor antd's overflow button.)
import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tooltip, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { findRoute } from '../routes/route-table';
import type { TabRules, TabView } from '../tabs/tabs-model';

export type TabActions = {
  close: (path: string) => void;
  closeOthers: (path: string) => void;
  closeAll: () => void;
  refresh: (path: string) => void;
};

type Props = {
  tabs: readonly TabView[];
  activePath: string | null;
  rules: TabRules;
  actions: TabActions;
};

export function TabsBar({ tabs, activePath, rules, actions }: Props) {
  const { t } = useTranslation();

  const menuFor = (path: string): MenuProps => {
    const closable = !rules.isAffix(path);
    const othersClosable = tabs.some((x) => x.path !== path && !rules.isAffix(x.path));
    const anyClosable = tabs.some((x) => !rules.isAffix(x.path));
    return {
      items: [
        { key: 'refresh', icon: <ReloadOutlined />, label: t('tabs.refresh') },
        { key: 'close', icon: <CloseOutlined />, label: t('tabs.close'), disabled: !closable },
        { key: 'closeOthers', icon: <VerticalAlignMiddleOutlined />, label: t('tabs.closeOthers'), disabled: !othersClosable },
        { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('tabs.closeAll'), disabled: !anyClosable },
      ],
      onClick: ({ key, domEvent }) => {
        domEvent.stopPropagation();
        if (key === 'refresh') actions.refresh(path);
        else if (key === 'close') actions.close(path);
        else if (key === 'closeOthers') actions.closeOthers(path);
        else if (key === 'closeAll') actions.closeAll();
      },
    };
  };

  // The shown page's tab scrolls into view when the row is wider than the bar.
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    listRef.current?.querySelector('[aria-current="page"]')?.closest('li')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath, tabs.length]);

  return (
    <nav className="tabs-bar" aria-label={t('tabs.label')}>
      <ul className="tabs-bar__list" ref={listRef}>
        {tabs.map((tab) => {
          const label = t(findRoute(tab.path)?.node.meta.title ?? '');
          const active = tab.path === activePath;
          return (
            <Dropdown key={tab.path} trigger={['contextMenu']} menu={menuFor(tab.path)}>
              <li className={active ? 'tabs-bar__tab tabs-bar__tab--active' : 'tabs-bar__tab'}>
                <Link to={tab.fullPath} className="tabs-bar__label" aria-current={active ? 'page' : undefined}>
                  {label}
                </Link>
                {rules.isAffix(tab.path) ? null : (
                  <button
                    type="button"
                    className="tabs-bar__close"
                    aria-label={t('tabs.closeTab')}
                    title={t('tabs.closeTab')}
                    onClick={() => actions.close(tab.path)}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                )}
              </li>
            </Dropdown>
          );
        })}
      </ul>
      <Space size={4} className="tabs-bar__tools">
        <Tooltip title={t('tabs.refresh')}>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            aria-label={t('tabs.refresh')}
            disabled={!activePath}
            onClick={() => activePath && actions.refresh(activePath)}
          />
        </Tooltip>
        <Dropdown trigger={['click']} menu={menuFor(activePath ?? '')} disabled={!activePath}>
          <Button size="small" aria-label={t('tabs.actions')}>
            {t('tabs.actions')} <DownOutlined />
          </Button>
        </Dropdown>
      </Space>
    </nav>
  );
}
