// Add and edit a product (products:admin): name, code, kind, rate and term ranges, limit, the required document
// types (from the business_documentType dictionary) and a description. Labels, rules and messages are the
// contract's (SaveProductBodySchema); an edit sends the version read (someone else's save first: 409).
import { App, Button, Flex, Form, Input, InputNumber, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DOCUMENT_TYPE_GROUP,
  MESSAGES,
  PRODUCT_KINDS,
  PRODUCT_RATE_MAX,
  PRODUCT_TERM_MAX,
  SaveProductBodySchema,
  type Product,
  type SaveProductBody,
} from '@tfb/contract';
import { FieldItem } from '../../../components/business/field-item';
import { MoneyInput } from '../../../components/business/form-items';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { useRecord } from '../../../components/business/record-api';
import { showSaveError } from '../../../components/business/save-error';
import { useIdParam } from '../../../components/business/use-id-param';
import { useDict } from '../../../components/widgets/dict';
import { PRODUCTS, useSaveProduct } from '../api/products';

const fields = SaveProductBodySchema.shape;
type Values = Omit<SaveProductBody, 'rateMin' | 'rateMax' | 'termMin' | 'termMax' | 'limitAmount'> & {
  rateMin: number | null;
  rateMax: number | null;
  termMin: number | null;
  termMax: number | null;
  limitAmount: number | null;
};

const EMPTY: Values = {
  name: '',
  code: '',
  kind: undefined as unknown as SaveProductBody['kind'],
  rateMin: null,
  rateMax: null,
  termMin: null,
  termMax: null,
  limitAmount: null,
  requiredDocTypes: [],
  description: '',
};

export function ProductForm({ product }: { product: Product | null }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveProduct();
  const docTypes = useDict(DOCUMENT_TYPE_GROUP);
  const back = product ? PRODUCTS.paths.detail(product.id) : PRODUCTS.paths.list;
  const initial: Values = product ? { ...product, requiredDocTypes: product.requiredDocs.map((d) => d.key) } : EMPTY;

  const onSave = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body = { ...v, description: v.description ?? '' } as SaveProductBody;
    try {
      const saved = await save.mutateAsync(product ? { id: product.id, version: product.version, body } : { id: null, body });
      void message.success(product ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(PRODUCTS.paths.detail(saved.id), { replace: true });
    } catch (err) {
      showSaveError(err, form, message);
    }
  };

  const number = (props: { min: number; max: number; step?: number; suffix: string }) => () => (
    <InputNumber
      className="biz-input-number"
      min={props.min}
      max={props.max}
      step={props.step}
      suffix={props.suffix}
      style={{ width: '100%' }}
    />
  );
  return (
    <PageShell
      title={product ? t('products.form.editTitle', { name: product.name }) : t('products.form.createTitle')}
      backTo={back}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => navigate(back)} disabled={save.isPending}>
            {t('biz.common.cancel')}
          </Button>
          <Button type="primary" loading={save.isPending} onClick={() => void onSave()}>
            {t('biz.common.save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values> form={form} layout="vertical" scrollToFirstError initialValues={initial}>
        <Section title={t('biz.section.basic')}>
          <Row gutter={24}>
            <FieldItem span="third" name="name" field={fields.name} />
            <FieldItem span="third" name="code" field={fields.code} />
            <FieldItem
              span="third"
              name="kind"
              field={fields.kind}
              input={() => (
                <Select
                  placeholder={t('products.form.kindPlaceholder')}
                  options={PRODUCT_KINDS.map((k) => ({ value: k, label: t(`products.kind.${k}`) }))}
                />
              )}
            />
            <FieldItem
              span="third"
              name="rateMin"
              field={fields.rateMin}
              input={number({ min: 0, max: PRODUCT_RATE_MAX, step: 0.05, suffix: '%' })}
            />
            <FieldItem
              span="third"
              name="rateMax"
              field={fields.rateMax}
              dependencies={['rateMin']}
              input={number({ min: 0, max: PRODUCT_RATE_MAX, step: 0.05, suffix: '%' })}
            />
            <FieldItem span="third" name="limitAmount" field={fields.limitAmount} input={() => <MoneyInput />} />
            <FieldItem
              span="third"
              name="termMin"
              field={fields.termMin}
              input={number({ min: 1, max: PRODUCT_TERM_MAX, suffix: t('products.months') })}
            />
            <FieldItem
              span="third"
              name="termMax"
              field={fields.termMax}
              dependencies={['termMin']}
              input={number({ min: 1, max: PRODUCT_TERM_MAX, suffix: t('products.months') })}
            />
            <FieldItem
              span="third"
              name="requiredDocTypes"
              field={fields.requiredDocTypes}
              input={() => (
                <Select
                  mode="multiple"
                  loading={docTypes.loading}
                  placeholder={t('products.form.docsPlaceholder')}
                  options={docTypes.entries.map((d) => ({ value: d.dictKey, label: d.dictValueName }))}
                />
              )}
            />
            <FieldItem
              span="full"
              name="description"
              field={fields.description}
              input={(max) => <Input.TextArea rows={3} maxLength={max} showCount />}
            />
          </Row>
        </Section>
      </Form>
    </PageShell>
  );
}

export function ProductCreatePage() {
  return <ProductForm product={null} />;
}

export function ProductEditPage() {
  const { t } = useTranslation();
  const id = useIdParam();
  const query = useRecord(PRODUCTS, id);
  return (
    <RecordLoader id={id} query={query} title={t('products.form.editTitleLoading')} backTo={PRODUCTS.paths.list}>
      {(p) => <ProductForm product={p} />}
    </RecordLoader>
  );
}
