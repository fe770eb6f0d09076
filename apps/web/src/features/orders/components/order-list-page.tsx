// The sales-order or purchase-order list: search by code or counterparty, status filter, paging.
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { listTexts, moneyColumn, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { ORDERS } from '../api/orders';
import type { OrderView } from '../api/order-view';
import type { OrderKind } from '../order-kinds';

export function OrderListPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const { search, listProps, codeColumn, statusColumn, actionsColumn } = useRecordList(ORDERS[kind]);
  const k = `biz.orders.${kind}`;

  const columns: TableColumnsType<OrderView> = [
    codeColumn({ title: t(`${k}.code`), code: (o) => o.code }),
    { title: t(`${k}.counterparty`), dataIndex: 'counterparty', ellipsis: true },
    {
      title: t(`${k}.flag`),
      dataIndex: 'flag',
      width: 120,
      render: (v: number) => (
        <Tag bordered={false} color={kind === 'sales' && v === 1 ? 'orange' : undefined}>
          {t(`${k}.flag_${v}`, { defaultValue: String(v) })}
        </Tag>
      ),
    },
    { title: t(`${k}.days`), dataIndex: 'days', width: 110, align: 'right', render: (v: number) => t('biz.common.days', { count: v }) },
    moneyColumn(t('biz.orders.money')),
    statusColumn(),
    { title: t('biz.common.updateTime'), dataIndex: 'updateTime', width: 150, render: formatDateTime },
    actionsColumn(),
  ];

  return (
    <ListPage<OrderView, SearchValues>
      {...listProps}
      {...listTexts(t, k, `${k}.title`)}
      onSearch={(v) => search(v)}
      columns={columns}
      scrollX={1080}
    />
  );
}
