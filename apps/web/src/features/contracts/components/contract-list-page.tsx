// The list of one contract type: search by code, paper number, name or counterparty, status filter, paging.
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus, ContractRow } from '@tfb/contract';
import { formatDate, formatMoney, orDash } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { useRecordList } from '../../../components/business/record-list';
import { useContracts, type ContractsQuery } from '../api/contracts';
import { contractScreens, contractTypeOf, type ContractKind } from '../contract-kinds';

type SearchValues = { keyword?: string; status?: BusinessStatus };

export function ContractListPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const list = useListState<Omit<ContractsQuery, 'pageNumber' | 'pageSize' | 'contractType'>>({});
  const query = useContracts({ contractType: contractTypeOf(kind), ...list.page, ...list.filters });
  const { codeColumn, statusColumn, actionsColumn, onCreate } = useRecordList<ContractRow>(contractScreens(kind));
  const typeName = t(`biz.contracts.kind.${kind}`);

  const columns: TableColumnsType<ContractRow> = [
    codeColumn({
      title: t('biz.contracts.code'),
      code: (c) => c.code,
      sub: (c) => (c.contractRelevanceCode ? `${t('biz.contracts.paperNo')} ${c.contractRelevanceCode}` : null),
      width: 210,
    }),
    { title: t('biz.contracts.contractName'), dataIndex: 'contractName', ellipsis: true, render: orDash },
    { title: t('biz.contracts.enterpriseName'), dataIndex: 'enterpriseName', width: 210, ellipsis: true },
    { title: t('biz.contracts.money'), dataIndex: 'money', width: 150, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    { title: t('biz.contracts.signDate'), dataIndex: 'signDate', width: 120, render: formatDate },
    statusColumn(),
    actionsColumn(),
  ];

  return (
    <ListPage<ContractRow, SearchValues>
      title={typeName}
      subtitle={t('biz.contracts.listSubtitle')}
      entityName={typeName}
      createLabel={t(`biz.route.contract.${kind}.add`)}
      onCreate={onCreate}
      searchPlaceholder={t('biz.contracts.searchPlaceholder')}
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(c) => c.id}
      scrollX={1120}
    />
  );
}
