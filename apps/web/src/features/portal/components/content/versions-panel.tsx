// 版本: every saved version of an item (who, when, what changed, which one is live); two picked versions open their
// diff; restoring a version (asked first) saves it again as a new draft version.
import { DiffOutlined, HistoryOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem, ContentVersion } from '@tfb/contract';
import { formatDateTime } from '../../../../components/business/format';
import { Section } from '../../../../components/business/page-shell';
import { ApiError } from '../../../../lib/api-client';
import { useContentActions, useContentVersions } from '../../api/content';
import { useContentAccess } from './content-access';
import { ServerDiff } from './content-diff';
import { defOf, type ContentScreen } from './content-model';

export function VersionsPanel({ screen, item }: { screen: ContentScreen; item: ContentItem }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const scope = { site: screen.site, type: screen.type };
  const versions = useContentVersions(scope, item.id);
  const { restore } = useContentActions(scope);
  const { canWrite } = useContentAccess(screen.site);
  const [picked, setPicked] = useState<number[]>([]);
  const [diffOpen, setDiffOpen] = useState(false);
  const labelOf = (key: string) => {
    const field = defOf(screen.type).fields.find((f) => f.key === key);
    return field ? t(field.label) : key;
  };
  const mayRestore = (v: ContentVersion) => canWrite && item.reviewState !== 'pending' && v.version !== item.version;

  const askRestore = (v: ContentVersion) =>
    modal.confirm({
      title: t('portal.content.restoreTitle', { version: v.version }),
      content: t('portal.content.restoreConfirm'),
      okText: t('portal.content.restore'),
      cancelText: t('biz.common.cancel'),
      onOk: () =>
        restore
          .mutateAsync({ id: item.id, version: v.version })
          .then(() => {
            void message.success(t('portal.content.restored', { version: v.version }));
            void versions.refetch();
          })
          .catch((err: unknown) => {
            if (err instanceof ApiError && !err.handled) void message.error(err.message);
          }),
    });

  const columns: TableColumnsType<ContentVersion> = [
    {
      title: t('portal.content.version'),
      dataIndex: 'version',
      width: 90,
      render: (v: number, row) => (
        <Flex gap={4} align="center">
          {t('portal.content.versionN', { version: v })}
          {row.live ? <Tag color="success">{t('portal.content.liveTag')}</Tag> : null}
        </Flex>
      ),
    },
    { title: t('portal.field.title'), dataIndex: 'title', ellipsis: true },
    { title: t('portal.content.user'), dataIndex: 'userName', width: 110 },
    { title: t('portal.content.time'), dataIndex: 'time', width: 150, render: (s: string) => formatDateTime(s) },
    {
      title: t('portal.content.changes'),
      key: 'changes',
      render: (_, row) => (
        <Flex vertical gap={2}>
          <span>{row.changedFields.map(labelOf).join('、') || '—'}</span>
          {row.note ? <Typography.Text type="secondary">{row.note}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 90,
      render: (_, row) =>
        mayRestore(row) ? (
          <Button type="link" size="small" icon={<HistoryOutlined />} onClick={() => askRestore(row)}>
            {t('portal.content.restore')}
          </Button>
        ) : null,
    },
  ];
  const [from, to] = [...picked].sort((a, b) => a - b);
  return (
    <Section
      title={t('portal.content.versions')}
      extra={
        <Button icon={<DiffOutlined />} disabled={picked.length !== 2} onClick={() => setDiffOpen(true)}>
          {t('portal.content.compareVersions')}
        </Button>
      }
    >
      {versions.error ? <Alert type="error" showIcon message={versions.error.message} /> : null}
      <Table<ContentVersion>
        rowKey="version"
        size="small"
        loading={versions.isFetching}
        columns={columns}
        dataSource={versions.data ?? []}
        pagination={false}
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys: Key[]) => setPicked((keys as number[]).slice(-2)),
          getCheckboxProps: (row) => ({ 'aria-label': t('portal.content.versionN', { version: row.version }) }),
          hideSelectAll: true,
        }}
      />
      {diffOpen && from !== undefined && to !== undefined ? (
        <Modal open width={900} footer={null} onCancel={() => setDiffOpen(false)} title={t('portal.content.diffTitle')} destroyOnHidden>
          <ServerDiff scope={scope} id={item.id} from={from} to={to} />
        </Modal>
      ) : null}
    </Section>
  );
}
