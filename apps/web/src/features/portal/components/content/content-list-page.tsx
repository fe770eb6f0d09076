// The list of a content type of a site, from its definition: search by title, status and column; the inList fields,
// the status (and review), the last change and who made it; the selected rows published (submitted for approval)
// or withdrawn in one batch call, which says what it did and what it refused and why; a sortable type's rows dragged
// into place, or moved up and down with buttons (the keyboard's and screen readers' way), the new order shown at
// once and sent (the old one back, with the error, when refused). Types with their own pages open them; the
// others (banners, layout slots) add, edit and show an item in a drawer.
import { ArrowDownOutlined, ArrowUpOutlined, RollbackOutlined, SendOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, TreeSelect, Typography, type TableColumnType } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CONTENT_BATCH_MAX, CONTENT_MESSAGES, CONTENT_STATUSES, SLOT_KINDS, type ContentRow, type ContentStatus } from '@tfb/contract';
import { formatDateTime } from '../../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../../components/business/list-page';
import { recordPageOptions } from '../../../../components/business/record-api';
import { useRowDrag } from '../../../../components/widgets/row-drag';
import { ApiError } from '../../../../lib/api-client';
import { contractMessage } from '../../../../lib/form-rules';
import { contentEndpoint, useContentActions, type ContentListParams } from '../../api/content';
import { useContentAccess } from './content-access';
import type { ReviewSlot } from './content-detail';
import { ContentDrawer, type DrawerState } from './content-drawer';
import { ContentStatusTags } from './content-status';
import { ContentValue } from './content-value';
import { defOf, type ContentScreen } from './content-model';
import { columnTreeOptions, useSiteColumns } from './site-columns';

/** `rows` in the order of `ids` (rows not named keep their place after them). */
const inOrder = (rows: readonly ContentRow[], ids: readonly number[]): ContentRow[] => {
  const place = new Map(ids.map((id, i) => [id, i]));
  return [...rows].sort((a, b) => (place.get(a.id) ?? ids.length) - (place.get(b.id) ?? ids.length));
};

type SearchValues = { keyword?: string; status?: ContentStatus; columnId?: number };
type BatchResult = { action: 'publish' | 'withdraw'; done: number[]; refused: { id: number; message: string }[] };

export type ContentListPageProps = { screen: ContentScreen; title: string; review?: ReviewSlot };

export function ContentListPage({ screen, title, review }: ContentListPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const def = defOf(screen.type);
  const scope = { site: screen.site, type: screen.type };
  const { canWrite } = useContentAccess(screen.site);
  const { columns: siteColumns } = useSiteColumns(screen.site);
  const list = useListState<SearchValues>({});
  const sortable = def.sortable === true;
  // A sortable type is ordered as a whole: its items are listed on one page, the order the reorder sends.
  const page = sortable ? { pageNumber: list.page.pageNumber, pageSize: CONTENT_BATCH_MAX } : list.page;
  const params: ContentListParams = {
    ...page,
    title: list.filters.keyword,
    status: list.filters.status,
    columnId: list.filters.columnId,
    ...(screen.slotKind ? { slotKind: screen.slotKind } : {}),
  };
  const query = useQuery(recordPageOptions(contentEndpoint(scope), params));
  const actions = useContentActions(scope);
  // While a new order is being saved (and the list read again) the list shows it; refused, the list's own is back.
  const saving = actions.order.isPending ? actions.order.variables : undefined;
  const rows = saving ? inOrder(query.data?.content ?? [], saving) : (query.data?.content ?? []);
  // The order sent is the whole list's: only a list on one page, unfiltered, can be reordered.
  const whole = query.data !== undefined && query.data.totalElements === rows.length;
  const reorderable = sortable && canWrite && whole && !list.filtered && !actions.order.isPending;
  const [selected, setSelected] = useState<number[]>([]);
  const [result, setResult] = useState<BatchResult | null>(null);
  const [drawer, setDrawer] = useState<DrawerState>(null);
  const pages = screen.addresses.detail !== undefined;
  const slot = screen.slotKind ? SLOT_KINDS[screen.slotKind] : undefined;

  const open = (id: number) => (pages ? navigate(`${screen.addresses.detail}?id=${id}`) : setDrawer({ mode: 'view', id }));
  const edit = (id: number) => (pages ? navigate(`${screen.addresses.edit}?id=${id}`) : setDrawer({ mode: 'edit', id }));
  const create = () => (pages ? navigate(screen.addresses.add!) : setDrawer({ mode: 'add' }));

  const batch = async (action: 'publish' | 'withdraw') => {
    try {
      const r = await actions.batch.mutateAsync({ action, ids: selected });
      setResult({ action, ...r });
      setSelected([]);
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };
  const reorder = (ids: number[]) =>
    actions.order.mutate(ids, {
      onError: (err) => {
        if (err instanceof ApiError && !err.handled) void message.error(err.message);
      },
    });
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder(ids);
  };
  const drag = useRowDrag({ rows, keyOf: (r: ContentRow) => r.id, onMove: reorder, disabled: !reorderable });
  const titleOf = (id: number) => rows.find((r) => r.id === id)?.title ?? `#${id}`;

  const own: TableColumnType<ContentRow>[] = def.fields
    .filter((f) => f.inList && f.key !== 'title' && f.key !== 'sortOrder' && !(screen.slotKind && f.key === 'slotKind'))
    .map((f) => ({
      title: t(f.label),
      key: f.key,
      render: (_: unknown, row: ContentRow) =>
        f.widget === 'column' ? (
          (row.columnName ?? '—')
        ) : (
          <ContentValue
            field={f}
            value={row.listData[f.key]}
            context={{ columnName: (id) => siteColumns.find((c) => c.id === id)?.name }}
          />
        ),
    }));
  const columns: TableColumnType<ContentRow>[] = [
    ...(sortable && canWrite
      ? [
          {
            title: t('portal.content.order'),
            key: 'order',
            width: 110,
            render: (_: unknown, row: ContentRow, index: number) => (
              <Flex gap={2} align="center">
                {drag.handle(row, t('portal.content.dragSort', { title: row.title }))}
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('portal.content.moveUp', { title: row.title })}
                  disabled={index === 0 || !reorderable}
                  onClick={() => move(index, -1)}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('portal.content.moveDown', { title: row.title })}
                  disabled={index === rows.length - 1 || !reorderable}
                  onClick={() => move(index, 1)}
                />
              </Flex>
            ),
          },
        ]
      : []),
    {
      title: t('portal.field.title'),
      key: 'title',
      // A real link where the item has a page (it opens in a new tab too), a button where it opens in the drawer.
      render: (_, row) =>
        pages ? (
          <Link to={`${screen.addresses.detail}?id=${row.id}`}>{row.title}</Link>
        ) : (
          <Button type="link" size="small" className="portal-content__title-button" onClick={() => open(row.id)}>
            {row.title}
          </Button>
        ),
    },
    ...own,
    {
      title: t('biz.common.status'),
      key: 'status',
      width: 150,
      render: (_, row) => <ContentStatusTags status={row.status} reviewState={row.reviewState} />,
    },
    { title: t('portal.content.updated'), dataIndex: 'updateTime', width: 150, render: (s: string) => formatDateTime(s) },
    { title: t('portal.content.user'), dataIndex: 'changeUserName', width: 110 },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 120,
      render: (_, row) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => open(row.id)}>
            {t('biz.common.view')}
          </Button>
          {canWrite && row.reviewState !== 'pending' && !(def.lockedAfterPublish && row.liveVersion !== null) ? (
            <Button type="link" size="small" onClick={() => edit(row.id)}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  const toolbar = canWrite ? (
    <Flex vertical gap={8}>
      <Flex gap={8} align="center">
        <Button
          icon={<SendOutlined />}
          disabled={selected.length === 0}
          loading={actions.batch.isPending}
          onClick={() => void batch('publish')}
        >
          {t('portal.content.batchPublish')}
        </Button>
        <Button
          icon={<RollbackOutlined />}
          disabled={selected.length === 0}
          loading={actions.batch.isPending}
          onClick={() => void batch('withdraw')}
        >
          {t('portal.content.batchWithdraw')}
        </Button>
        {selected.length ? (
          <Typography.Text type="secondary">{t('portal.content.selected', { count: selected.length })}</Typography.Text>
        ) : null}
        {sortable && query.data && !whole ? (
          <Typography.Text type="secondary">{t('portal.content.orderWholeOnly', { max: CONTENT_BATCH_MAX })}</Typography.Text>
        ) : null}
      </Flex>
      {result ? (
        <Alert
          role="status"
          closable
          onClose={() => setResult(null)}
          type={result.refused.length ? 'warning' : 'success'}
          showIcon
          message={t(`portal.content.batchDone.${result.action}`, { done: result.done.length, refused: result.refused.length })}
          description={
            result.refused.length ? (
              <ul className="portal-content__refused">
                {result.refused.map((r) => (
                  <li key={r.id}>{t('portal.content.refusedLine', { title: titleOf(r.id), message: contractMessage(t, r.message) })}</li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </Flex>
  ) : null;

  const columnFilter = def.columnKinds ? (
    <Form.Item name="columnId" label={t('portal.field.columnId')}>
      <TreeSelect
        allowClear
        showSearch
        treeNodeFilterProp="title"
        treeDefaultExpandAll
        className="biz-list__select"
        treeData={columnTreeOptions(siteColumns, def.columnKinds)}
        placeholder={t('portal.content.allColumns')}
      />
    </Form.Item>
  ) : null;

  return (
    <>
      <ListPage<ContentRow, SearchValues>
        title={title}
        subtitle={slot ? contractMessage(t, CONTENT_MESSAGES.slotColumnsCount(slot.min, slot.max)) : undefined}
        entityName={t(`portal.types.${screen.type}`)}
        createLabel={t('portal.content.create', { name: t(`portal.types.${screen.type}`) })}
        onCreate={canWrite ? create : undefined}
        keywordLabel={t('portal.field.title')}
        searchPlaceholder={t('portal.content.searchTitle')}
        statusOptions={CONTENT_STATUSES.map((s) => ({ value: s, label: t(`portal.status.${s}`) }))}
        filters={columnFilter}
        onSearch={(v) => list.setFilters({ keyword: keywordOf(v.keyword), status: v.status, columnId: v.columnId })}
        query={{
          data: query.data && { ...query.data, content: rows },
          isFetching: query.isFetching,
          error: query.error,
          refetch: query.refetch,
        }}
        list={{ ...list, page }}
        columns={columns}
        rowKey={(row) => row.id}
        rowSelection={
          canWrite
            ? {
                selectedRowKeys: selected,
                onChange: (keys: Key[]) => setSelected(keys as number[]),
                getCheckboxProps: (row) => ({ 'aria-label': row.title }),
              }
            : undefined
        }
        onRow={sortable && canWrite ? drag.onRow : undefined}
        toolbar={toolbar}
        exporter={{ list: contentEndpoint(scope).collection, filter: { ...params, pageNumber: undefined, pageSize: undefined } }}
      />
      {pages ? null : (
        <ContentDrawer
          screen={screen}
          state={drawer}
          onChange={setDrawer}
          review={review}
          {...(screen.slotKind ? { preset: { slotKind: screen.slotKind }, fixed: ['slotKind'] } : {})}
        />
      )}
    </>
  );
}
