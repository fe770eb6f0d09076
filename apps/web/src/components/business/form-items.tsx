// Controls the record forms share: the amount (the contract's money field, with "use the goods total" where the
// record has goods lines), the goods lines and the documents (each checked before a save), and the read-only
// documents of a detail.
import { Button, DatePicker, Empty, Form, InputNumber, Radio, type FormRule, type InputNumberProps, type RadioGroupProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { MONEY_MAX, type DocumentRow } from '@tfb/contract';
import { contractMessage, formField } from '../../lib/form-rules';
import { DocumentUploadTable, documentRowsProblem, type DocumentRowValue } from '../widgets/document-upload-table';
import { FieldCell, FieldItem, type FieldItemProps, type FieldSpan } from './field-item';
import { DATE_FORMAT, dateValue } from './format';
import { GoodsLinesField } from './goods-lines-field';
import { goodsLinesProblem, linesTotal, type GoodsLineValue } from './goods-lines';

/** An amount in yuan, as the money columns hold it (two decimals, at most MONEY_MAX). */
export function MoneyInput(props: InputNumberProps<number>) {
  const { t } = useTranslation();
  return <InputNumber<number> min={0} max={MONEY_MAX} precision={2} style={{ width: '100%' }} suffix={t('biz.common.yuan')} {...props} />;
}

/** A choice among a few values as buttons, each labelled `<textKey>_<value>`. */
function ChoiceButtons({ values, textKey, ...group }: Omit<RadioGroupProps, 'options'> & { values: number[]; textKey: string }) {
  const { t } = useTranslation();
  return <Radio.Group optionType="button" {...group} options={values.map((v) => ({ value: v, label: t(`${textKey}_${v}`) }))} />;
}

/** A field of a record form chosen among a few values with buttons (a record's type, side or sign type), each
 * labelled `<textKey>_<value>`. */
export function ChoiceItem({
  values,
  textKey,
  ...props
}: Omit<FieldItemProps, 'toContract' | 'input'> & { values: number[]; textKey: string }) {
  return <FieldItem {...props} input={() => <ChoiceButtons values={values} textKey={textKey} />} />;
}

/** A date field of a record form: a date picker whose day the contract checks as its text. */
export function DateItem(props: Omit<FieldItemProps, 'toContract' | 'input'>) {
  return <FieldItem {...props} toContract={dateValue} input={() => <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />} />;
}

/** The `money` field of a record form; with goods lines, a button fills in their total. */
export function AmountItem({ field, withGoodsTotal, span }: { field: z.ZodType; withGoodsTotal: boolean; span?: FieldSpan }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const money = formField(field, t);
  const fillGoodsTotal = () => form.setFieldValue('money', linesTotal(form.getFieldValue('goods')).amount);
  return (
    <FieldCell span={span}>
      <Form.Item
        label={money.label}
        // The label names the amount input (the inner item carries the field, hence its id).
        htmlFor="money"
        required
        extra={
          withGoodsTotal ? (
            <Button type="link" size="small" className="biz-link-inline" onClick={fillGoodsTotal}>
              {t('biz.contracts.useGoodsTotal')}
            </Button>
          ) : undefined
        }
      >
        <Form.Item name="money" noStyle rules={money.rules}>
          <MoneyInput />
        </Form.Item>
      </Form.Item>
    </FieldCell>
  );
}

/** A form item whose value `problemOf` may find a problem with, refused with the problem said in the current language. */
function ProblemItem<V>({
  name,
  problemOf,
  message,
  children,
}: {
  name: string;
  problemOf: (value: V) => string | null;
  message: (problem: string) => string;
  children: ReactNode;
}) {
  const rule: FormRule = {
    validator: async (_, value: V) => {
      const problem = problemOf(value);
      if (problem) throw new Error(message(problem));
    },
  };
  return (
    <Form.Item name={name} rules={[rule]}>
      {children}
    </Form.Item>
  );
}

/** The `goods` lines of a record form: every line named and with a quantity. */
export function GoodsLinesItem({ extraActions }: { extraActions?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ProblemItem name="goods" problemOf={(lines: GoodsLineValue[]) => goodsLinesProblem(lines)} message={(m) => contractMessage(t, m)}>
      <GoodsLinesField extraActions={extraActions} />
    </ProblemItem>
  );
}

/** The `documents` of a record form: the form's first upload table (the 200 MB variant), every row complete. */
export function DocumentsItem({ signType }: { signType: number }) {
  const { t } = useTranslation();
  return (
    <ProblemItem
      name="documents"
      problemOf={(rows: DocumentRowValue[]) => documentRowsProblem(rows)}
      message={(p) => t(`widgets.document.${p}`)}
    >
      <DocumentUploadTable signType={signType} variant="large" />
    </ProblemItem>
  );
}

/** A detail's documents, read-only. */
export function DocumentsView({ documents, signType }: { documents: DocumentRow[]; signType: number }) {
  const { t } = useTranslation();
  if (documents.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.common.noDocuments')} />;
  return <DocumentUploadTable value={documents} signType={signType} disabled />;
}
