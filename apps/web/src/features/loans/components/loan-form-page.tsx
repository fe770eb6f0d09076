// Create and edit a loan application: the financed contract chosen with the contract picker, applicant, loan amount
// (held to what the contract still allows), the application's own documents in the document table, and the
// contract's documents read-only below. Labels, rules and messages are the contract's (SaveLoanBodySchema).
import { useTranslation } from 'react-i18next';
import { SaveLoanBodySchema, type LoanDetail, type SaveLoanBody } from '@tfb/contract';
import { type PickedContract } from '../../../components/business/contract-pick-field';
import { ContractItem, useContractRecordForm } from '../../../components/business/contract-record-form';
import { DocumentsItem, MoneyInput } from '../../../components/business/form-items';
import { FieldItem } from '../../../components/business/field-item';
import { Section } from '../../../components/business/page-shell';
import { FormSection, RecordFormPage, recordFormPages, recordValues, type RecordFormProps } from '../../../components/business/record-form';
import { documentRowsForSave, type DocumentRowValue } from '../../../components/widgets/document-upload-table';
import { LOANS } from '../api/loans';
import { LOAN_SIGN_TYPE, LoanContractDocuments, LoanContractSummary, contractOf } from './loan-contract';

type FormValues = { contract: PickedContract | null; applicantName: string; loanAmount: number | null; documents: DocumentRowValue[] };

const fields = SaveLoanBodySchema.shape;

function LoanForm(props: RecordFormProps<LoanDetail>) {
  const { t } = useTranslation();
  const loan = props.record;
  const { state, contract, hint, rule } = useContractRecordForm<FormValues, SaveLoanBody, LoanDetail>(
    LOANS,
    props,
    'loan',
    (v, contractId, status) => ({
      contractId,
      applicantName: v.applicantName.trim(),
      loanAmount: v.loanAmount ?? 0,
      status,
      documents: documentRowsForSave(v.documents),
    }),
  );

  return (
    <RecordFormPage
      state={state}
      title={loan ? t('biz.loans.editTitle', { code: loan.applicationFormNum }) : t('biz.loans.createTitle')}
      initialValues={{
        contract: loan ? contractOf(loan) : null,
        ...recordValues(loan, { applicantName: '', loanAmount: null, documents: [] }),
      }}
    >
      <Section title={t('biz.loans.contractSection')}>
        <ContractItem field={fields.contractId} variant="fund" withMoney placeholder={t('biz.loans.contractPlaceholder')} />
        {contract ? <LoanContractSummary contract={contract} /> : null}
      </Section>
      <FormSection>
        <FieldItem span="half" name="applicantName" field={fields.applicantName} extra={t('biz.loans.applicantHint')} />
        <FieldItem span="half" name="loanAmount" field={fields.loanAmount} extra={hint} moreRules={[rule]} input={() => <MoneyInput />} />
      </FormSection>
      <Section title={t('biz.loans.documentsSection')}>
        {/* The form's first (and only) upload table: the 200 MB variant (spec 2.3 item 2, 5 Document upload). */}
        <DocumentsItem signType={LOAN_SIGN_TYPE} />
      </Section>
      <Section title={t('biz.loans.contractDocumentsSection')}>
        <LoanContractDocuments contractId={contract?.id} excludeLoanId={loan?.id ?? null} />
      </Section>
    </RecordFormPage>
  );
}

export const { CreatePage: LoanCreatePage, EditPage: LoanEditPage } = recordFormPages(LOANS, LoanForm, (t, l) =>
  t('biz.loans.editTitle', { code: l?.applicationFormNum ?? '' }),
);
