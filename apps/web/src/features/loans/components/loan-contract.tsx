// The contract a loan application finances: chosen with the contract picker (findFundContactAndOrder),
// summarised in the form, and its documents shown read-only below the application's own documents.
import { Alert, Button, Descriptions, Empty, Skeleton, Tag, Typography, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPE_PREFIX, type ContractTypeKey } from '@tfb/contract';
import { formatMoney } from '../../../components/business/format';
import { PickField } from '../../../components/business/pick-field';
import { DocumentUploadTable } from '../../../components/widgets/document-upload-table';
import { ContractPicker, useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { useLoanContract } from '../api/get-loan-contract';

/** Loans finance contracts (the order entries of the picker are orders, not contracts). */
export const FUNDABLE_CONTRACT_TYPES: readonly ContractTypeKey[] = (['CGHT', 'XSHT', 'WLHT', 'JGHT', 'HYHT', 'DBHT', 'QTHT'] as const).map(
  (s) => `${CONTRACT_TYPE_PREFIX}${s}` as const,
);

export type LoanContractRef = { id: number; code: string; enterpriseName: string; money: number; contractType?: string };

export function LoanContractField({ value, onChange, id }: { value?: LoanContractRef | null; onChange?: (v: LoanContractRef | null) => void; id?: string }) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        placeholder={t('biz.loans.contractPlaceholder')}
        display={
          value ? (
            <Flex gap={8} align="center" wrap>
              {value.contractType ? <Tag bordered={false}>{typeLabel(value.contractType)}</Tag> : null}
              <Typography.Text strong>{value.code}</Typography.Text>
              <Typography.Text type="secondary">{value.enterpriseName}</Typography.Text>
              <Typography.Text className="biz-num">
                {formatMoney(value.money)} {t('biz.common.yuan')}
              </Typography.Text>
            </Flex>
          ) : null
        }
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      <ContractPicker
        open={open}
        variant="fund"
        contractTypes={FUNDABLE_CONTRACT_TYPES}
        onCancel={() => setOpen(false)}
        onOk={(c) => {
          setOpen(false);
          onChange?.({ id: c.id, code: c.code, enterpriseName: c.enterpriseName, money: c.money, contractType: c.contractType || c.type });
        }}
      />
    </>
  );
}

export function LoanContractSummary({ contract }: { contract: LoanContractRef }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 3 }}
      items={[
        { key: 'num', label: t('biz.loans.contractNum'), children: contract.code },
        { key: 'corp', label: t('biz.loans.corporateName'), children: contract.enterpriseName },
        { key: 'amount', label: t('biz.loans.contractAmount'), children: `${formatMoney(contract.money)} ${t('biz.common.yuan')}` },
      ]}
    />
  );
}

/** The financed contract's documents, read-only. */
export function LoanContractDocuments({ contractId, excludeLoanId = null }: { contractId: number | null | undefined; excludeLoanId?: number | null }) {
  const { t } = useTranslation();
  const query = useLoanContract(contractId, excludeLoanId);
  if (contractId === null || contractId === undefined) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.loans.documentsNeedContract')} />;
  }
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.error) {
    return (
      <Alert
        type="warning"
        showIcon
        title={t('biz.loans.documentsFailed')}
        description={query.error.message}
        action={
          <Button size="small" onClick={() => void query.refetch()}>
            {t('biz.common.retry')}
          </Button>
        }
      />
    );
  }
  const docs = query.data.documents;
  if (docs.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.loans.noDocuments')} />;
  return <DocumentUploadTable value={docs} signType={query.data.signType} disabled />;
}
