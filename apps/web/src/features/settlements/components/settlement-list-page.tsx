// The settlement list: search by settlement code, contract code or counterparty; type and status filters; paging.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementRow } from '@tfb/contract';
import { formatDate } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { TwoLineCell, listTexts, moneyColumn, useRecordList, type TypedSearchValues } from '../../../components/business/record-list';
import { useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { SETTLEMENTS } from '../api/settlements';
import { SettleTypeTag } from './settle-type-tag';

export function SettlementListPage() {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const { listProps, codeColumn, recordColumns, typeFiltered } = useRecordList(SETTLEMENTS);
  const columns: TableColumnsType<SettlementRow> = recordColumns([
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
    moneyColumn(t('biz.settlements.money')),
    { title: t('biz.settlements.settleDate'), dataIndex: 'settleDate', width: 110, render: formatDate },
  ]);
  return (
    <ListPage<SettlementRow, TypedSearchValues>
      {...listProps}
      {...listTexts(t, 'biz.settlements')}
      {...typeFiltered('biz.settlements')}
      columns={columns}
      scrollX={1080}
    />
  );
}
