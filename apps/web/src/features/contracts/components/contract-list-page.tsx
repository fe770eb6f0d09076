// The list of one contract type: search by code, paper number, name or counterparty, status filter, paging.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContractRow } from '@tfb/contract';
import { formatDate, orDash } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { moneyColumn, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { contractRecords } from '../api/contracts';
import { contractTypeOf, type ContractKind } from '../contract-kinds';

export function ContractListPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const { search, listProps, codeColumn, recordColumns } = useRecordList(contractRecords(kind), {
    contractType: contractTypeOf(kind),
  });
  // The list is titled as its menu entry.
  const typeName = t(`route.contracts.${kind}`);

  const columns: TableColumnsType<ContractRow> = recordColumns([
    codeColumn({
      title: t('biz.contracts.code'),
      code: (c) => c.code,
      sub: (c) => (c.contractRelevanceCode ? `${t('biz.contracts.paperNo')} ${c.contractRelevanceCode}` : null),
      width: 210,
    }),
    { title: t('biz.contracts.contractName'), dataIndex: 'contractName', ellipsis: true, render: orDash },
    { title: t('biz.contracts.enterpriseName'), dataIndex: 'enterpriseName', width: 210, ellipsis: true },
    moneyColumn(t('biz.contracts.money'), 'money', 150),
    { title: t('biz.contracts.signDate'), dataIndex: 'signDate', width: 120, render: formatDate },
  ]);

  return (
    <ListPage<ContractRow, SearchValues>
      {...listProps}
      title={typeName}
      subtitle={t('biz.contracts.listSubtitle')}
      entityName={typeName}
      createLabel={t(`biz.route.contract.${kind}.add`)}
      searchPlaceholder={t('biz.contracts.searchPlaceholder')}
      onSearch={(v) => search(v)}
      columns={columns}
      scrollX={1120}
    />
  );
}
