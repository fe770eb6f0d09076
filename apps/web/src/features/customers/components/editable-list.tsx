// A form list of rows the user adds and removes (a customer's contacts, its bank accounts): each row's inputs in
// columns, labelled on the first row and numbered for screen readers, a remove button per row and an add button.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, Row, Typography, type InputProps } from 'antd';
import type { ReactNode } from 'react';
import type { formField } from '../../../lib/form-rules';

export type EditableListColumn = {
  /** The row's field name. */
  name: string;
  /** Its label, rules and length from the contract's schema. */
  field: ReturnType<typeof formField>;
  /** Its width at xs and md (the remove button takes 2 of 24). */
  span: { xs: number; md: number };
  /** The input's length when not the schema's. */
  maxLength?: number;
  inputMode?: InputProps['inputMode'];
};

export type EditableListProps = {
  name: string;
  columns: EditableListColumn[];
  addLabel: string;
  /** The remove button's name for row n (1-based). */
  removeLabel: (n: number) => string;
  /** Said while the list is empty. */
  empty?: ReactNode;
};

export function EditableList({ name, columns, addLabel, removeLabel, empty }: EditableListProps) {
  return (
    <Form.List name={name}>
      {(items, { add, remove }) => (
        <Flex vertical gap={0}>
          {items.length === 0 && empty ? <Typography.Text type="secondary">{empty}</Typography.Text> : null}
          {items.map((item, i) => (
            <Row gutter={8} key={item.key} align="top">
              {columns.map((c) => (
                <Col key={c.name} xs={c.span.xs} md={c.span.md}>
                  <Form.Item name={[item.name, c.name]} label={i === 0 ? c.field.label : undefined} rules={c.field.rules}>
                    <Input maxLength={c.maxLength ?? c.field.maxLength} inputMode={c.inputMode} aria-label={`${c.field.label} ${i + 1}`} />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={2} md={2} className={i === 0 ? 'customer-form__remove--first' : undefined}>
                <Button type="text" danger icon={<DeleteOutlined />} aria-label={removeLabel(i + 1)} onClick={() => remove(item.name)} />
              </Col>
            </Row>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
            {addLabel}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}
