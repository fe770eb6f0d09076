// Tab views (spec 2.2): one tab per visited page; close, close others, close all and refresh from a
// right-click menu on a tab or from the buttons at the end of the bar. Affix tabs cannot be closed.
import { CloseCircleOutlined, CloseOutlined, DownOutlined, ReloadOutlined, VerticalAlignMiddleOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Tabs, Tooltip, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { findRoute } from '../routes/route-table';
import type { TabRules, TabView } from '../tabs/tabs-model';

export type TabActions = {
  select: (path: string) => void;
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

  const items = tabs.map((tab) => {
    const titleKey = findRoute(tab.path)?.node.meta.title ?? '';
    return {
      key: tab.path,
      closable: !rules.isAffix(tab.path),
      label: (
        <Dropdown trigger={['contextMenu']} menu={menuFor(tab.path)}>
          <span className="tabs-bar__label" data-path={tab.path}>
            {t(titleKey)}
          </span>
        </Dropdown>
      ),
    };
  });

  return (
    <div className="tabs-bar" role="navigation" aria-label={t('tabs.label')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        // Each closable tab's close button, named in the user's language (antd's default name is 'remove').
        locale={{ removeAriaLabel: t('tabs.closeTab') }}
        activeKey={activePath ?? ''}
        items={items}
        onChange={actions.select}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') actions.close(key);
        }}
        tabBarExtraContent={{
          right: (
            <Space.Compact className="tabs-bar__tools">
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
            </Space.Compact>
          ),
        }}
      />
    </div>
  );
}
