// The detail of one contract: header, links, goods lines and documents, read-only, with its change history.
// `extra` is the place for panels other features add below the record (the approval panel goes there).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import type { ContractDetail } from '@tfb/contract';
import { AddressText } from '../../../components/business/address-field';
import { DocumentsView } from '../../../components/business/form-items';
import { formatDate, formatDateTime, moneyText, orDash } from '../../../components/business/format';
import { GoodsLinesView } from '../../../components/business/goods-lines-field';
import { linesFromServer } from '../../../components/business/goods-lines';
import { Section } from '../../../components/business/page-shell';
import { BasicSection, DetailSection, RecordDetailPage } from '../../../components/business/record-detail';
import { contractRecords } from '../api/contracts';
import { contractTypeOf, isTradeKind, kindOfType, type ContractKind } from '../contract-kinds';
import { LazyResult } from '../../../components/lazy-result';

export type ContractDetailExtra = (contract: ContractDetail) => ReactNode;

/** A contract opened under another type's screen: go to its own screen (or say it is not there). */
export function WrongKind({ contract, page }: { contract: ContractDetail; page: 'edit' | 'detail' }) {
  const { t } = useTranslation();
  const own = kindOfType(contract.contractType);
  if (own) return <Navigate to={contractRecords(own).paths[page](contract.id)} replace />;
  return <LazyResult status="404" title={t('biz.record.notFound')} />;
}

/** The contract opened under `kind`'s screen when it is of another type, else null. */
export const elsewhere = (kind: ContractKind, page: 'edit' | 'detail') => (c: ContractDetail) =>
  c.contractType === contractTypeOf(kind) ? null : <WrongKind contract={c} page={page} />;

export function ContractDetailPage({ kind, extra }: { kind: ContractKind; extra?: ContractDetailExtra }) {
  const { t } = useTranslation();
  const trade = isTradeKind(kind);
  const counterparty = t(`biz.contracts.counterparty_${kind === 'purchase' ? 'purchase' : kind === 'sales' ? 'sales' : 'other'}`);
  const title = t(`biz.route.contract.${kind}.detail`);
  return (
    <RecordDetailPage
      kind={contractRecords(kind)}
      title={title}
      heading={(c) => ({ title, code: c.code })}
      elsewhere={elsewhere(kind, 'detail')}
      extra={extra}
    >
      {(contract) => (
        <>
          <BasicSection
            items={[
              { key: 'code', label: t('biz.contracts.code'), children: contract.code },
              { key: 'paper', label: t('biz.contracts.contractRelevanceCode'), children: orDash(contract.contractRelevanceCode) },
              { key: 'name', label: t('biz.contracts.contractName'), children: orDash(contract.contractName) },
              { key: 'enterprise', label: counterparty, children: contract.enterpriseName },
              { key: 'money', label: t('biz.contracts.money'), children: moneyText(t, contract.money) },
              { key: 'signDate', label: t('biz.contracts.signDate'), children: formatDate(contract.signDate) },
              {
                key: 'signType',
                label: t('biz.contracts.signType'),
                children: t(`biz.contracts.signType_${contract.signType}`, { defaultValue: String(contract.signType) }),
              },
              { key: 'createTime', label: t('biz.common.createTime'), children: formatDateTime(contract.createTime) },
              { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(contract.updateTime) },
            ]}
          />
          <DetailSection
            title={t('biz.section.links')}
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'project', label: t('biz.contracts.project'), children: orDash(contract.projectCode) },
              ...(trade
                ? [
                    {
                      key: 'order',
                      label: t(`biz.contracts.order_${kind === 'sales' ? 'sales' : 'purchase'}`),
                      children: orDash(contract.salesOrderCode ?? contract.purchaseOrderCode),
                    },
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
          {trade ? (
            <Section title={t('biz.section.goods')}>
              <GoodsLinesView lines={linesFromServer(contract.goods)} />
            </Section>
          ) : null}
          <Section title={t('biz.section.documents')}>
            <DocumentsView documents={contract.documents} signType={contract.signType} />
          </Section>
        </>
      )}
    </RecordDetailPage>
  );
}
