// One data source: its columns (name, type, role, unit), row count, last refresh and first rows; an uploaded one
// also its file, and (for those who may write) editing its columns, uploading it again and deleting it.
import { Alert, App, Button, Card, Descriptions, Modal, Popconfirm, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatasetField, DatasetSummary, UploadedColumn } from '@tfb/contract';
import { useCan } from '../../../lib/use-can';
import { datasetQueryOptions } from '../api/datasets';
import { uploadedDatasetQueryOptions, useDeleteUpload, useUpdateUpload } from '../api/uploads';
import { ColumnEditor, columnEdits, columnProblems } from './column-editor';
import { PreviewTable } from './preview-table';
import { UploadWizard } from './upload-wizard';
import { useDatasetNames } from '../../../components/charts/names';

type ColumnRow = { key: string; name: string; title: string; type: string; role: string; unit: string | null };

function ColumnsTable({ rows }: { rows: ColumnRow[] }) {
  const { t } = useTranslation();
  return (
    <Table<ColumnRow>
      aria-label={t('dataSources.columns')}
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: t('dataSources.column.name'), dataIndex: 'name' },
        { title: t('dataSources.column.title'), dataIndex: 'title' },
        { title: t('dataSources.column.type'), dataIndex: 'type', width: 100 },
        {
          title: t('dataSources.column.role'),
          dataIndex: 'role',
          width: 100,
          render: (role: string, r) => <Tag color={r.unit === null ? 'blue' : 'gold'}>{role}</Tag>,
        },
        { title: t('dataSources.column.unit'), dataIndex: 'unit', width: 90, render: (u: string | null) => u ?? '—' },
      ]}
    />
  );
}

function useWhen() {
  const { t, i18n } = useTranslation();
  return (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { hour12: false }) : t('dataSources.never'));
}

function BuiltInDetail({ summary }: { summary: DatasetSummary }) {
  const { t } = useTranslation();
  const names = useDatasetNames();
  const when = useWhen();
  const detail = useQuery(datasetQueryOptions(summary.id));
  const typeOf = (f: DatasetField) => t(`dataSources.type.${f.role === 'measure' ? 'number' : (f.kind ?? 'text')}`);
  const rows: ColumnRow[] = summary.fields.map((f) => ({
    key: f.name,
    name: f.name,
    title: names.field(summary, f.name),
    type: typeOf(f),
    role: t(`dataSources.role.${f.role}`),
    unit: f.unit ? names.unit(f.unit) : null,
  }));
  return (
    <Space direction="vertical" size="middle" className="data-sources__detail-body">
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('dataSources.rows')}>{summary.rowCount.toLocaleString()}</Descriptions.Item>
        <Descriptions.Item label={t('dataSources.refreshedAt')}>{when(summary.refreshedAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('dataSources.columns')}</Typography.Title>
      <ColumnsTable rows={rows} />
      <Typography.Title level={5}>{t('dataSources.preview')}</Typography.Title>
      <Typography.Text type="secondary">{t('dataSources.previewAggregated')}</Typography.Text>
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.isError ? (
        <Alert type="error" showIcon message={t('dataSources.loadFailed')} />
      ) : (
        <PreviewTable
          label={t('dataSources.preview')}
          titles={detail.data.preview.columns.map((c) => names.field(summary, c))}
          rows={detail.data.preview.rows}
        />
      )}
    </Space>
  );
}

function UploadedDetail({ summary, onDeleted }: { summary: DatasetSummary; onDeleted: () => void }) {
  const { t } = useTranslation();
  const names = useDatasetNames();
  const { message } = App.useApp();
  const when = useWhen();
  const canWrite = useCan('portalWebsites:write');
  const dataset = useQuery(uploadedDatasetQueryOptions(summary.id));
  const remove = useDeleteUpload();
  const update = useUpdateUpload();
  const [editing, setEditing] = useState<UploadedColumn[] | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [editError, setEditError] = useState<string | null>(null);
  if (dataset.isPending) return <Skeleton active />;
  if (dataset.isError) return <Alert type="error" showIcon message={t('dataSources.loadFailed')} />;
  const d = dataset.data;
  const rows: ColumnRow[] = d.columns.map((c) => ({
    key: c.name,
    name: c.header,
    title: c.title,
    type: t(`dataSources.type.${c.type}`),
    role: t(`dataSources.role.${c.role}`),
    unit: c.unit ? names.unit(c.unit) : null,
  }));
  const saveColumns = async () => {
    if (!editing) return;
    setEditError(null);
    try {
      await update.mutateAsync({ id: d.id, body: { name: d.name, columns: columnEdits(editing) } });
      void message.success(t('dataSources.saved', { name: d.name }));
      setEditing(null);
    } catch (e) {
      setEditError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Space direction="vertical" size="middle" className="data-sources__detail-body">
      {canWrite ? (
        <Space wrap>
          <Button onClick={() => setEditing(d.columns)}>{t('dataSources.editColumns')}</Button>
          <Button onClick={() => setRefreshing(true)}>{t('dataSources.reupload')}</Button>
          <Popconfirm
            title={t('dataSources.deleteConfirm', { name: d.name })}
            okButtonProps={{ danger: true, loading: remove.isPending }}
            onConfirm={async () => {
              try {
                await remove.mutateAsync(d.id);
                void message.success(t('dataSources.deleted', { name: d.name }));
                onDeleted();
              } catch (e) {
                void message.error(e instanceof Error ? e.message : String(e));
              }
            }}
          >
            <Button danger>{t('dataSources.delete')}</Button>
          </Popconfirm>
        </Space>
      ) : null}
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('dataSources.rows')}>{d.rowCount.toLocaleString()}</Descriptions.Item>
        <Descriptions.Item label={t('dataSources.refreshedAt')}>{when(d.refreshedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('dataSources.fileName')}>{d.fileName}</Descriptions.Item>
        <Descriptions.Item label={t('dataSources.uploadedBy')}>{d.createUserName}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('dataSources.columns')}</Typography.Title>
      <ColumnsTable rows={rows} />
      <Typography.Title level={5}>{t('dataSources.preview')}</Typography.Title>
      <PreviewTable label={t('dataSources.preview')} titles={d.columns.map((c) => c.title)} rows={d.rows} />
      <Modal
        open={editing !== null}
        width={900}
        title={t('dataSources.editor.title', { name: d.name })}
        okText={t('dataSources.editor.save')}
        cancelText={t('dataSources.wizard.cancel')}
        okButtonProps={{ disabled: editing === null || columnProblems(editing).length > 0, loading: update.isPending }}
        onOk={() => void saveColumns()}
        onCancel={() => {
          setEditing(null);
          setEditError(null);
        }}
        destroyOnHidden
      >
        {editError ? <Alert type="error" showIcon role="alert" message={editError} className="data-sources__alert" /> : null}
        {editing ? <ColumnEditor value={editing} onChange={setEditing} /> : null}
      </Modal>
      <UploadWizard
        open={refreshing}
        target={{ id: d.id, name: d.name, columns: d.columns }}
        onClose={() => setRefreshing(false)}
        onSaved={(saved) => void message.success(t('dataSources.refreshed', { name: saved.name, count: saved.rowCount }))}
      />
    </Space>
  );
}

export function SourceDetail({ summary, onDeleted }: { summary: DatasetSummary; onDeleted: () => void }) {
  const names = useDatasetNames();
  const { t } = useTranslation();
  return (
    <Card
      className="data-sources__detail"
      role="region"
      aria-label={names.dataset(summary)}
      title={
        <Space>
          <span>{names.dataset(summary)}</span>
          <Tag color={summary.kind === 'uploaded' ? 'green' : 'default'}>{t(`dataSources.kind.${summary.kind}`)}</Tag>
        </Space>
      }
    >
      {summary.kind === 'uploaded' ? (
        <UploadedDetail key={summary.id} summary={summary} onDeleted={onDeleted} />
      ) : (
        <BuiltInDetail key={summary.id} summary={summary} />
      )}
    </Card>
  );
}
