// One tab of a warehouse list, for either document kind: its open documents (isCreate 0) with their first goods
// lines, the more-goods dialog, and the actions (print where the kind prints, create the order). The actions show
// when the list's reply says the caller may act here (canOperate, the server's rule of spec 6) and the permission
// table gives warehouse write.
import { ExportOutlined, FileAddOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DELIVERY_DATA_SOURCE_APPLY,
  WAREHOUSE_ACCESS,
  sourceDateOf,
  sourceLinesOf,
  totalsOf,
  type SourceRow,
  type WarehouseDocumentKind,
  type WarehouseKindName,
  type WarehouseScope,
} from '@tfb/contract';
import { ExportButton } from '../../../components/business/export-button';
import { useCan } from '../../../lib/use-can';
import { useSourceDetail } from '../api/get-source-detail';
import { useSources, type SourceListParams } from '../api/get-sources';
import { usePrintNotice } from '../api/print-notice';
import { orDash } from './format';
import { GoodsDialog } from './goods-dialog';
import { goodsColumns } from './goods-columns';
import { GoodsLines } from './goods-lines';
import { INITIAL_LIST_STATE, WarehouseSearch, listPagination, type ListState } from './list-controls';
import { sourceHeader } from './source-header';
import { tableLoading } from '../../../components/widgets/table-loading';

const CREATE_ICON = { inStorage: <FileAddOutlined />, outbound: <ExportOutlined /> } satisfies Record<WarehouseKindName, ReactNode>;

type Target = { kind: WarehouseDocumentKind; scope: WarehouseScope };

function PrintButton({ id, scope }: { id: number; scope: WarehouseScope }) {
  const { t } = useTranslation();
  const print = usePrintNotice(scope);
  return (
    <Button icon={<PrinterOutlined />} loading={print.isPending} onClick={() => print.mutate(id)}>
      {t('supervision.warehouse.print')}
    </Button>
  );
}

/** Print (where the kind prints) and create-order for one document. */
function SourceActions({ kind, scope, id }: Target & { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex gap={8} wrap>
      {kind.printable && <PrintButton id={id} scope={scope} />}
      <Button type="primary" icon={CREATE_ICON[kind.kind]} onClick={() => navigate(`${kind.order.createPage}?id=${id}&scope=${scope}`)}>
        {t(kind.labels.createOrder)}
      </Button>
    </Flex>
  );
}

/** The more-goods dialog: the document's header and ALL its lines, and its actions when the detail allows them. */
export function SourceGoodsDialog({ kind, scope, id, onClose }: Target & { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const canWrite = useCan(WAREHOUSE_ACCESS.write);
  const detail = useSourceDetail(kind, id, scope);
  const d = detail.data;
  return (
    <GoodsDialog
      open={id !== null}
      onClose={onClose}
      title={t(kind.labels.goodsTitle, { code: d?.code ?? '' })}
      loading={detail.isPending}
      failed={detail.isError}
      header={d ? sourceHeader(t, kind, d) : []}
      lines={d ? sourceLinesOf(kind, d) : []}
      getKey={(l) => l.id}
      columns={goodsColumns(t, kind, d ? totalsOf(kind, d) : [0, 0], { withWarehouse: true })}
      actions={
        canWrite && d?.canOperate && id !== null ? (
          <Flex justify="end">
            <SourceActions kind={kind} scope={scope} id={id} />
          </Flex>
        ) : undefined
      }
    />
  );
}

type TableProps = Target & {
  rows: readonly SourceRow[];
  loading: boolean;
  canAct: boolean;
  pagination: false | ReturnType<typeof listPagination>;
  onMore: (id: number) => void;
};

export function SourceTable({ kind, scope, rows, loading, canAct, pagination, onMore }: TableProps) {
  const { t } = useTranslation();
  const columns: TableColumnsType<SourceRow> = [
    {
      key: 'code',
      title: t(kind.labels.sourceCode),
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
    { key: 'date', title: t(kind.labels.sourceDate), width: 120, render: (_, r) => orDash(sourceDateOf(kind, r)) },
    ...(kind.dataSources
      ? [
          {
            key: 'source',
            title: t('supervision.warehouse.dataSources'),
            width: 120,
            render: (_: unknown, r: SourceRow) => {
              const label = 'dataSources' in r ? r.dataSources : '';
              return <Tag color={label === DELIVERY_DATA_SOURCE_APPLY ? 'blue' : 'default'}>{orDash(label)}</Tag>;
            },
          },
        ]
      : []),
    ...(canAct
      ? [
          {
            key: 'actions',
            title: t('supervision.common.actions'),
            width: 250,
            render: (_: unknown, r: SourceRow) => <SourceActions kind={kind} scope={scope} id={r.id} />,
          },
        ]
      : []),
  ];
  return (
    <Table<SourceRow>
      rowKey="id"
      className="warehouse-table"
      columns={columns}
      dataSource={[...rows]}
      {...tableLoading(loading, rows.length)}
      pagination={pagination}
      // Each row's goods sit under its header, across the whole width (at most 3 lines, more, total).
      expandable={{
        expandedRowRender: (r) => (
          <GoodsLines
            lines={sourceLinesOf(kind, r)}
            goodsCount={r.goodsCount}
            getKey={(l) => l.id}
            columns={goodsColumns(t, kind, totalsOf(kind, r))}
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

export type SourcePanelProps = Target & {
  /** The second list: the caller's own warehouse and enterprise, and a supervisor's own id. */
  warehouseId?: number;
  enterpriseId?: string;
  superviseId?: string;
  /** Told whether the list's reply lets the caller act here, once it arrives. */
  onCanOperate?: (canOperate: boolean) => void;
};

export function SourcePanel({ kind, scope, warehouseId, enterpriseId, superviseId, onCanOperate }: SourcePanelProps) {
  const { t } = useTranslation();
  const canWrite = useCan(WAREHOUSE_ACCESS.write);
  const [state, setState] = useState<ListState>(INITIAL_LIST_STATE);
  const [moreId, setMoreId] = useState<number | null>(null);
  const second = scope === 'warehouse';
  const params: SourceListParams = {
    scope,
    pageNumber: state.pageNumber,
    pageSize: state.pageSize,
    blurry: state.blurry,
    [kind.names.dateQuery]: state.date,
    // The second list shows the instructions generated from delivery applications, a supervisor's own only.
    ...(second && kind.dataSources ? { dataSources: DELIVERY_DATA_SOURCE_APPLY } : {}),
    ...(second && kind.supervised ? { superviseId } : {}),
    warehouseId,
    enterpriseId,
  };
  const query = useSources(kind, params);
  const page = query.data;
  const canOperate = page?.canOperate;
  useEffect(() => {
    if (canOperate !== undefined) onCanOperate?.(canOperate);
  }, [canOperate, onCanOperate]);
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <WarehouseSearch
          dateLabel={t(kind.labels.sourceDate)}
          placeholder={t(kind.labels.searchPlaceholder)}
          onSearch={(v) => setState((s) => ({ ...s, blurry: v.blurry, date: v.date, pageNumber: 0 }))}
        />
        <ExportButton
          list={kind.source.pagePath}
          filter={{ ...params, pageNumber: undefined, pageSize: undefined }}
          sheet={t(kind.labels.tab)}
        />
      </Flex>
      <SourceTable
        kind={kind}
        scope={scope}
        rows={page?.content ?? []}
        loading={query.isFetching}
        canAct={canWrite && canOperate === true}
        onMore={setMoreId}
        pagination={listPagination(t, state, page, (pageNumber, pageSize) => setState((s) => ({ ...s, pageNumber, pageSize })))}
      />
      <SourceGoodsDialog kind={kind} scope={scope} id={moreId} onClose={() => setMoreId(null)} />
    </Flex>
  );
}
