// The detail of one loan application: its header, the financed contract, its own documents and the contract's,
// read-only, with its change history. `extra` is where the approval panel goes.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoanDetail } from '@tfb/contract';
import { DocumentsView } from '../../../components/business/form-items';
import { formatDate, formatDateTime, moneyText, orDash } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { BasicSection, RecordDetailPage, detailTexts } from '../../../components/business/record-detail';
import { StatusTag } from '../../../components/business/status-tag';
import { LOANS } from '../api/loans';
import { LOAN_SIGN_TYPE, LoanContractDocuments, LoanContractSummary, contractOf } from './loan-contract';

export type LoanDetailExtra = (loan: LoanDetail) => ReactNode;

export function LoanDetailPage({ extra }: { extra?: LoanDetailExtra }) {
  const { t } = useTranslation();
  return (
    <RecordDetailPage kind={LOANS} {...detailTexts(t, 'biz.loans', (l: LoanDetail) => l.applicationFormNum)} extra={extra}>
      {(loan) => {
        const contract = contractOf(loan);
        return (
          <>
            <BasicSection
              items={[
                { key: 'num', label: t('biz.loans.applicationFormNum'), children: loan.applicationFormNum },
                { key: 'applicant', label: t('biz.loans.applicantName'), children: orDash(loan.applicantName) },
                { key: 'date', label: t('biz.loans.createDate'), children: formatDate(loan.createDate) },
                {
                  key: 'loanAmount',
                  label: t('biz.loans.loanAmount'),
                  children: moneyText(t, loan.loanAmount),
                },
                { key: 'status', label: t('biz.common.status'), children: <StatusTag status={loan.status} /> },
                { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(loan.updateTime) },
              ]}
            />
            <Section title={t('biz.loans.contractSection')}>{contract ? <LoanContractSummary contract={contract} /> : '—'}</Section>
            <Section title={t('biz.loans.documentsSection')}>
              <DocumentsView documents={loan.documents} signType={LOAN_SIGN_TYPE} />
            </Section>
            <Section title={t('biz.loans.contractDocumentsSection')}>
              <LoanContractDocuments contractId={loan.contractId} />
            </Section>
          </>
        );
      }}
    </RecordDetailPage>
  );
}
