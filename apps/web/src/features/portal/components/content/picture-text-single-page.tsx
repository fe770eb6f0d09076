// 图文单页: the site's single-page columns, each with its page (one per column): create it, edit it or show it in
// a drawer, with its column set by the row.
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_BATCH_MAX, type Column, type ContentRow } from '@tfb/contract';
import { formatDateTime } from '../../../../components/business/format';
import { ListCard } from '../../../../components/business/page-shell';
import { recordPageOptions } from '../../../../components/business/record-api';
import { tableLoading } from '../../../../components/widgets/table-loading';
import { contentEndpoint } from '../../api/content';
import { useContentAccess } from './content-access';
import type { ReviewSlot } from './content-detail';
import { ContentDrawer, type DrawerState } from './content-drawer';
import type { ContentScreen } from './content-model';
import { ContentStatusTags } from './content-status';
import { useSiteColumns } from './site-columns';

type Row = { column: Column; page: ContentRow | undefined };

export function PictureTextSinglePage({ screen, title, review }: { screen: ContentScreen; title: string; review?: ReviewSlot }) {
  const { t } = useTranslation();
  const { canWrite } = useContentAccess(screen.site);
  const { columns, paths, query: tree } = useSiteColumns(screen.site);
  const pages = useQuery(
    recordPageOptions(contentEndpoint({ site: screen.site, type: screen.type }), { pageNumber: 0, pageSize: CONTENT_BATCH_MAX }),
  );
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const [columnId, setColumnId] = useState<number | null>(null);
  const byColumn = new Map((pages.data?.content ?? []).map((p) => [p.columnId, p]));
  const rows: Row[] = columns.filter((c) => c.kind === 'page').map((column) => ({ column, page: byColumn.get(column.id) }));
  const tableColumns: TableColumnsType<Row> = [
    { title: t('portal.field.columnId'), key: 'column', render: (_, r) => paths.get(r.column.id) },
    {
      title: t('portal.field.title'),
      key: 'title',
      render: (_, r) =>
        r.page ? (
          <Typography.Link onClick={() => setDrawer({ mode: 'view', id: r.page!.id })}>{r.page.title}</Typography.Link>
        ) : (
          <Typography.Text type="secondary">{t('portal.content.noPage')}</Typography.Text>
        ),
    },
    {
      title: t('biz.common.status'),
      key: 'status',
      render: (_, r) => (r.page ? <ContentStatusTags status={r.page.status} reviewState={r.page.reviewState} /> : '—'),
    },
    {
      title: t('portal.content.updated'),
      key: 'updated',
      render: (_, r) => (r.page ? `${r.page.changeUserName} ${formatDateTime(r.page.updateTime)}` : '—'),
    },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      render: (_, r) => (
        <Flex gap={4}>
          {r.page ? (
            <Button type="link" size="small" onClick={() => setDrawer({ mode: 'view', id: r.page!.id })}>
              {t('biz.common.view')}
            </Button>
          ) : null}
          {canWrite && r.page && r.page.reviewState !== 'pending' ? (
            <Button type="link" size="small" onClick={() => setDrawer({ mode: 'edit', id: r.page!.id })}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
          {canWrite && !r.page ? (
            <Button
              type="link"
              size="small"
              onClick={() => {
                setColumnId(r.column.id);
                setDrawer({ mode: 'add' });
              }}
            >
              {t('portal.content.createPage')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  const loading = tree.isFetching || pages.isFetching;
  return (
    <ListCard title={title} extra={null}>
      <Table<Row>
        rowKey={(r) => r.column.id}
        columns={tableColumns}
        dataSource={rows}
        pagination={false}
        {...tableLoading(loading, rows.length, t('portal.content.noPageColumns'))}
      />
      <ContentDrawer
        screen={screen}
        state={drawer}
        onChange={setDrawer}
        review={review}
        preset={columnId === null ? {} : { columnId }}
        fixed={['columnId']}
      />
    </ListCard>
  );
}
