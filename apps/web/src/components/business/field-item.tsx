// A form control for a field of a contract body schema: the Form.Item takes its label, rules and messages from the
// field's metadata (lib/form-rules formField), and the default text input holds at most the field's max length.
import { Col, Form, Input, type ColProps, type FormItemProps, type FormRule } from 'antd';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formField, type FieldRuleOptions } from '../../lib/form-rules';

export type FieldItemProps = Omit<FormItemProps, 'label' | 'rules' | 'children'> & {
  /** The contract's field schema, e.g. SaveProjectBodySchema.shape.projectName. */
  field: z.ZodType;
  /** Another label than the field's (a contract's counterparty is named after the contract type). */
  label?: ReactNode;
  /** The value the contract checks, made from the control's (a picked record's id, a date's text). */
  toContract?: FieldRuleOptions['toContract'];
  /** Rules the field's schema cannot hold alone (a loan amount against what its contract still allows). */
  moreRules?: FormRule[];
  /** The control; by default a text input of at most the field's max length. */
  input?: (maxLength: number | undefined) => ReactElement;
  span?: FieldSpan;
};

const SPANS = {
  full: { xs: 24 },
  wide: { xs: 24, xl: 12 },
  half: { xs: 24, md: 12 },
  third: { xs: 24, md: 12, xl: 8 },
} as const satisfies Record<string, ColProps>;

/** A field's cell in a FormSection's grid: the whole row, half of it (on wide screens), half, or a third on wide screens. */
export type FieldSpan = keyof typeof SPANS;

export function FieldCell({ span, children }: { span?: FieldSpan; children: ReactElement }) {
  return span ? <Col {...SPANS[span]}>{children}</Col> : children;
}

export function FieldItem({ field, label, toContract, moreRules = [], input, span, ...item }: FieldItemProps) {
  const { t } = useTranslation();
  const f = formField(field, t, { toContract });
  return (
    <FieldCell span={span}>
      <Form.Item {...item} label={label ?? f.label} rules={[...f.rules, ...moreRules]}>
        {input ? input(f.maxLength) : <Input maxLength={f.maxLength} />}
      </Form.Item>
    </FieldCell>
  );
}
