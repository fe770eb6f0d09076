// /system/dictionaries: the platform's dictionary groups and their entries (dictGroupName, dictKey, dictValueName).
// The dictionary call (spec 7.5) reads the stored entries; an edit here drops the group's client cache.
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateDictEntryBodySchema, CreateDictGroupBodySchema, type DictEntryRow, type DictGroup } from '@tfb/contract';
import { formField } from '../../../lib/form-rules';
import { tableLoading } from '../../../components/widgets/table-loading';
import { dictEntriesQuery, dictGroupsQuery, useCreateDictGroup, useDeleteDictEntry, useSaveDictEntry } from '../api/system-api';
import { errorText, LoadError, SettingsDialog, SystemPage } from './shared';

export function DictionariesPage() {
  const { t } = useTranslation();
  const groups = useQuery(dictGroupsQuery());
  const [selected, setSelected] = useState<string | null>(null);
  const [addingGroup, setAddingGroup] = useState(false);
  const group = selected ?? groups.data?.[0]?.name ?? null;
  const columns: TableColumnsType<DictGroup> = [
    { title: t('systemSettings.dictionaries.groupLabel'), dataIndex: 'label' },
    { title: t('systemSettings.dictionaries.groupName'), dataIndex: 'name', render: (n: string) => <code>{n}</code> },
    { title: t('systemSettings.dictionaries.entryCount'), dataIndex: 'entryCount', width: 80, align: 'right' },
  ];
  return (
    <SystemPage title={t('systemSettings.dictionaries.title')} subtitle={t('systemSettings.dictionaries.subtitle')}>
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Card
            size="small"
            title={t('systemSettings.dictionaries.groups')}
            extra={
              <Button size="small" icon={<PlusOutlined />} onClick={() => setAddingGroup(true)}>
                {t('systemSettings.dictionaries.addGroup')}
              </Button>
            }
          >
            <LoadError error={groups.error} retry={() => void groups.refetch()} />
            <Table<DictGroup>
              rowKey="name"
              size="small"
              columns={columns}
              dataSource={groups.data ?? []}
              {...tableLoading(groups.isFetching, groups.data?.length ?? 0)}
              pagination={false}
              rowClassName={(g) => (g.name === group ? 'ant-table-row-selected' : '')}
              onRow={(g) => ({ onClick: () => setSelected(g.name), style: { cursor: 'pointer' } })}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          {group ? (
            <EntriesCard group={group} />
          ) : (
            <Typography.Text type="secondary">{t('systemSettings.dictionaries.chooseGroup')}</Typography.Text>
          )}
        </Col>
      </Row>
      {addingGroup ? (
        <GroupDialog
          onClose={(name) => {
            setAddingGroup(false);
            if (name) setSelected(name);
          }}
        />
      ) : null}
    </SystemPage>
  );
}

function EntriesCard({ group }: { group: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const entries = useQuery(dictEntriesQuery(group));
  const remove = useDeleteDictEntry(group);
  const [editing, setEditing] = useState<DictEntryRow | 'new' | null>(null);
  const columns: TableColumnsType<DictEntryRow> = [
    { title: t('systemSettings.dictionaries.dictKey'), dataIndex: 'dictKey', render: (k: string) => <code>{k}</code> },
    { title: t('systemSettings.dictionaries.dictValueName'), dataIndex: 'dictValueName' },
    { title: t('systemSettings.dictionaries.sort'), dataIndex: 'sort', width: 70, align: 'right' },
    {
      title: t('systemSettings.dictionaries.actions'),
      key: 'actions',
      width: 130,
      render: (_, e) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(e)} aria-label={`${t('systemSettings.common.edit')} ${e.dictKey}`}>
            {t('systemSettings.common.edit')}
          </Button>
          <Popconfirm
            title={t('systemSettings.common.deleteConfirm')}
            onConfirm={() =>
              remove.mutateAsync(e.dictKey).then(
                () => void message.success(t('systemSettings.common.deleted')),
                (err: unknown) => void message.error(errorText(t, err)),
              )
            }
          >
            <Button type="link" size="small" danger aria-label={`${t('systemSettings.common.delete')} ${e.dictKey}`}>
              {t('systemSettings.common.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      size="small"
      title={t('systemSettings.dictionaries.entries', { group })}
      extra={
        <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
          {t('systemSettings.dictionaries.addEntry')}
        </Button>
      }
    >
      <LoadError error={entries.error} retry={() => void entries.refetch()} />
      <Table<DictEntryRow>
        rowKey="dictKey"
        size="small"
        columns={columns}
        dataSource={entries.data ?? []}
        {...tableLoading(entries.isFetching, entries.data?.length ?? 0)}
        pagination={false}
      />
      {editing ? <EntryDialog group={group} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

type EntryValues = { dictKey: string; dictValueName: string; sort: number };

export function EntryDialog({ group, entry, onClose }: { group: string; entry: DictEntryRow | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EntryValues>();
  const save = useSaveDictEntry(group);
  const fields = CreateDictEntryBodySchema.shape;
  return (
    <SettingsDialog<EntryValues>
      title={entry ? t('systemSettings.dictionaries.editEntry') : t('systemSettings.dictionaries.addEntry')}
      form={form}
      saving={save.isPending}
      onSave={async (v) => {
        if (entry)
          await save.mutateAsync({
            key: entry.dictKey,
            update: { dictValueName: v.dictValueName, sort: v.sort ?? 0, version: entry.version },
          });
        else await save.mutateAsync({ create: { dictKey: v.dictKey, dictValueName: v.dictValueName, sort: v.sort ?? 0 } });
        void message.success(t('systemSettings.common.saved'));
        onClose();
      }}
      onClose={onClose}
      initialValues={entry ?? { sort: 0 }}
    >
      <Form.Item name="dictKey" label={t('systemSettings.dictionaries.dictKey')} rules={formField(fields.dictKey, t).rules}>
        <Input disabled={entry !== null} maxLength={100} />
      </Form.Item>
      <Form.Item
        name="dictValueName"
        label={t('systemSettings.dictionaries.dictValueName')}
        rules={formField(fields.dictValueName, t).rules}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="sort" label={t('systemSettings.dictionaries.sort')}>
        <InputNumber min={0} max={9999} precision={0} />
      </Form.Item>
    </SettingsDialog>
  );
}

function GroupDialog({ onClose }: { onClose: (created?: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; label: string }>();
  const create = useCreateDictGroup();
  const fields = CreateDictGroupBodySchema.shape;
  return (
    <SettingsDialog<{ name: string; label: string }>
      title={t('systemSettings.dictionaries.addGroup')}
      form={form}
      saving={create.isPending}
      onSave={async (v) => {
        const g = await create.mutateAsync({ name: v.name.trim(), label: v.label.trim() });
        onClose(g.name);
      }}
      onClose={() => onClose()}
    >
      <Form.Item name="name" label={t('systemSettings.dictionaries.groupName')} rules={formField(fields.name, t).rules}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="label" label={t('systemSettings.dictionaries.groupLabel')} rules={formField(fields.label, t).rules}>
        <Input maxLength={50} />
      </Form.Item>
    </SettingsDialog>
  );
}
