// The order lists the warehouse lists lead to (spec 2.3 item 11): /Warehous/crexternalListManagement (in-storage
// orders) and /Warehous/creatwbGoodsOutbound (outbound orders), newest first, with the same goods-line rule; one
// page for either kind, its labels and fields from the kind's descriptor.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  IN_STORAGE,
  OUTBOUND,
  orderDateOf,
  orderSourceCodeOf,
  totalsOf,
  type WarehouseDocumentKind,
  type WarehouseOrder,
} from '@tfb/contract';
import { ExportButton } from '../../../components/business/export-button';
import { ListCard } from '../../../components/business/page-shell';
import { useOrder } from '../api/get-order';
import { useOrders } from '../api/get-orders';
import { orDash } from './format';
import { GoodsDialog } from './goods-dialog';
import { goodsColumns } from './goods-columns';
import { GoodsLines } from './goods-lines';
import { INITIAL_LIST_STATE, WarehouseSearch, listPagination, type ListState } from './list-controls';
import './warehouse.css';
import { tableLoading } from '../../../components/widgets/table-loading';

const formatTime = (s: string) => (dayjs(s).isValid() ? dayjs(s).format('YYYY-MM-DD HH:mm') : s);

function CodeCell({ code, source, sourceLabel }: { code: string; source: string; sourceLabel: string }) {
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong copyable={{ text: code }}>
        {code}
      </Typography.Text>
      <Typography.Text type="secondary" className="warehouse-cell__sub">
        {sourceLabel} {source}
      </Typography.Text>
    </Flex>
  );
}

function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
      {t('supervision.common.back')}
    </Button>
  );
}

/** The orders of one kind, newest first, each with its first goods lines, and the more-goods dialog. */
export function OrderListPage({ kind }: { kind: WarehouseDocumentKind }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(INITIAL_LIST_STATE);
  const [moreId, setMoreId] = useState<number | null>(null);
  const query = useOrders(kind, { pageNumber: state.pageNumber, pageSize: state.pageSize, blurry: state.blurry, date: state.date });
  const detail = useOrder(kind, moreId);
  const d = detail.data;
  const columns: TableColumnsType<WarehouseOrder> = [
    {
      key: 'code',
      title: t(kind.labels.orderCode),
      width: 230,
      render: (_, o) => <CodeCell code={o.code} source={orderSourceCodeOf(kind, o)} sourceLabel={t(kind.labels.fromSource)} />,
    },
    { key: 'enterprise', title: t('supervision.warehouse.enterprise'), dataIndex: 'enterpriseName', width: 180 },
    { key: 'warehouse', title: t('supervision.warehouse.warehouse'), width: 150, render: (_, o) => orDash(o.warehouseName) },
    { key: 'date', title: t(kind.labels.orderDate), width: 120, render: (_, o) => orderDateOf(kind, o) },
    {
      key: 'creator',
      title: t('supervision.warehouse.createdBy'),
      width: 160,
      render: (_, o) => (
        <Flex vertical gap={2}>
          <span>{o.createUserName}</span>
          <Typography.Text type="secondary" className="warehouse-cell__sub">
            {formatTime(o.createTime)}
          </Typography.Text>
        </Flex>
      ),
    },
  ];
  return (
    <ListCard
      title={t(kind.labels.ordersTitle)}
      subtitle={t(kind.labels.ordersSubtitle)}
      extra={
        <Flex gap={8}>
          <ExportButton list={kind.order.pagePath} filter={{ blurry: state.blurry, date: state.date }} sheet={t(kind.labels.ordersTitle)} />
          <BackButton />
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <WarehouseSearch
          dateLabel={t(kind.labels.orderDate)}
          placeholder={t('supervision.warehouse.orderSearchPlaceholder')}
          onSearch={(v) => setState((s) => ({ ...s, blurry: v.blurry, date: v.date, pageNumber: 0 }))}
        />
        <Table<WarehouseOrder>
          rowKey="id"
          className="warehouse-table"
          columns={columns}
          dataSource={query.data?.content ?? []}
          {...tableLoading(query.isFetching, query.data?.content.length ?? 0)}
          scroll={{ x: 1000 }}
          expandable={{
            expandedRowRender: (o) => (
              <GoodsLines
                lines={o.goods}
                goodsCount={o.goodsCount}
                getKey={(l) => l.id}
                columns={goodsColumns(t, kind, totalsOf(kind, o))}
                onMore={() => setMoreId(o.id)}
              />
            ),
            expandedRowKeys: (query.data?.content ?? []).map((o) => o.id),
            showExpandColumn: false,
            expandedRowClassName: () => 'warehouse-table__goods-row',
          }}
          pagination={listPagination(t, state, query.data, (pageNumber, pageSize) => setState((s) => ({ ...s, pageNumber, pageSize })))}
        />
      </Flex>
      <GoodsDialog
        open={moreId !== null}
        onClose={() => setMoreId(null)}
        title={t('supervision.warehouse.orderGoodsTitle', { code: d?.code ?? '' })}
        loading={detail.isPending}
        failed={detail.isError}
        header={
          d
            ? [
                { key: 'code', label: t(kind.labels.orderCode), children: d.code },
                { key: 'source', label: t(kind.labels.sourceCode), children: orderSourceCodeOf(kind, d) },
                { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
                { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
                { key: 'date', label: t(kind.labels.orderDate), children: orderDateOf(kind, d) },
                { key: 'remark', label: t('supervision.warehouse.remark'), children: orDash(d.remark) },
              ]
            : []
        }
        lines={d?.goods ?? []}
        getKey={(l) => l.id}
        columns={goodsColumns(t, kind, d ? totalsOf(kind, d) : [0, 0], { withWarehouse: true })}
      />
    </ListCard>
  );
}

export const InStorageOrdersPage = () => <OrderListPage kind={IN_STORAGE} />;
export const OutboundOrdersPage = () => <OrderListPage kind={OUTBOUND} />;
