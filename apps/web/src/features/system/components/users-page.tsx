// /system/users: the users of the admin's enterprise (search, table, pager) with their organisation and roles, and
// the dialog that assigns roles. The server enforces the rules (own admin role, last admin, internal and group
// users' roles); the dialog shows the limits and the server's message.
import { SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Flex, Form, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_USER_ROLES, INTERNAL_USER_ROLES, ROLES, SYSTEM_MESSAGES, SYSTEM_PATHS, type SystemUser } from '@tfb/contract';
import { ExportButton } from '../../../components/business/export-button';
import { contractMessage } from '../../../lib/form-rules';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { tableLoading } from '../../../components/widgets/table-loading';
import { useAssignRoles, usersQuery } from '../api/system-api';
import { LoadError, SettingsDialog, SystemPage } from './shared';

export function UsersPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState<string | undefined>();
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [editing, setEditing] = useState<SystemUser | null>(null);
  const query = useQuery({ ...usersQuery(search, page), placeholderData: keepPreviousData });
  const roleName = (r: string) => t(`systemSettings.roleNames.${r}`, { defaultValue: r });
  const columns: TableColumnsType<SystemUser> = [
    { title: t('systemSettings.users.name'), dataIndex: 'name', width: 120 },
    { title: t('systemSettings.users.userName'), dataIndex: 'userName', width: 130 },
    { title: t('systemSettings.users.org'), dataIndex: 'orgName', width: 160, ellipsis: true },
    { title: t('systemSettings.users.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('systemSettings.users.kind'),
      key: 'kind',
      width: 120,
      render: (_, u) => (
        <Space size={4} wrap>
          {u.isInternal
            ? t('systemSettings.users.internal')
            : u.isGroup
              ? t('systemSettings.users.group')
              : t('systemSettings.users.regular')}
          {!u.isActive ? <Tag>{t('systemSettings.users.inactive')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('systemSettings.users.roles'),
      dataIndex: 'roles',
      render: (roles: string[]) => (
        <Space size={[4, 4]} wrap>
          {roles.map((r) => (
            <Tag key={r} color={r === 'admin' ? 'red' : 'blue'}>
              {roleName(r)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('systemSettings.users.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, u) => (
        <Button type="link" size="small" onClick={() => setEditing(u)} aria-label={`${t('systemSettings.users.assign')} ${u.name}`}>
          {t('systemSettings.users.assign')}
        </Button>
      ),
    },
  ];
  return (
    <SystemPage title={t('systemSettings.users.title')} subtitle={t('systemSettings.users.subtitle')}>
      <Flex vertical gap={12}>
        <Form
          layout="inline"
          onFinish={(v: { search?: string }) => {
            setSearch(v.search?.trim() || undefined);
            setPage((p) => ({ ...p, pageNumber: 0 }));
          }}
        >
          <Form.Item name="search" label={t('systemSettings.users.search')}>
            <Input allowClear maxLength={50} style={{ width: 240 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('systemSettings.users.searchButton')}
          </Button>
          <Form.Item style={{ marginInlineStart: 'auto', marginInlineEnd: 0 }}>
            <ExportButton list={SYSTEM_PATHS.users} filter={search ? { search } : {}} sheet={t('systemSettings.users.title')} />
          </Form.Item>
        </Form>
        <LoadError error={query.error} retry={() => void query.refetch()} />
        <Table<SystemUser>
          rowKey="userId"
          size="middle"
          columns={columns}
          dataSource={query.data?.content ?? []}
          {...tableLoading(query.isFetching, query.data?.content.length ?? 0)}
          scroll={{ x: 1000 }}
          pagination={tablePagination(t, page, query.data, setPage, 'systemSettings.users.total')}
        />
      </Flex>
      {editing ? <AssignRolesDialog user={editing} onClose={() => setEditing(null)} /> : null}
    </SystemPage>
  );
}

/** The roles a user may be given: internal and group users keep to their limits (the server holds the same rule). */
const offeredRoles = (u: SystemUser): readonly string[] =>
  u.isInternal ? INTERNAL_USER_ROLES : u.isGroup ? GROUP_USER_ROLES : ROLES.filter((r) => r !== 'internal' && r !== 'group');

export function AssignRolesDialog({ user, onClose }: { user: SystemUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ roles: string[] }>();
  const assign = useAssignRoles();
  return (
    <SettingsDialog<{ roles: string[] }>
      title={t('systemSettings.users.assignTitle', { name: user.name })}
      form={form}
      saving={assign.isPending}
      onSave={async ({ roles }) => {
        await assign.mutateAsync({ userId: user.userId, body: { roles, version: user.version } });
        void message.success(t('systemSettings.users.assigned'));
        onClose();
      }}
      onClose={onClose}
      initialValues={{ roles: user.roles }}
    >
      {user.isInternal || user.isGroup ? (
        <Typography.Paragraph type="secondary">
          {user.isInternal ? t('systemSettings.users.limitsInternal') : t('systemSettings.users.limitsGroup')}
        </Typography.Paragraph>
      ) : null}
      <Form.Item
        name="roles"
        label={t('systemSettings.users.roles')}
        rules={[{ required: true, type: 'array', min: 1, message: contractMessage(t, SYSTEM_MESSAGES.rolesRequired) }]}
      >
        <Checkbox.Group
          options={[...new Set([...offeredRoles(user), ...user.roles])].map((r) => ({
            value: r,
            label: t(`systemSettings.roleNames.${r}`),
          }))}
        />
      </Form.Item>
    </SettingsDialog>
  );
}
