// 专题栏目 and 子栏目: the site's topic columns, or its columns below the top level, with how many items of each
// type use each (one call for the whole tree); a site administrator edits one in a dialog (the column settings'
// form, saved through the column call against the version read). The whole tree is edited in column settings.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Modal, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CONTENT_TYPES,
  CONTENT_TYPE_DEFS,
  ColumnReplySchema,
  PORTAL_MESSAGES,
  portalAccess,
  portalPaths,
  type Column,
  type ColumnUsage,
  type ContentTypeDef,
  type PortalSite,
} from '@tfb/contract';
import { ListCard } from '../../../../components/business/page-shell';
import { isStaleVersionError } from '../../../../components/business/stale-version';
import { tableLoading } from '../../../../components/widgets/table-loading';
import { api, ApiError } from '../../../../lib/api-client';
import { contractMessage } from '../../../../lib/form-rules';
import { useCan } from '../../../../lib/use-can';
import { ColumnForm } from '../column-form';
import type { ColumnValues } from '../column-tree-model';
import { columnUsageQueryOptions } from '../../api/column-usage';
import { useSiteColumns } from './site-columns';

const typesOf = (column: Column) =>
  CONTENT_TYPES.filter((type) => (CONTENT_TYPE_DEFS[type] as ContentTypeDef).columnKinds?.includes(column.kind as 'list'));

/** How many items of each type use the column (types in their usual order); "—" for a kind that takes none. */
function ItemCounts({ column, usage }: { column: Column; usage: readonly ColumnUsage[] | undefined }) {
  const { t } = useTranslation();
  if (usage === undefined) return null;
  const used = usage.filter((u) => u.columnId === column.id).sort((a, b) => CONTENT_TYPES.indexOf(a.type) - CONTENT_TYPES.indexOf(b.type));
  if (used.length === 0) return <>{typesOf(column).length === 0 ? '—' : '0'}</>;
  return (
    <Flex gap={4} wrap>
      {used.map((u) => (
        <Tag key={u.type} variant="filled">
          {t(`portal.types.${u.type}`)} {u.count}
        </Tag>
      ))}
    </Flex>
  );
}

function EditColumnDialog({ site, column, onClose }: { site: PortalSite; column: Column; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ColumnValues>(column);
  const [saving, setSaving] = useState(false);
  const [stale, setStale] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await api.put(portalPaths(site).column.replace(':id', String(column.id)), {
        body: { ...values, sortOrder: column.sortOrder, version: column.version },
        schema: ColumnReplySchema.shape.data,
      });
      void message.success(t('portal.content.columnSaved'));
      void queryClient.invalidateQueries({ queryKey: ['portal', site] });
      onClose();
    } catch (err) {
      if (isStaleVersionError(err, PORTAL_MESSAGES.staleColumn)) {
        setStale(true);
        void queryClient.invalidateQueries({ queryKey: ['portal', site, 'columns'] });
      } else if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('portal.content.editColumn', { name: column.name })}
      onCancel={onClose}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
    >
      {stale ? <Alert type="warning" showIcon message={contractMessage(t, PORTAL_MESSAGES.staleColumn)} /> : null}
      <ColumnForm node={{ ...column, key: String(column.id), parentKey: null }} onChange={setValues} />
    </Modal>
  );
}

export type ColumnTablePageProps = { site: PortalSite; title: string; which: 'topic' | 'child'; settingsPath: string };

export function ColumnTablePage({ site, title, which, settingsPath }: ColumnTablePageProps) {
  const { t } = useTranslation();
  const canAdmin = useCan(portalAccess(site).admin);
  const { columns, paths, query } = useSiteColumns(site);
  const usage = useQuery(columnUsageQueryOptions(site));
  const [editing, setEditing] = useState<Column | null>(null);
  const rows = columns.filter((c) => (which === 'topic' ? c.kind === 'topic' : c.parentId !== null));
  const tableColumns: TableColumnsType<Column> = [
    { title: t('portal.column.name'), key: 'name', render: (_, c) => paths.get(c.id) },
    { title: t('portal.column.slug'), dataIndex: 'slug' },
    { title: t('portal.column.kind'), dataIndex: 'kind', render: (k: string) => t(`portal.column.kinds.${k}`) },
    {
      title: t('portal.column.visible'),
      dataIndex: 'visible',
      render: (v: boolean) => (v ? t('portal.content.shown') : t('portal.columns.hidden')),
    },
    { title: t('portal.content.itemCount'), key: 'count', render: (_, c) => <ItemCounts column={c} usage={usage.data} /> },
    ...(canAdmin
      ? [
          {
            title: t('biz.common.actions'),
            key: 'actions',
            render: (_: unknown, c: Column) => (
              <Button type="link" size="small" onClick={() => setEditing(c)}>
                {t('biz.common.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <ListCard title={title} extra={<Link to={settingsPath}>{t('portal.content.toColumnSettings')}</Link>}>
      {[query.error, usage.error].map((error, i) => (error ? <Alert key={i} type="error" showIcon message={error.message} /> : null))}
      <Table<Column> rowKey="id" columns={tableColumns} dataSource={rows} {...tableLoading(query.isFetching, rows.length)} />
      {editing ? <EditColumnDialog site={site} column={editing} onClose={() => setEditing(null)} /> : null}
    </ListCard>
  );
}
