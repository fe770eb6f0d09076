// The sales-order or purchase-order list: search by code or counterparty, status filter, paging.
import { Button, Flex, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BusinessStatus } from '@tfb/contract';
import { formatDateTime, formatMoney } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useOrders } from '../api/get-orders';
import type { OrderView } from '../api/order-view';
import { orderPaths, type OrderKind } from '../order-kinds';
import { useCan } from '../../../lib/use-can';

type Filters = { search?: string; status?: BusinessStatus };
type SearchValues = { keyword?: string; status?: BusinessStatus };

export function OrderListPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('orders:write');
  const paths = orderPaths(kind);
  const list = useListState<Filters>({});
  const query = useOrders(kind, { ...list.page, ...list.filters });
  const k = `biz.orders.${kind}`;

  const columns: TableColumnsType<OrderView> = [
    {
      title: t(`${k}.code`),
      dataIndex: 'code',
      width: 180,
      fixed: 'left',
      render: (code: string, o) => (
        <Typography.Link className="biz-cell__code" onClick={() => navigate(paths.detail(o.id))}>
          {code}
        </Typography.Link>
      ),
    },
    { title: t(`${k}.counterparty`), dataIndex: 'counterparty', ellipsis: true },
    {
      title: t(`${k}.flag`),
      dataIndex: 'flag',
      width: 120,
      render: (v: number) => <Tag bordered={false} color={kind === 'sales' && v === 1 ? 'orange' : undefined}>{t(`${k}.flag_${v}`, { defaultValue: String(v) })}</Tag>,
    },
    { title: t(`${k}.days`), dataIndex: 'days', width: 110, align: 'right', render: (v: number) => t('biz.common.days', { count: v }) },
    { title: t('biz.orders.money'), dataIndex: 'money', width: 140, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    { title: t('biz.common.status'), dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
    { title: t('biz.common.updateTime'), dataIndex: 'updateTime', width: 150, render: formatDateTime },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, o) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(paths.detail(o.id))}>
            {t('biz.common.view')}
          </Button>
          {canWrite && isEditable(o.status) ? (
            <Button type="link" size="small" onClick={() => navigate(paths.edit(o.id))}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<OrderView, SearchValues>
      title={t(`${k}.title`)}
      subtitle={t(`${k}.subtitle`)}
      entityName={t(`${k}.title`)}
      createLabel={t(`${k}.create`)}
      onCreate={canWrite ? () => navigate(paths.add) : undefined}
      searchPlaceholder={t(`${k}.searchPlaceholder`)}
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(o) => o.id}
      scrollX={1080}
    />
  );
}
