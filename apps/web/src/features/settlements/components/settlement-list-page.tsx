// The settlement list: search by settlement code, contract code or counterparty; type and status filters; paging.
import { Form, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus, SettlementRow } from '@tfb/contract';
import { formatDate, formatMoney } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { TwoLineCell, useRecordList } from '../../../components/business/record-list';
import { useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { useSettlements, type SettlementsQuery } from '../api/settlements';
import { SETTLEMENT_SCREENS } from '../settlement-screens';
import { SettleTypeTag } from './settle-type-tag';

type SearchValues = { keyword?: string; status?: BusinessStatus; type?: 1 | 2 };

export function SettlementListPage() {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const list = useListState<Omit<SettlementsQuery, 'pageNumber' | 'pageSize'>>({});
  const query = useSettlements({ ...list.page, ...list.filters });
  const { codeColumn, statusColumn, actionsColumn, onCreate } = useRecordList<SettlementRow>(SETTLEMENT_SCREENS);
  const columns: TableColumnsType<SettlementRow> = [
    codeColumn({ title: t('biz.settlements.settleCode'), code: (s) => s.settleCode }),
    {
      title: t('biz.settlements.contract'),
      key: 'contract',
      width: 190,
      render: (_, s) => <TwoLineCell main={<span className="biz-cell__code">{s.contractCode}</span>} sub={s.contractType ? typeLabel(s.contractType) : null} />,
    },
    { title: t('biz.settlements.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
    { title: t('biz.settlements.type'), dataIndex: 'type', width: 100, render: (v: number) => <SettleTypeTag type={v} /> },
    { title: t('biz.settlements.money'), dataIndex: 'money', width: 140, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    { title: t('biz.settlements.settleDate'), dataIndex: 'settleDate', width: 110, render: formatDate },
    statusColumn(),
    actionsColumn(),
  ];
  return (
    <ListPage<SettlementRow, SearchValues>
      title={t('biz.settlements.title')}
      subtitle={t('biz.settlements.subtitle')}
      entityName={t('biz.settlements.entity')}
      createLabel={t('biz.settlements.create')}
      onCreate={onCreate}
      searchPlaceholder={t('biz.settlements.searchPlaceholder')}
      filters={
        <Form.Item name="type" label={t('biz.settlements.type')}>
          <Select
            allowClear
            className="biz-list__select"
            placeholder={t('biz.settlements.allTypes')}
            options={[1, 2].map((v) => ({ value: v, label: t(`biz.settlements.type_${v}`) }))}
          />
        </Form.Item>
      }
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status, type: v.type })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(s) => s.id}
      scrollX={1080}
    />
  );
}
