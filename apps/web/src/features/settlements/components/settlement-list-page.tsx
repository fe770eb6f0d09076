// The settlement list: search by settlement code, contract code or counterparty; type and status filters; paging.
import { Form, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementRow } from '@tfb/contract';
import { formatDate, formatMoney } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { TwoLineCell, listTexts, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { SETTLEMENTS } from '../api/settlements';
import { SettleTypeTag } from './settle-type-tag';

export function SettlementListPage() {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const { search, listProps, codeColumn, statusColumn, actionsColumn } = useRecordList(SETTLEMENTS);
  const columns: TableColumnsType<SettlementRow> = [
    codeColumn({ title: t('biz.settlements.settleCode'), code: (s) => s.settleCode }),
    {
      title: t('biz.settlements.contract'),
      key: 'contract',
      width: 190,
      render: (_, s) => (
        <TwoLineCell
          main={<span className="biz-cell__code">{s.contractCode}</span>}
          sub={s.contractType ? typeLabel(s.contractType) : null}
        />
      ),
    },
    { title: t('biz.settlements.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
    { title: t('biz.settlements.type'), dataIndex: 'type', width: 100, render: (v: number) => <SettleTypeTag type={v} /> },
    {
      title: t('biz.settlements.money'),
      dataIndex: 'money',
      width: 140,
      align: 'right',
      render: (n: number) => <span className="biz-num">{formatMoney(n)}</span>,
    },
    { title: t('biz.settlements.settleDate'), dataIndex: 'settleDate', width: 110, render: formatDate },
    statusColumn(),
    actionsColumn(),
  ];
  const typeFilter = (
    <Form.Item name="type" label={t('biz.settlements.type')}>
      <Select
        allowClear
        className="biz-list__select"
        placeholder={t('biz.settlements.allTypes')}
        options={[1, 2].map((v) => ({ value: v, label: t(`biz.settlements.type_${v}`) }))}
      />
    </Form.Item>
  );
  return (
    <ListPage<SettlementRow, SearchValues & { type?: 1 | 2 }>
      {...listProps}
      {...listTexts(t, 'biz.settlements')}
      filters={typeFilter}
      onSearch={(v) => search(v, { type: v.type })}
      columns={columns}
      scrollX={1080}
    />
  );
}
