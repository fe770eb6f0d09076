// Tab 1 of a warehouse list: open in-storage notices (isCreate 0) with their first goods lines, the more-goods
// dialog, and print / create-in-storage-order for whoever the list allows.
import { FileAddOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAREHOUSE_PAGES, type InStorageNoticeRow, type WarehouseScope } from '@tfb/contract';
import { useInStorageNotices } from '../api/get-in-storage-notices';
import { useNoticeDetail } from '../api/get-notice-detail';
import { usePrintNotice } from '../api/print-notice';
import { orDash } from './format';
import { GoodsDialog } from './goods-dialog';
import { noticeGoodsColumns } from './goods-columns';
import { GoodsLines } from './goods-lines';
import { INITIAL_LIST_STATE, WarehouseSearch, listPagination, type ListState } from './list-controls';

export type PanelProps = {
  scope: WarehouseScope;
  /** Whether the print / create actions show (spec 6). */
  canAct: boolean;
  /** The second list: the caller's own warehouse and enterprise. */
  warehouseId?: number;
  enterpriseId?: string;
};

function NoticeActions({ id, scope, onCreate }: { id: number; scope: WarehouseScope; onCreate: () => void }) {
  const { t } = useTranslation();
  const print = usePrintNotice(scope);
  return (
    <>
      <Button icon={<PrinterOutlined />} loading={print.isPending} onClick={() => print.mutate(id)}>
        {t('supervision.warehouse.print')}
      </Button>
      <Button type="primary" icon={<FileAddOutlined />} onClick={onCreate}>
        {t('supervision.warehouse.createInStorageOrder')}
      </Button>
    </>
  );
}

export function NoticeGoodsDialog({ id, scope, canAct, onClose }: { id: number | null; scope: WarehouseScope; canAct: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useNoticeDetail(id, scope);
  const d = detail.data;
  return (
    <GoodsDialog
      open={id !== null}
      onClose={onClose}
      title={t('supervision.warehouse.noticeGoodsTitle', { code: d?.code ?? '' })}
      loading={detail.isPending}
      failed={detail.isError}
      header={
        d
          ? [
              { key: 'code', label: t('supervision.warehouse.noticeCode'), children: d.code },
              { key: 'contract', label: t('supervision.warehouse.contractCode'), children: orDash(d.contractRelevanceCode) },
              { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
              { key: 'supervise', label: t('supervision.warehouse.supervisor'), children: orDash(d.superviseName) },
              { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
              { key: 'date', label: t('supervision.warehouse.collectionTime'), children: orDash(d.collectionTime) },
            ]
          : []
      }
      lines={d?.inStorageNoticeGoods ?? []}
      getKey={(l) => l.id}
      columns={noticeGoodsColumns(t, { weight: d?.totalWeight ?? 0, storageNumber: d?.totalStorageNumber ?? 0 }, { withWarehouse: true })}
      actions={
        canAct && d && id !== null ? (
          <Flex justify="end" gap={8}>
            <NoticeActions
              id={id}
              scope={scope}
              onCreate={() => navigate(`${WAREHOUSE_PAGES.createInStorageOrder}?id=${id}&scope=${scope}`)}
            />
          </Flex>
        ) : undefined
      }
    />
  );
}

export function NoticeTable({
  rows,
  loading,
  scope,
  canAct,
  pagination,
  onMore,
}: {
  rows: readonly InStorageNoticeRow[];
  loading: boolean;
  scope: WarehouseScope;
  canAct: boolean;
  pagination: false | ReturnType<typeof listPagination>;
  onMore: (id: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const columns: TableColumnsType<InStorageNoticeRow> = [
    {
      key: 'code',
      title: t('supervision.warehouse.noticeCode'),
      width: 210,
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Typography.Text strong copyable={{ text: r.code }}>
            {r.code}
          </Typography.Text>
          <Typography.Text type="secondary" className="warehouse-cell__sub">
            {t('supervision.warehouse.contractShort')} {orDash(r.contractRelevanceCode)}
          </Typography.Text>
        </Flex>
      ),
    },
    { key: 'enterprise', title: t('supervision.warehouse.enterprise'), dataIndex: 'enterpriseName', width: 180 },
    { key: 'supervise', title: t('supervision.warehouse.supervisor'), width: 130, render: (_, r) => orDash(r.superviseName) },
    { key: 'warehouse', title: t('supervision.warehouse.warehouse'), width: 150, render: (_, r) => orDash(r.warehouseName) },
    { key: 'date', title: t('supervision.warehouse.collectionTime'), width: 120, render: (_, r) => orDash(r.collectionTime) },
    ...(canAct
      ? [
          {
            key: 'actions',
            title: t('supervision.common.actions'),
            width: 250,
            render: (_: unknown, r: InStorageNoticeRow) => (
              <Flex gap={8} wrap>
                <NoticeActions
                  id={r.id}
                  scope={scope}
                  onCreate={() => navigate(`${WAREHOUSE_PAGES.createInStorageOrder}?id=${r.id}&scope=${scope}`)}
                />
              </Flex>
            ),
          },
        ]
      : []),
  ];
  return (
    <Table<InStorageNoticeRow>
      rowKey="id"
      className="warehouse-table"
      columns={columns}
      dataSource={[...rows]}
      loading={loading}
      pagination={pagination}
      // Each row's goods sit under its header, across the whole width (at most 3 lines, more, total).
      expandable={{
        expandedRowRender: (r) => (
          <GoodsLines
            lines={r.inStorageNoticeGoods}
            goodsCount={r.goodsCount}
            getKey={(l) => l.id}
            columns={noticeGoodsColumns(t, { weight: r.totalWeight, storageNumber: r.totalStorageNumber })}
            onMore={() => onMore(r.id)}
          />
        ),
        expandedRowKeys: rows.map((r) => r.id),
        showExpandColumn: false,
        expandedRowClassName: () => 'warehouse-table__goods-row',
      }}
      scroll={{ x: 1000 }}
    />
  );
}

export function NoticePanel({ scope, canAct, warehouseId, enterpriseId }: PanelProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(INITIAL_LIST_STATE);
  const [moreId, setMoreId] = useState<number | null>(null);
  const query = useInStorageNotices({
    scope,
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    blurry: state.blurry,
    collectionTimeL: state.date,
    warehouseId,
    enterpriseId,
  });
  const page = query.data;
  return (
    <Flex vertical gap={16}>
      <WarehouseSearch
        dateLabel={t('supervision.warehouse.collectionTime')}
        placeholder={t('supervision.warehouse.noticeSearchPlaceholder')}
        onSearch={(v) => setState((s) => ({ ...s, blurry: v.blurry, date: v.date, pageNumber: 0 }))}
      />
      <NoticeTable
        rows={page?.content ?? []}
        loading={query.isFetching}
        scope={scope}
        canAct={canAct}
        onMore={setMoreId}
        pagination={listPagination(t, state, page?.totalElements ?? 0, (pageNumber, pageSize) => setState((s) => ({ ...s, pageNumber, pageSize })))}
      />
      <NoticeGoodsDialog id={moreId} scope={scope} canAct={canAct} onClose={() => setMoreId(null)} />
    </Flex>
  );
}
