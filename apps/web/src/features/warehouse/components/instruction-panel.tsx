// Tab 2 of a warehouse list: open delivery instructions (isCreate 0) with their first goods lines, the more-goods
// dialog, and create-delivery-order for whoever the list allows.
import { ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DELIVERY_DATA_SOURCE_APPLY, WAREHOUSE_PAGES, type DeliveryInstructionRow, type WarehouseScope } from '@tfb/contract';
import { useDeliveryInstructions } from '../api/get-delivery-instructions';
import { useInstructionDetail } from '../api/get-instruction-detail';
import { orDash } from './format';
import { GoodsDialog } from './goods-dialog';
import { deliveryGoodsColumns } from './goods-columns';
import { GoodsLines } from './goods-lines';
import { INITIAL_LIST_STATE, WarehouseSearch, listPagination, type ListState } from './list-controls';
import type { PanelProps } from './notice-panel';

const createPath = (id: number, scope: WarehouseScope) => `${WAREHOUSE_PAGES.createOutboundOrder}?id=${id}&scope=${scope}`;

function CreateOutboundButton({ id, scope }: { id: number; scope: WarehouseScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<ExportOutlined />} onClick={() => navigate(createPath(id, scope))}>
      {t('supervision.warehouse.createDeliveryOrder')}
    </Button>
  );
}

export function InstructionGoodsDialog({ id, scope, canAct, onClose }: { id: number | null; scope: WarehouseScope; canAct: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useInstructionDetail(id, scope);
  const d = detail.data;
  return (
    <GoodsDialog
      open={id !== null}
      onClose={onClose}
      title={t('supervision.warehouse.instructionGoodsTitle', { code: d?.code ?? '' })}
      loading={detail.isPending}
      failed={detail.isError}
      header={
        d
          ? [
              { key: 'code', label: t('supervision.warehouse.instructionCode'), children: d.code },
              { key: 'contract', label: t('supervision.warehouse.contractCode'), children: orDash(d.contractRelevanceCode) },
              { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
              { key: 'supervise', label: t('supervision.warehouse.supervisor'), children: orDash(d.superviseName) },
              { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
              { key: 'date', label: t('supervision.warehouse.planDeliveryTime'), children: orDash(d.planDeliveryTime) },
            ]
          : []
      }
      lines={d?.deliveryApplyGoods ?? []}
      getKey={(l) => l.id}
      columns={deliveryGoodsColumns(t, { deliveryNumber: d?.totalDeliveryNumber ?? 0, deliveryWeightNumber: d?.totalDeliveryWeightNumber ?? 0 })}
      actions={
        canAct && d && id !== null ? (
          <Flex justify="end">
            <CreateOutboundButton id={id} scope={scope} />
          </Flex>
        ) : undefined
      }
    />
  );
}

export function InstructionTable({
  rows,
  loading,
  scope,
  canAct,
  pagination,
  onMore,
}: {
  rows: readonly DeliveryInstructionRow[];
  loading: boolean;
  scope: WarehouseScope;
  canAct: boolean;
  pagination: false | ReturnType<typeof listPagination>;
  onMore: (id: number) => void;
}) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DeliveryInstructionRow> = [
    {
      key: 'code',
      title: t('supervision.warehouse.instructionCode'),
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
    { key: 'supervise', title: t('supervision.warehouse.supervisor'), width: 120, render: (_, r) => orDash(r.superviseName) },
    { key: 'warehouse', title: t('supervision.warehouse.warehouse'), width: 150, render: (_, r) => orDash(r.warehouseName) },
    { key: 'date', title: t('supervision.warehouse.planDeliveryTime'), width: 120, render: (_, r) => orDash(r.planDeliveryTime) },
    {
      key: 'source',
      title: t('supervision.warehouse.dataSources'),
      width: 120,
      render: (_, r) => <Tag color={r.dataSources === DELIVERY_DATA_SOURCE_APPLY ? 'blue' : 'default'}>{orDash(r.dataSources)}</Tag>,
    },
    ...(canAct
      ? [
          {
            key: 'actions',
            title: t('supervision.common.actions'),
            width: 250,
            render: (_: unknown, r: DeliveryInstructionRow) => <CreateOutboundButton id={r.id} scope={scope} />,
          },
        ]
      : []),
  ];
  return (
    <Table<DeliveryInstructionRow>
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
            lines={r.deliveryApplyGoods}
            goodsCount={r.goodsCount}
            getKey={(l) => l.id}
            columns={deliveryGoodsColumns(t, { deliveryNumber: r.totalDeliveryNumber, deliveryWeightNumber: r.totalDeliveryWeightNumber })}
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

export function InstructionPanel({ scope, canAct, warehouseId, enterpriseId, superviseId }: PanelProps & { superviseId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<ListState>(INITIAL_LIST_STATE);
  const [moreId, setMoreId] = useState<number | null>(null);
  const query = useDeliveryInstructions({
    scope,
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    blurry: state.blurry,
    planDeliveryTime: state.date,
    // The second list shows the instructions generated from delivery applications, a supervisor's own only.
    ...(scope === 'warehouse' ? { dataSources: DELIVERY_DATA_SOURCE_APPLY, superviseId } : {}),
    warehouseId,
    enterpriseId,
  });
  const page = query.data;
  return (
    <Flex vertical gap={16}>
      <WarehouseSearch
        dateLabel={t('supervision.warehouse.planDeliveryTime')}
        placeholder={t('supervision.warehouse.instructionSearchPlaceholder')}
        onSearch={(v) => setState((s) => ({ ...s, blurry: v.blurry, date: v.date, pageNumber: 0 }))}
      />
      <InstructionTable
        rows={page?.content ?? []}
        loading={query.isFetching}
        scope={scope}
        canAct={canAct}
        onMore={setMoreId}
        pagination={listPagination(t, state, page?.totalElements ?? 0, (pageNumber, pageSize) => setState((s) => ({ ...s, pageNumber, pageSize })))}
      />
      <InstructionGoodsDialog id={moreId} scope={scope} canAct={canAct} onClose={() => setMoreId(null)} />
    </Flex>
  );
}
