// The contract a loan application finances, summarised in the form and the detail, and its documents shown
// read-only below the application's own (the lender reviews the contract's files too).
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LoanRow } from '@tfb/contract';
import { useContractLimits } from '../../../components/business/contract-limits';
import type { PickedContract } from '../../../components/business/contract-pick-field';
import { formatMoney } from '../../../components/business/format';
import { Facts } from '../../../components/business/record-detail';
import { DocumentUploadTable } from '../../../components/widgets/document-upload-table';

/** Loan applications have no sign type: document rows can always be added (the table's rule for sign type 0). */
export const LOAN_SIGN_TYPE = 0;

/** The financed contract as the application row names it. */
export const contractOf = (l: LoanRow): PickedContract | null =>
  l.contractId ? { id: l.contractId, code: l.contractNum, enterpriseName: l.corporateName, money: l.contractAmount } : null;

export function LoanContractSummary({ contract }: { contract: PickedContract }) {
  const { t } = useTranslation();
  return (
    <Facts
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
export function LoanContractDocuments({
  contractId,
  excludeLoanId = null,
}: {
  contractId: number | null | undefined;
  excludeLoanId?: number | null;
}) {
  const { t } = useTranslation();
  const query = useContractLimits(contractId, { excludeLoanId });
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
