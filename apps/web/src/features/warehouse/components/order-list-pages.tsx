// The order lists the warehouse lists lead to (spec 2.3 item 11): /Warehous/crexternalListManagement (in-storage
// orders) and /Warehous/creatwbGoodsOutbound (outbound orders), newest first, with the same goods-line rule.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { InStorageOrder, OutboundOrder } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { useInStorageOrder, useInStorageOrders, useOutboundOrder, useOutboundOrders } from '../api/get-orders';
import { orDash } from './format';
import { GoodsDialog } from './goods-dialog';
import { deliveryGoodsColumns, noticeGoodsColumns } from './goods-columns';
import { GoodsLines } from './goods-lines';
import { INITIAL_LIST_STATE, WarehouseSearch, listPagination, type ListState } from './list-controls';
import './warehouse.css';

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

function OrdersCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card
      variant="borderless"
      className="page-card warehouse-page"
      title={
        <Flex vertical className="warehouse-page__title">
          <PageTitle>{title}</PageTitle>
          <Typography.Text type="secondary" className="warehouse-page__subtitle">
            {subtitle}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('supervision.common.back')}
        </Button>
      }
    >
      {children}
    </Card>
  );
}

export function InStorageOrdersPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(INITIAL_LIST_STATE);
  const [moreId, setMoreId] = useState<number | null>(null);
  const query = useInStorageOrders({ pageNumber: state.pageNumber, pageSize: state.pageSize, blurry: state.blurry, date: state.date });
  const detail = useInStorageOrder(moreId);
  const d = detail.data;
  const columns: TableColumnsType<InStorageOrder> = [
    {
      key: 'code',
      title: t('supervision.warehouse.inStorageOrderCode'),
      width: 230,
      render: (_, o) => <CodeCell code={o.code} source={o.noticeCode} sourceLabel={t('supervision.warehouse.fromNotice')} />,
    },
    { key: 'enterprise', title: t('supervision.warehouse.enterprise'), dataIndex: 'enterpriseName', width: 180 },
    { key: 'warehouse', title: t('supervision.warehouse.warehouse'), width: 150, render: (_, o) => orDash(o.warehouseName) },
    { key: 'date', title: t('supervision.warehouse.inStorageTime'), dataIndex: 'inStorageTime', width: 120 },
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
    <OrdersCard title={t('route.warehouse.externalInStorage')} subtitle={t('supervision.warehouse.inStorageOrdersSubtitle')}>
      <Flex vertical gap={16}>
        <WarehouseSearch
          dateLabel={t('supervision.warehouse.inStorageTime')}
          placeholder={t('supervision.warehouse.orderSearchPlaceholder')}
          onSearch={(v) => setState((s) => ({ ...s, blurry: v.blurry, date: v.date, pageNumber: 0 }))}
        />
        <Table<InStorageOrder>
          rowKey="id"
          className="warehouse-table"
          columns={columns}
          dataSource={query.data?.content ?? []}
          loading={query.isFetching}
          scroll={{ x: 1000 }}
          expandable={{
            expandedRowRender: (o) => (
              <GoodsLines
                lines={o.goods}
                goodsCount={o.goodsCount}
                getKey={(l) => l.id}
                columns={noticeGoodsColumns(t, { weight: o.totalWeight, storageNumber: o.totalStorageNumber })}
                onMore={() => setMoreId(o.id)}
              />
            ),
            expandedRowKeys: (query.data?.content ?? []).map((o) => o.id),
            showExpandColumn: false,
            expandedRowClassName: () => 'warehouse-table__goods-row',
          }}
          pagination={listPagination(t, state, query.data?.totalElements ?? 0, (pageNumber, pageSize) => setState((s) => ({ ...s, pageNumber, pageSize })))}
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
                { key: 'code', label: t('supervision.warehouse.inStorageOrderCode'), children: d.code },
                { key: 'notice', label: t('supervision.warehouse.noticeCode'), children: d.noticeCode },
                { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
                { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
                { key: 'date', label: t('supervision.warehouse.inStorageTime'), children: d.inStorageTime },
                { key: 'remark', label: t('supervision.warehouse.remark'), children: orDash(d.remark) },
              ]
            : []
        }
        lines={d?.goods ?? []}
        getKey={(l) => l.id}
        columns={noticeGoodsColumns(t, { weight: d?.totalWeight ?? 0, storageNumber: d?.totalStorageNumber ?? 0 }, { withWarehouse: true })}
      />
    </OrdersCard>
  );
}

export function OutboundOrdersPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(INITIAL_LIST_STATE);
  const [moreId, setMoreId] = useState<number | null>(null);
  const query = useOutboundOrders({ pageNumber: state.pageNumber, pageSize: state.pageSize, blurry: state.blurry, date: state.date });
  const detail = useOutboundOrder(moreId);
  const d = detail.data;
  const columns: TableColumnsType<OutboundOrder> = [
    {
      key: 'code',
      title: t('supervision.warehouse.outboundOrderCode'),
      width: 230,
      render: (_, o) => <CodeCell code={o.code} source={o.instructionCode} sourceLabel={t('supervision.warehouse.fromInstruction')} />,
    },
    { key: 'enterprise', title: t('supervision.warehouse.enterprise'), dataIndex: 'enterpriseName', width: 180 },
    { key: 'warehouse', title: t('supervision.warehouse.warehouse'), width: 150, render: (_, o) => orDash(o.warehouseName) },
    { key: 'date', title: t('supervision.warehouse.deliveryTime'), dataIndex: 'deliveryTime', width: 120 },
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
    <OrdersCard title={t('route.warehouse.externalDelivery')} subtitle={t('supervision.warehouse.outboundOrdersSubtitle')}>
      <Flex vertical gap={16}>
        <WarehouseSearch
          dateLabel={t('supervision.warehouse.deliveryTime')}
          placeholder={t('supervision.warehouse.orderSearchPlaceholder')}
          onSearch={(v) => setState((s) => ({ ...s, blurry: v.blurry, date: v.date, pageNumber: 0 }))}
        />
        <Table<OutboundOrder>
          rowKey="id"
          className="warehouse-table"
          columns={columns}
          dataSource={query.data?.content ?? []}
          loading={query.isFetching}
          scroll={{ x: 1000 }}
          expandable={{
            expandedRowRender: (o) => (
              <GoodsLines
                lines={o.goods}
                goodsCount={o.goodsCount}
                getKey={(l) => l.id}
                columns={deliveryGoodsColumns(t, { deliveryNumber: o.totalDeliveryNumber, deliveryWeightNumber: o.totalDeliveryWeightNumber })}
                onMore={() => setMoreId(o.id)}
              />
            ),
            expandedRowKeys: (query.data?.content ?? []).map((o) => o.id),
            showExpandColumn: false,
            expandedRowClassName: () => 'warehouse-table__goods-row',
          }}
          pagination={listPagination(t, state, query.data?.totalElements ?? 0, (pageNumber, pageSize) => setState((s) => ({ ...s, pageNumber, pageSize })))}
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
                { key: 'code', label: t('supervision.warehouse.outboundOrderCode'), children: d.code },
                { key: 'instruction', label: t('supervision.warehouse.instructionCode'), children: d.instructionCode },
                { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
                { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
                { key: 'date', label: t('supervision.warehouse.deliveryTime'), children: d.deliveryTime },
                { key: 'remark', label: t('supervision.warehouse.remark'), children: orDash(d.remark) },
              ]
            : []
        }
        lines={d?.goods ?? []}
        getKey={(l) => l.id}
        columns={deliveryGoodsColumns(t, { deliveryNumber: d?.totalDeliveryNumber ?? 0, deliveryWeightNumber: d?.totalDeliveryWeightNumber ?? 0 })}
      />
    </OrdersCard>
  );
}
