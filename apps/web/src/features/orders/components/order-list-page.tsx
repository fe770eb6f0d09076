// The sales-order or purchase-order list: search by code or counterparty, status filter, paging.
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus } from '@tfb/contract';
import { formatDateTime, formatMoney } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { useRecordList } from '../../../components/business/record-list';
import { useOrders, type OrdersQuery } from '../api/orders';
import type { OrderView } from '../api/order-view';
import { orderScreens, type OrderKind } from '../order-kinds';

type SearchValues = { keyword?: string; status?: BusinessStatus };

export function OrderListPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const list = useListState<Omit<OrdersQuery, 'pageNumber' | 'pageSize'>>({});
  const query = useOrders(kind, { ...list.page, ...list.filters });
  const { codeColumn, statusColumn, actionsColumn, onCreate } = useRecordList<OrderView>(orderScreens(kind));
  const k = `biz.orders.${kind}`;

  const columns: TableColumnsType<OrderView> = [
    codeColumn({ title: t(`${k}.code`), code: (o) => o.code }),
    { title: t(`${k}.counterparty`), dataIndex: 'counterparty', ellipsis: true },
    {
      title: t(`${k}.flag`),
      dataIndex: 'flag',
      width: 120,
      render: (v: number) => <Tag bordered={false} color={kind === 'sales' && v === 1 ? 'orange' : undefined}>{t(`${k}.flag_${v}`, { defaultValue: String(v) })}</Tag>,
    },
    { title: t(`${k}.days`), dataIndex: 'days', width: 110, align: 'right', render: (v: number) => t('biz.common.days', { count: v }) },
    { title: t('biz.orders.money'), dataIndex: 'money', width: 140, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    statusColumn(),
    { title: t('biz.common.updateTime'), dataIndex: 'updateTime', width: 150, render: formatDateTime },
    actionsColumn(),
  ];

  return (
    <ListPage<OrderView, SearchValues>
      title={t(`${k}.title`)}
      subtitle={t(`${k}.subtitle`)}
      entityName={t(`${k}.title`)}
      createLabel={t(`${k}.create`)}
      onCreate={onCreate}
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
