// /system/roles: the roles of the permission table (a code table the server enforces), each with its permissions and
// the users of the enterprise holding it. Read-only: roles are assigned on /system/users.
import { useQuery } from '@tanstack/react-query';
import { Flex, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type SystemRole } from '@tfb/contract';
import { tableLoading } from '../../../components/widgets/table-loading';
import { rolesQuery } from '../api/system-api';
import { LoadError, SystemPage } from './shared';

export function RolesPage() {
  const { t } = useTranslation();
  const query = useQuery(rolesQuery());
  const permission = (p: string) => {
    const [area, action] = p.split(':');
    return `${t(`systemSettings.areas.${area}`)} · ${t(`systemSettings.actions.${action}`)}`;
  };
  const columns: TableColumnsType<SystemRole> = [
    { title: t('systemSettings.roles.role'), dataIndex: 'role', width: 170, render: (r: string) => t(`systemSettings.roleNames.${r}`) },
    { title: t('systemSettings.roles.code'), dataIndex: 'role', width: 170, render: (r: string) => <code>{r}</code> },
    {
      title: t('systemSettings.roles.permissions'),
      dataIndex: 'permissions',
      render: (ps: string[]) =>
        ps.length === PERMISSIONS.length ? (
          <Tag color="red">{t('systemSettings.roles.allPermissions')}</Tag>
        ) : (
          <Space size={[4, 4]} wrap>
            {ps.map((p) => (
              <Tag key={p}>{permission(p)}</Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('systemSettings.roles.users'),
      dataIndex: 'users',
      width: 240,
      render: (users: SystemRole['users']) => (users.length ? users.map((u) => u.name).join('、') : t('systemSettings.roles.none')),
    },
  ];
  return (
    <SystemPage title={t('systemSettings.roles.title')} subtitle={t('systemSettings.roles.subtitle')}>
      <Flex vertical gap={12}>
        <LoadError error={query.error} retry={() => void query.refetch()} />
        <Table<SystemRole>
          rowKey="role"
          size="middle"
          columns={columns}
          dataSource={query.data ?? []}
          {...tableLoading(query.isFetching, query.data?.length ?? 0)}
          pagination={false}
          scroll={{ x: 1000 }}
        />
      </Flex>
    </SystemPage>
  );
}
