// Create and edit a loan application: the financed contract chosen with the contract picker, applicant, loan amount
// (held to what the contract still allows), the application's own documents in the document table, and the
// contract's documents read-only below. Labels, rules and messages are the contract's (SaveLoanBodySchema).
import { Col, Form, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { SaveLoanBodySchema, formatAmount, loanAmountProblem, type LoanDetail, type SaveLoanBody } from '@tfb/contract';
import { useContractLimits } from '../../../components/business/contract-limits';
import { ContractPickField, type PickedContract } from '../../../components/business/contract-pick-field';
import { DocumentsItem, MoneyInput } from '../../../components/business/form-items';
import { RecordEditPage } from '../../../components/business/edit-gate';
import { FieldItem } from '../../../components/business/field-item';
import { Section } from '../../../components/business/page-shell';
import { pickedId } from '../../../components/business/pick-field';
import { RecordFormPage, useRecordForm } from '../../../components/business/record-form';
import { documentRowsForSave, type DocumentRowValue } from '../../../components/widgets/document-upload-table';
import { limitRule, useRecheckWhenLimitChanges } from '../../../lib/form-rules';
import { LOANS } from '../api/loans';
import { LOAN_SCREENS } from '../loan-screens';
import { LOAN_SIGN_TYPE, LoanContractDocuments, LoanContractSummary, contractOf } from './loan-contract';

type FormValues = { contract: PickedContract | null; applicantName: string; loanAmount: number | null; documents: DocumentRowValue[] };

const fields = SaveLoanBodySchema.shape;

function LoanForm({ loan, reload }: { loan: LoanDetail | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const state = useRecordForm<FormValues, SaveLoanBody, LoanDetail>({
    screens: LOAN_SCREENS,
    endpoint: LOANS,
    record: loan,
    reload,
    fieldAliases: { contractId: 'contract' },
    toBody: (v, status) =>
      v.contract
        ? {
            contractId: v.contract.id,
            applicantName: v.applicantName.trim(),
            loanAmount: v.loanAmount ?? 0,
            status,
            documents: documentRowsForSave(v.documents),
          }
        : null,
  });
  const { form } = state;
  const contract = Form.useWatch('contract', form);
  // What the picked contract still allows, this application left out (the server refuses more with the same message).
  const contractQuery = useContractLimits(contract?.id, { excludeLoanId: loan?.id ?? null });
  const limits = contract && contractQuery.data?.id === contract.id ? contractQuery.data.limits : undefined;
  useRecheckWhenLimitChanges(form, 'loanAmount', limits?.loanRemaining);

  return (
    <RecordFormPage
      state={state}
      title={loan ? t('biz.loans.editTitle', { code: loan.applicationFormNum }) : t('biz.loans.createTitle')}
      status={loan?.status}
      initialValues={{
        contract: loan ? contractOf(loan) : null,
        applicantName: loan?.applicantName ?? '',
        loanAmount: loan?.loanAmount ?? null,
        documents: loan?.documents ?? [],
      }}
    >
      <Section title={t('biz.loans.contractSection')}>
        <FieldItem
          name="contract"
          field={fields.contractId}
          toContract={pickedId}
          input={() => <ContractPickField variant="fund" withMoney placeholder={t('biz.loans.contractPlaceholder')} />}
        />
        {contract ? <LoanContractSummary contract={contract} /> : null}
      </Section>
      <Section title={t('biz.section.basic')}>
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <FieldItem name="applicantName" field={fields.applicantName} extra={t('biz.loans.applicantHint')} />
          </Col>
          <Col xs={24} md={12}>
            <FieldItem
              name="loanAmount"
              field={fields.loanAmount}
              extra={limits ? t('biz.loans.remaining', { remaining: formatAmount(limits.loanRemaining), limit: formatAmount(limits.contractAmount) }) : undefined}
              moreRules={[limitRule((v) => (limits ? loanAmountProblem(v, { limit: limits.contractAmount, remaining: limits.loanRemaining }) : null))]}
              input={() => <MoneyInput />}
            />
          </Col>
        </Row>
      </Section>
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

export function LoanCreatePage() {
  return <LoanForm loan={null} />;
}

export function LoanEditPage() {
  const { t } = useTranslation();
  return (
    <RecordEditPage<LoanDetail>
      screens={LOAN_SCREENS}
      endpoint={LOANS}
      title={(l) => t('biz.loans.editTitle', { code: l?.applicationFormNum ?? '' })}
      status={(l) => l.status}
    >
      {(l, reload) => <LoanForm loan={l} reload={reload} />}
    </RecordEditPage>
  );
}
