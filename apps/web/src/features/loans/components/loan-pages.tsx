// Loan applications: the list (search, application date, status), the form (the financed contract chosen with
// the contract picker, applicant, loan amount, the application's own documents in the document table; the
// contract's documents read-only below) and the detail, whose `extra` slot is where the approval panel goes.
import { EditOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Descriptions, Empty, Flex, Form, Input, InputNumber, Result, Row, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BUSINESS_MESSAGES,
  MESSAGES,
  MONEY_MAX,
  SaveLoanBodySchema,
  formatAmount,
  loanAmountProblem,
  type BusinessStatus,
  type LoanDetail,
  type LoanRow,
} from '@tfb/contract';
import { DetailTabs } from '../../../components/business/audit-trail';
import { FormActions } from '../../../components/business/form-actions';
import { DATE_FORMAT, formatDate, formatDateTime, formatMoney, orDash } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { showSaveError } from '../../../components/business/save-error';
import { refOf, useStaleVersion } from '../../../components/business/stale-version';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { DocumentUploadTable, documentRowsForSave, documentRowsProblem, type DocumentRowValue } from '../../../components/widgets/document-upload-table';
import { limitRule, schemaRule, useRecheckWhenLimitChanges } from '../../../lib/form-rules';
import { LOAN_PATHS } from '../api/keys';
import { useLoanContract } from '../api/get-loan-contract';
import { useLoan } from '../api/get-loan';
import { useLoans } from '../api/get-loans';
import { useSaveLoan } from '../api/save-loan';
import { LoanContractDocuments, LoanContractField, LoanContractSummary, type LoanContractRef } from './loan-contract';
import { useCan } from '../../../lib/use-can';

type Filters = { search?: string; status?: BusinessStatus; createDate?: string };
type SearchValues = { keyword?: string; status?: BusinessStatus; createDate?: Dayjs | null };

export function LoanListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('funds:write');
  const list = useListState<Filters>({});
  const query = useLoans({ ...list.page, ...list.filters });
  const columns: TableColumnsType<LoanRow> = [
    {
      title: t('biz.loans.applicationFormNum'),
      dataIndex: 'applicationFormNum',
      width: 180,
      fixed: 'left',
      render: (code: string, l) => (
        <Typography.Link className="biz-cell__code" onClick={() => navigate(LOAN_PATHS.detail(l.id))}>
          {code}
        </Typography.Link>
      ),
    },
    { title: t('biz.loans.applicantName'), dataIndex: 'applicantName', width: 120, ellipsis: true },
    { title: t('biz.loans.createDate'), dataIndex: 'createDate', width: 110, render: formatDate },
    {
      title: t('biz.loans.contract'),
      key: 'contract',
      ellipsis: true,
      render: (_, l) => (
        <Flex vertical gap={2}>
          <span className="biz-cell__code">{l.contractNum}</span>
          <Typography.Text type="secondary" className="biz-cell__sub" ellipsis>
            {l.corporateName}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('biz.loans.contractAmount'), dataIndex: 'contractAmount', width: 140, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    { title: t('biz.loans.loanAmount'), dataIndex: 'loanAmount', width: 140, align: 'right', render: (n: number) => <Typography.Text strong className="biz-num">{formatMoney(n)}</Typography.Text> },
    { title: t('biz.common.status'), dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, l) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(LOAN_PATHS.detail(l.id))}>
            {t('biz.common.view')}
          </Button>
          {canWrite && isEditable(l.status) ? (
            <Button type="link" size="small" onClick={() => navigate(LOAN_PATHS.edit(l.id))}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <ListPage<LoanRow, SearchValues>
      title={t('biz.loans.title')}
      subtitle={t('biz.loans.subtitle')}
      entityName={t('biz.loans.entity')}
      createLabel={t('biz.loans.create')}
      onCreate={canWrite ? () => navigate(LOAN_PATHS.add) : undefined}
      searchPlaceholder={t('biz.loans.searchPlaceholder')}
      filters={
        <Form.Item name="createDate" label={t('biz.loans.createDate')}>
          <DatePicker format={DATE_FORMAT} />
        </Form.Item>
      }
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status, createDate: v.createDate ? v.createDate.format(DATE_FORMAT) : undefined })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(l) => l.id}
      scrollX={1080}
    />
  );
}

type FormValues = { contract: LoanContractRef | null; applicantName: string; loanAmount: number | null; documents: DocumentRowValue[] };

/** Loan applications have no sign type: rows can always be added (the table's rule for sign type 0). */
const LOAN_SIGN_TYPE = 0;

const contractOf = (l: LoanRow): LoanContractRef | null =>
  l.contractId ? { id: l.contractId, code: l.contractNum, enterpriseName: l.corporateName, money: l.contractAmount } : null;

function LoanForm({ loan, reload }: { loan: LoanDetail | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveLoan();
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState<BusinessStatus | null>(null);
  const contract = Form.useWatch('contract', form);
  // What the picked contract still allows, this application left out (the server refuses more with the same message).
  const contractQuery = useLoanContract(contract?.id, loan?.id ?? null);
  const limits = contract && contractQuery.data?.id === contract.id ? contractQuery.data.limits : undefined;
  useRecheckWhenLimitChanges(form, 'loanAmount', limits?.loanRemaining);

  const onSave = async (status: BusinessStatus) => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!v.contract) return;
    setSaving(status);
    try {
      const saved = await save.mutateAsync({
        ...refOf(loan),
        body: {
          contractId: v.contract.id,
          applicantName: v.applicantName.trim(),
          loanAmount: v.loanAmount ?? 0,
          status,
          documents: documentRowsForSave(v.documents),
        },
      });
      void message.success(loan ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(LOAN_PATHS.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message, { contractId: 'contract' });
    } finally {
      setSaving(null);
    }
  };

  return (
    <PageShell
      title={loan ? t('biz.loans.editTitle', { code: loan.applicationFormNum }) : t('biz.loans.createTitle')}
      tags={loan ? <StatusTag status={loan.status} /> : null}
      backTo={loan ? LOAN_PATHS.detail(loan.id) : LOAN_PATHS.list}
      footer={<FormActions saving={saving} onCancel={() => navigate(loan ? LOAN_PATHS.detail(loan.id) : LOAN_PATHS.list)} onSave={(s) => void onSave(s)} />}
    >
      {stale.alert}
      <Form<FormValues>
        form={form}
        layout="vertical"
        scrollToFirstError
        initialValues={{
          contract: loan ? contractOf(loan) : null,
          applicantName: loan?.applicantName ?? '',
          loanAmount: loan?.loanAmount ?? null,
          documents: loan?.documents ?? [],
        }}
      >
        <Section title={t('biz.loans.contractSection')}>
          <Form.Item name="contract" label={t('biz.loans.contract')} rules={[{ required: true, message: BUSINESS_MESSAGES.contractRequired }]}>
            <LoanContractField />
          </Form.Item>
          {contract ? <LoanContractSummary contract={contract} /> : null}
        </Section>
        <Section title={t('biz.section.basic')}>
          <Row gutter={24}>
            <Col xs={24} md={12}>
              <Form.Item name="applicantName" label={t('biz.loans.applicantName')} extra={t('biz.loans.applicantHint')}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="loanAmount"
                label={t('biz.loans.loanAmount')}
                extra={
                  limits
                    ? t('biz.loans.remaining', { remaining: formatAmount(limits.loanRemaining), limit: formatAmount(limits.contractAmount) })
                    : undefined
                }
                rules={[
                  { required: true, message: t('biz.loans.loanAmountRequired') },
                  schemaRule(SaveLoanBodySchema.shape.loanAmount),
                  limitRule((v) => (limits ? loanAmountProblem(v, { limit: limits.contractAmount, remaining: limits.loanRemaining }) : null)),
                ]}
              >
                <InputNumber<number> min={0} max={MONEY_MAX} precision={2} style={{ width: '100%' }} suffix={t('biz.common.yuan')} />
              </Form.Item>
            </Col>
          </Row>
        </Section>
        <Section title={t('biz.loans.documentsSection')}>
          <Form.Item
            name="documents"
            rules={[
              {
                validator: async (_, rows: DocumentRowValue[]) => {
                  const problem = documentRowsProblem(rows);
                  if (problem) throw new Error(t(`widgets.document.${problem}`));
                },
              },
            ]}
          >
            {/* The form's first (and only) upload table: the 200 MB variant (spec 2.3 item 2, 5 Document upload). */}
            <DocumentUploadTable signType={LOAN_SIGN_TYPE} variant="large" />
          </Form.Item>
        </Section>
        <Section title={t('biz.loans.contractDocumentsSection')}>
          <LoanContractDocuments contractId={contract?.id} excludeLoanId={loan?.id ?? null} />
        </Section>
      </Form>
    </PageShell>
  );
}

export function LoanCreatePage() {
  return <LoanForm loan={null} />;
}

export function LoanEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useLoan(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.loans.editTitle', { code: '' })} backTo={LOAN_PATHS.list}>
      {(l) =>
        isEditable(l.status) ? (
          <LoanForm key={`${l.id}:${l.version}`} reload={query.refetch} loan={l} />
        ) : (
          <PageShell title={t('biz.loans.editTitle', { code: l.applicationFormNum })} tags={<StatusTag status={l.status} />} backTo={LOAN_PATHS.list}>
            <Result
              status="info"
              title={t('biz.record.readOnly')}
              extra={
                <Button type="primary" onClick={() => navigate(LOAN_PATHS.detail(l.id), { replace: true })}>
                  {t('biz.common.viewDetail')}
                </Button>
              }
            />
          </PageShell>
        )
      }
    </RecordLoader>
  );
}

export type LoanDetailExtra = (loan: LoanDetail) => ReactNode;

export function LoanDetailView({ loan, extra }: { loan: LoanDetail; extra?: LoanDetailExtra }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('funds:write');
  return (
    <PageShell
      title={`${t('biz.loans.entity')} ${loan.applicationFormNum}`}
      tags={<StatusTag status={loan.status} />}
      backTo={LOAN_PATHS.list}
      extra={
        canWrite && isEditable(loan.status) ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(LOAN_PATHS.edit(loan.id))}>
            {t('biz.common.edit')}
          </Button>
        ) : null
      }
    >
      <DetailTabs entity="loan" id={loan.id}>
        <Section title={t('biz.section.basic')}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'num', label: t('biz.loans.applicationFormNum'), children: loan.applicationFormNum },
              { key: 'applicant', label: t('biz.loans.applicantName'), children: orDash(loan.applicantName) },
              { key: 'date', label: t('biz.loans.createDate'), children: formatDate(loan.createDate) },
              { key: 'loanAmount', label: t('biz.loans.loanAmount'), children: `${formatMoney(loan.loanAmount)} ${t('biz.common.yuan')}` },
              { key: 'status', label: t('biz.common.status'), children: <StatusTag status={loan.status} /> },
              { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(loan.updateTime) },
            ]}
          />
        </Section>
        <Section title={t('biz.loans.contractSection')}>
          {contractOf(loan) ? <LoanContractSummary contract={contractOf(loan)!} /> : '—'}
        </Section>
        <Section title={t('biz.loans.documentsSection')}>
          {loan.documents.length > 0 ? (
            <DocumentUploadTable value={loan.documents} signType={LOAN_SIGN_TYPE} disabled />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.common.noDocuments')} />
          )}
        </Section>
        <Section title={t('biz.loans.contractDocumentsSection')}>
          <LoanContractDocuments contractId={loan.contractId} />
        </Section>
        <div className="biz-slot" data-slot="loan-detail-extra">
          {extra?.(loan)}
        </div>
      </DetailTabs>
    </PageShell>
  );
}

export function LoanDetailPage({ extra }: { extra?: LoanDetailExtra }) {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useLoan(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.loans.title')} backTo={LOAN_PATHS.list}>
      {(l) => <LoanDetailView loan={l} extra={extra} />}
    </RecordLoader>
  );
}
