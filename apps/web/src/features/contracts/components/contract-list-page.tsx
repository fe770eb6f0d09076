// The list of one contract type: search by code, paper number, name or counterparty, status filter, paging.
import { Button, Flex, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BusinessStatus, ContractRow } from '@tfb/contract';
import { formatDate, formatMoney, orDash } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useContracts } from '../api/get-contracts';
import { contractPaths, contractTypeOf, type ContractKind } from '../contract-kinds';
import { useCan } from '../../../lib/use-can';

type Filters = { search?: string; status?: BusinessStatus };
type SearchValues = { keyword?: string; status?: BusinessStatus };

export function ContractListPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('contracts:write');
  const paths = contractPaths(kind);
  const list = useListState<Filters>({});
  const query = useContracts({ contractType: contractTypeOf(kind), ...list.page, ...list.filters });
  const typeName = t(`biz.contracts.kind.${kind}`);

  const columns: TableColumnsType<ContractRow> = [
    {
      title: t('biz.contracts.code'),
      key: 'code',
      width: 210,
      fixed: 'left',
      render: (_, c) => (
        <Flex vertical gap={2}>
          <Typography.Link className="biz-cell__code" onClick={() => navigate(paths.detail(c.id))}>
            {c.code}
          </Typography.Link>
          {c.contractRelevanceCode ? (
            <Typography.Text type="secondary" className="biz-cell__sub">
              {t('biz.contracts.paperNo')} {c.contractRelevanceCode}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('biz.contracts.contractName'), dataIndex: 'contractName', ellipsis: true, render: orDash },
    { title: t('biz.contracts.enterpriseName'), dataIndex: 'enterpriseName', width: 210, ellipsis: true },
    { title: t('biz.contracts.money'), dataIndex: 'money', width: 150, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    { title: t('biz.contracts.signDate'), dataIndex: 'signDate', width: 120, render: formatDate },
    { title: t('biz.common.status'), dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, c) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(paths.detail(c.id))}>
            {t('biz.common.view')}
          </Button>
          {canWrite && isEditable(c.status) ? (
            <Button type="link" size="small" onClick={() => navigate(paths.edit(c.id))}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <ListPage<ContractRow, SearchValues>
      title={typeName}
      subtitle={t('biz.contracts.listSubtitle')}
      entityName={typeName}
      createLabel={t(`biz.route.contract.${kind}.add`)}
      onCreate={canWrite ? () => navigate(paths.add) : undefined}
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
