// The side form of the column editor: the selected column's fields, built from the contract's field metadata
// (labels, required, lengths, patterns and their messages). A change reaches the local tree only once the contract
// accepts the whole column, so the tree (and the draft autosaved from it) always holds valid columns.
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { COLUMN_FIELDS, COLUMN_KINDS, CreateColumnBodySchema, PORTAL_MESSAGES, type ColumnKind } from '@tfb/contract';
import { FieldItem } from '../../../components/business/field-item';
import { contractMessage } from '../../../lib/form-rules';
import type { ColumnNode, ColumnValues } from './column-tree-model';

type Props = { node: ColumnNode; disabled?: boolean; onChange: (values: ColumnValues) => void };

export function ColumnForm({ node, disabled = false, onChange }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ColumnValues>();
  const kind = Form.useWatch('kind', form) ?? node.kind;
  // The contract's check of a whole column (a link needs its URL); the form shows its refusals by each field.
  const apply = (_: unknown, all: ColumnValues) => {
    const values = { ...all, linkUrl: all.kind === 'link' ? (all.linkUrl ?? '') : '' };
    if (CreateColumnBodySchema.safeParse({ ...values, parentId: null }).success) onChange(values);
  };
  return (
    <Form
      form={form}
      layout="vertical"
      disabled={disabled}
      initialValues={node}
      onValuesChange={apply}
      aria-label={t('portal.columns.form')}
    >
      <FieldItem name="name" field={COLUMN_FIELDS.name} />
      <FieldItem name="slug" field={COLUMN_FIELDS.slug} />
      <FieldItem
        name="kind"
        field={COLUMN_FIELDS.kind}
        input={() => <Select<ColumnKind> options={COLUMN_KINDS.map((k) => ({ value: k, label: t(`portal.column.kinds.${k}`) }))} />}
      />
      {kind === 'link' ? (
        <FieldItem
          name="linkUrl"
          field={COLUMN_FIELDS.linkUrl}
          required
          moreRules={[{ required: true, whitespace: true, message: contractMessage(t, PORTAL_MESSAGES.linkRequired) }]}
        />
      ) : null}
      <FieldItem name="visible" field={COLUMN_FIELDS.visible} valuePropName="checked" input={() => <Switch />} />
      <FieldItem name="seoTitle" field={COLUMN_FIELDS.seoTitle} />
      <FieldItem name="seoKeywords" field={COLUMN_FIELDS.seoKeywords} />
      <FieldItem
        name="seoDescription"
        field={COLUMN_FIELDS.seoDescription}
        input={(maxLength) => <Input.TextArea maxLength={maxLength} autoSize={{ minRows: 2, maxRows: 5 }} />}
      />
    </Form>
  );
}
