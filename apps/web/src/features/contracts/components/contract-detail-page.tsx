// The detail of one contract: header, links, goods lines and documents, read-only. `extra` is the place
// for panels other features add below the record (the approval panel goes there).
import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, Empty, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import type { ContractDetail } from '@tfb/contract';
import { DetailTabs } from '../../../components/business/audit-trail';
import { AddressText } from '../../../components/business/address-field';
import { formatDate, formatDateTime, formatMoney, orDash } from '../../../components/business/format';
import { GoodsLinesView } from '../../../components/business/goods-lines-field';
import { linesFromServer } from '../../../components/business/goods-lines';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { DocumentUploadTable } from '../../../components/widgets/document-upload-table';
import { useContract } from '../api/get-contract';
import { contractPaths, contractTypeOf, isTradeKind, kindOfType, type ContractKind } from '../contract-kinds';
import { useCan } from '../../../lib/use-can';

export type ContractDetailExtra = (contract: ContractDetail) => ReactNode;

/** A contract opened under another type's screen: go to its own screen (or say it is not there). */
export function WrongKind({ contract, page }: { contract: ContractDetail; page: 'edit' | 'detail' }) {
  const { t } = useTranslation();
  const own = kindOfType(contract.contractType);
  if (own) return <Navigate to={contractPaths(own)[page](contract.id)} replace />;
  return <Result status="404" title={t('biz.record.notFound')} />;
}

export function ContractDetailView({ kind, contract, extra }: { kind: ContractKind; contract: ContractDetail; extra?: ContractDetailExtra }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('contracts:write');
  const paths = contractPaths(kind);
  const trade = isTradeKind(kind);
  const counterparty = t(`biz.contracts.counterparty_${kind === 'purchase' ? 'purchase' : kind === 'sales' ? 'sales' : 'other'}`);
  const orderCode = contract.salesOrderCode ?? contract.purchaseOrderCode;

  return (
    <PageShell
      title={`${t(`biz.route.contract.${kind}.detail`)} ${contract.code}`}
      tags={<StatusTag status={contract.status} />}
      backTo={paths.list}
      extra={
        canWrite && isEditable(contract.status) ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(paths.edit(contract.id))}>
            {t('biz.common.edit')}
          </Button>
        ) : null
      }
    >
      <DetailTabs entity="contract" id={contract.id}>
        <Section title={t('biz.section.basic')}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'code', label: t('biz.contracts.code'), children: contract.code },
              { key: 'paper', label: t('biz.contracts.contractRelevanceCode'), children: orDash(contract.contractRelevanceCode) },
              { key: 'name', label: t('biz.contracts.contractName'), children: orDash(contract.contractName) },
              { key: 'enterprise', label: counterparty, children: contract.enterpriseName },
              { key: 'money', label: t('biz.contracts.money'), children: `${formatMoney(contract.money)} ${t('biz.common.yuan')}` },
              { key: 'signDate', label: t('biz.contracts.signDate'), children: formatDate(contract.signDate) },
              { key: 'signType', label: t('biz.contracts.signType'), children: t(`biz.contracts.signType_${contract.signType}`, { defaultValue: String(contract.signType) }) },
              { key: 'createTime', label: t('biz.common.createTime'), children: formatDateTime(contract.createTime) },
              { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(contract.updateTime) },
            ]}
          />
        </Section>
        <Section title={t('biz.section.links')}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'project', label: t('biz.contracts.project'), children: orDash(contract.projectCode) },
              ...(trade
                ? [
                    { key: 'order', label: t(`biz.contracts.order_${kind === 'sales' ? 'sales' : 'purchase'}`), children: orDash(orderCode) },
                    {
                      key: 'address',
                      label: t('biz.contracts.deliveryAddress'),
                      span: 2,
                      children: contract.deliveryAddress ? <AddressText address={contract.deliveryAddress} /> : '—',
                    },
                  ]
                : []),
            ]}
          />
        </Section>
        {trade ? (
          <Section title={t('biz.section.goods')}>
            <GoodsLinesView lines={linesFromServer(contract.goods)} />
          </Section>
        ) : null}
        <Section title={t('biz.section.documents')}>
          {contract.documents.length > 0 ? (
            <DocumentUploadTable value={contract.documents} signType={contract.signType} disabled />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.common.noDocuments')} />
          )}
        </Section>
        <div className="biz-slot" data-slot="contract-detail-extra">
          {extra?.(contract)}
        </div>
      </DetailTabs>
    </PageShell>
  );
}

export function ContractDetailPage({ kind, extra }: { kind: ContractKind; extra?: ContractDetailExtra }) {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useContract(id);
  const paths = contractPaths(kind);
  return (
    <RecordLoader id={id} query={query} title={t(`biz.route.contract.${kind}.detail`)} backTo={paths.list}>
      {(c) => (c.contractType === contractTypeOf(kind) ? <ContractDetailView kind={kind} contract={c} extra={extra} /> : <WrongKind contract={c} page="detail" />)}
    </RecordLoader>
  );
}
