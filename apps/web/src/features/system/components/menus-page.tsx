// /system/menus: the enterprise's stored menu list (spec 6: isHidden 1 = shown) with the spec's defaults. It applies
// at each user's next entry and only decides what is shown: the route filter of the web follows it, the server's
// permissions do not; internal and group users keep their limits whatever is stored.
import { useQuery } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, Radio, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnterpriseMenu, SaveMenusBody, TopMenuKey } from '@tfb/contract';
import { tableLoading } from '../../../components/widgets/table-loading';
import { menusQuery, useSaveMenus } from '../api/system-api';
import { errorText, LoadError, SystemPage } from './shared';

type Choice = 'inherit' | 0 | 1;

export function MenusPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useQuery(menusQuery());
  const save = useSaveMenus();
  /** The choices as the user set them (absent: as loaded). */
  const [draft, setDraft] = useState<Record<string, Choice>>({});
  const rows = query.data ?? [];
  const choiceOf = (m: EnterpriseMenu): Choice => draft[m.menuName] ?? (m.stored ? m.isHidden : 'inherit');
  const dirty = Object.keys(draft).length > 0;
  const submit = async (menus: SaveMenusBody['menus'], done: string) => {
    try {
      await save.mutateAsync({ menus });
      setDraft({});
      void message.success(done);
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  const saveAll = () =>
    submit(
      rows.flatMap((m) => {
        const c = choiceOf(m);
        return c === 'inherit' ? [] : [{ menuName: m.menuName as TopMenuKey, isHidden: c }];
      }),
      t('systemSettings.menus.saved'),
    );
  const columns: TableColumnsType<EnterpriseMenu> = [
    { title: t('systemSettings.menus.menu'), dataIndex: 'menuName', width: 160, render: (k: string) => t(`menu.${k}`) },
    { title: t('systemSettings.menus.path'), dataIndex: 'path', width: 200, render: (p: string) => <code>{p}</code> },
    {
      title: t('systemSettings.menus.shown'),
      key: 'shown',
      render: (_, m) => (
        <Radio.Group
          aria-label={t(`menu.${m.menuName}`)}
          optionType="button"
          size="small"
          value={choiceOf(m)}
          onChange={(e) => setDraft((d) => ({ ...d, [m.menuName]: e.target.value as Choice }))}
          options={[
            {
              value: 'inherit',
              label: t('systemSettings.menus.inherit', {
                state: m.defaultShown ? t('systemSettings.menus.defaultShown') : t('systemSettings.menus.defaultHidden'),
              }),
            },
            { value: 1, label: t('systemSettings.menus.show') },
            { value: 0, label: t('systemSettings.menus.hide') },
          ]}
        />
      ),
    },
    {
      title: t('systemSettings.menus.source'),
      key: 'source',
      width: 120,
      render: (_, m) =>
        m.stored ? <Tag color="blue">{t('systemSettings.menus.stored')}</Tag> : <Tag>{t('systemSettings.menus.notStored')}</Tag>,
    },
  ];
  return (
    <SystemPage
      title={t('systemSettings.menus.title')}
      subtitle={t('systemSettings.menus.subtitle')}
      extra={
        <Space>
          <Popconfirm title={t('systemSettings.menus.resetConfirm')} onConfirm={() => submit([], t('systemSettings.menus.saved'))}>
            <Button>{t('systemSettings.menus.reset')}</Button>
          </Popconfirm>
          <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={() => void saveAll()}>
            {t('systemSettings.common.save')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <LoadError error={query.error} retry={() => void query.refetch()} />
        <Table<EnterpriseMenu>
          rowKey="menuName"
          size="middle"
          columns={columns}
          dataSource={rows}
          {...tableLoading(query.isFetching, rows.length)}
          pagination={false}
        />
      </Flex>
    </SystemPage>
  );
}
