// Sign a product, or fix a draft or rejected signing: the on-shelf product, the amount (within its limit) and term
// (within its range), the purpose, the project and/or contract chosen with the shared pickers, and the documents in
// the shared upload table, with the product's required types listed and ticked off as they are attached. Saving
// keeps a draft; the detail page submits it for approval. Rules and messages are the contract's.
import { CheckCircleFilled, ExclamationCircleOutlined } from '@ant-design/icons';
import { Flex, Form, Input, InputNumber, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  PRODUCT_MESSAGES,
  PRODUCT_TERM_MAX,
  SaveSigningBodySchema,
  type Product,
  type SaveSigningBody,
  type SigningDetail,
} from '@tfb/contract';
import { ContractPickField, type PickedContract } from '../../../components/business/contract-pick-field';
import { FieldItem } from '../../../components/business/field-item';
import { DocumentsItem, MoneyInput } from '../../../components/business/form-items';
import { formatMoney } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { PickDialogField, PickedCode, pickedId, type PickControlProps } from '../../../components/business/pick-field';
import { useRecordPage } from '../../../components/business/record-api';
import {
  FormSection,
  RecordFormPage,
  recordFormPages,
  useRecordForm,
  type RecordFormProps,
} from '../../../components/business/record-form';
import { documentRowsForSave, type DocumentRowValue } from '../../../components/widgets/document-upload-table';
import { ProjectPicker } from '../../../components/widgets/pickers/project-picker';
import { contractMessage } from '../../../lib/form-rules';
import { PRODUCTS, SIGNINGS } from '../api/products';
import { rateRange, useTermRange } from './product-parts';

/** Signing documents have no sign type: rows can always be added (the table's rule for sign type 0). */
export const SIGNING_SIGN_TYPE = 0;

export type ProjectRef = { id: number; code: string; name?: string | null };

type Values = {
  productId: number | null;
  amount: number | null;
  termMonths: number | null;
  purpose: string;
  project: ProjectRef | null;
  contract: PickedContract | null;
  documents: DocumentRowValue[];
};

const fields = SaveSigningBodySchema.shape;
const ALIASES = { projectId: 'project', contractId: 'contract' };

export function ProjectPickField(control: PickControlProps<ProjectRef>) {
  const { t } = useTranslation();
  return (
    <PickDialogField
      {...control}
      placeholder={t('products.signing.projectPlaceholder')}
      display={(v) => <PickedCode code={v.code} detail={v.name ?? undefined} />}
      dialog={({ choose, ...dialog }) => (
        <ProjectPicker {...dialog} onOk={(p) => choose({ id: p.id, code: p.projectCode, name: p.projectName })} />
      )}
    />
  );
}

/** The on-shelf products a signing may choose (and the signing's own product, even if it was withdrawn since). */
function useProductChoices(current: Product | null): Product[] {
  const page = useRecordPage(PRODUCTS, { pageNumber: 0, pageSize: 100, status: 'on' });
  const on = page.data?.content ?? [];
  return current && !on.some((p) => p.id === current.id) ? [current, ...on] : on;
}

/** The product's required document types, each ticked once a row of its type is in the table. */
export function RequiredDocsChecklist({ product, rows }: { product: Product; rows: readonly { fileTypeId: string; filePath?: string }[] }) {
  const { t } = useTranslation();
  const attached = new Set(rows.filter((r) => r.filePath).map((r) => r.fileTypeId));
  if (product.requiredDocs.length === 0) return <Typography.Text type="secondary">{t('products.noRequiredDocs')}</Typography.Text>;
  return (
    <Flex wrap gap={8} align="center" aria-label={t('products.signing.requiredDocs')}>
      <Typography.Text type="secondary">{t('products.signing.requiredDocs')}</Typography.Text>
      {product.requiredDocs.map((d) =>
        attached.has(d.key) ? (
          <Tag key={d.key} color="success" icon={<CheckCircleFilled />}>
            {d.name}
          </Tag>
        ) : (
          <Tag key={d.key} color="warning" icon={<ExclamationCircleOutlined />}>
            {d.name}
          </Tag>
        ),
      )}
    </Flex>
  );
}

function SigningForm(props: RecordFormProps<SigningDetail>) {
  const { t } = useTranslation();
  const termRange = useTermRange();
  const [params] = useSearchParams();
  const signing = props.record;
  const state = useRecordForm<Values, SaveSigningBody, SigningDetail>({
    kind: SIGNINGS,
    record: signing,
    reload: props.reload,
    fieldAliases: ALIASES,
    toBody: (v) => ({
      productId: v.productId ?? 0,
      amount: v.amount ?? 0,
      termMonths: v.termMonths ?? 0,
      purpose: v.purpose.trim(),
      projectId: v.project?.id ?? null,
      contractId: v.contract?.id ?? null,
      documents: documentRowsForSave(v.documents) as SaveSigningBody['documents'],
    }),
  });
  const products = useProductChoices(signing?.product ?? null);
  const productId = Form.useWatch('productId', state.form);
  const documents = Form.useWatch('documents', state.form) ?? [];
  const product = products.find((p) => p.id === productId) ?? null;
  const fromLink = Number(params.get('productId'));

  const initialValues: Values = signing
    ? {
        productId: signing.productId,
        amount: signing.amount,
        termMonths: signing.termMonths,
        purpose: signing.purpose,
        project: signing.projectId ? { id: signing.projectId, code: signing.projectCode ?? '', name: signing.projectName } : null,
        contract: signing.contractId ? { id: signing.contractId, code: signing.contractCode ?? '', enterpriseName: '' } : null,
        documents: signing.documents,
      }
    : {
        productId: Number.isSafeInteger(fromLink) && fromLink > 0 ? fromLink : null,
        amount: null,
        termMonths: null,
        purpose: '',
        project: null,
        contract: null,
        documents: [],
      };

  const limitRule = {
    validator: (_: unknown, v: number | null) =>
      product && v !== null && v !== undefined && v > product.limitAmount
        ? Promise.reject(new Error(contractMessage(t, PRODUCT_MESSAGES.amountOverLimit(formatMoney(product.limitAmount)))))
        : Promise.resolve(),
  };
  const termRule = {
    validator: (_: unknown, v: number | null) =>
      product && v !== null && v !== undefined && (v < product.termMin || v > product.termMax)
        ? Promise.reject(new Error(contractMessage(t, PRODUCT_MESSAGES.termOutOfRange(product.termMin, product.termMax))))
        : Promise.resolve(),
  };
  const eitherRule = {
    validator: () =>
      state.form.getFieldValue('project') || state.form.getFieldValue('contract')
        ? Promise.resolve()
        : Promise.reject(new Error(contractMessage(t, PRODUCT_MESSAGES.projectOrContract))),
  };

  return (
    <RecordFormPage
      state={state}
      withSubmit={false}
      title={signing ? t('products.signing.editTitle', { code: signing.signCode }) : t('products.signing.createTitle')}
      initialValues={initialValues}
    >
      <Section title={t('products.signing.productSection')}>
        <FieldItem
          name="productId"
          field={fields.productId}
          input={() => (
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('products.signing.productPlaceholder')}
              options={products.map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
            />
          )}
        />
        {product ? (
          <Typography.Paragraph type="secondary">
            {t('products.signing.productTerms', {
              kind: t(`products.kind.${product.kind}`),
              rate: rateRange(product),
              term: termRange(product),
              limit: formatMoney(product.limitAmount),
            })}
          </Typography.Paragraph>
        ) : null}
      </Section>
      <FormSection title={t('products.signing.applicationSection')}>
        <FieldItem
          span="half"
          name="amount"
          field={fields.amount}
          dependencies={['productId']}
          moreRules={[limitRule]}
          extra={product ? t('products.signing.amountHint', { limit: formatMoney(product.limitAmount) }) : undefined}
          input={() => <MoneyInput />}
        />
        <FieldItem
          span="half"
          name="termMonths"
          field={fields.termMonths}
          dependencies={['productId']}
          moreRules={[termRule]}
          extra={product ? t('products.signing.termHint', { range: termRange(product) }) : undefined}
          input={() => <InputNumber min={1} max={PRODUCT_TERM_MAX} precision={0} suffix={t('products.months')} style={{ width: '100%' }} />}
        />
        <FieldItem
          span="full"
          name="purpose"
          field={fields.purpose}
          input={(max) => <Input.TextArea rows={2} maxLength={max} showCount />}
        />
        <FieldItem
          span="half"
          name="project"
          field={fields.projectId}
          toContract={pickedId}
          dependencies={['contract']}
          moreRules={[eitherRule]}
          input={() => <ProjectPickField />}
        />
        <FieldItem
          span="half"
          name="contract"
          field={fields.contractId}
          toContract={pickedId}
          dependencies={['project']}
          input={() => <ContractPickField variant="fund" placeholder={t('products.signing.contractPlaceholder')} />}
        />
      </FormSection>
      <Section title={t('products.signing.documentsSection')}>
        {product ? <RequiredDocsChecklist product={product} rows={documents} /> : null}
        <DocumentsItem signType={SIGNING_SIGN_TYPE} />
      </Section>
    </RecordFormPage>
  );
}

export const { CreatePage: SigningCreatePage, EditPage: SigningEditPage } = recordFormPages(SIGNINGS, SigningForm, (t, s) =>
  t('products.signing.editTitle', { code: s?.signCode ?? '' }),
);
