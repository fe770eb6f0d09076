// A form value chosen in a picker dialog: shows the choice (or a placeholder), a button that opens the
// dialog and a clear button. The dialog itself belongs to the form.
import { CloseCircleFilled, SelectOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './business.css';

/** A picked record as the contract takes it: its id (nothing picked: null). */
export const pickedId = (v: unknown): unknown => (v !== null && typeof v === 'object' && 'id' in v ? v.id : v);

export type PickFieldProps = {
  /** The chosen record, rendered; null when nothing is chosen. */
  display: ReactNode | null;
  placeholder: string;
  onOpen: () => void;
  onClear?: () => void;
  disabled?: boolean;
  id?: string;
  buttonLabel?: string;
};

export function PickField({ display, placeholder, onOpen, onClear, disabled, id, buttonLabel }: PickFieldProps) {
  const { t } = useTranslation();
  return (
    <Flex id={id} align="center" gap={8} className="biz-pick-field">
      <div className={`biz-pick-field__value${display === null ? ' biz-pick-field__value--empty' : ''}`}>
        {display === null ? <Typography.Text type="secondary">{placeholder}</Typography.Text> : display}
        {display !== null && onClear && !disabled ? (
          <Button
            type="text"
            size="small"
            className="biz-pick-field__clear"
            icon={<CloseCircleFilled />}
            aria-label={t('biz.common.clear')}
            title={t('biz.common.clear')}
            onClick={onClear}
          />
        ) : null}
      </div>
      <Button icon={<SelectOutlined />} onClick={onOpen} disabled={disabled}>
        {buttonLabel ?? (display === null ? t('biz.common.choose') : t('biz.common.change'))}
      </Button>
    </Flex>
  );
}

/** The props antd's Form.Item gives a control whose value is a picked record (or null). */
export type PickControlProps<V> = { value?: V | null; onChange?: (v: V | null) => void; id?: string; disabled?: boolean };

/** The picker dialog of a PickDialogField: open or closed, closed on cancel, and `choose` takes a record. */
export type PickDialogProps<V> = { open: boolean; onCancel: () => void; choose: (v: V) => void };

export type PickDialogFieldProps<V> = PickControlProps<V> & {
  placeholder: string;
  buttonLabel?: string;
  /** The chosen record, rendered. */
  display: (value: V) => ReactNode;
  dialog: (props: PickDialogProps<V>) => ReactNode;
};

/** A form control whose value is chosen in a picker dialog: choosing closes the dialog and sets the value; clear
 * empties it. */
export function PickDialogField<V>(props: PickDialogFieldProps<V>) {
  const { value, onChange, id, disabled, placeholder, buttonLabel, display, dialog } = props;
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        disabled={disabled}
        placeholder={placeholder}
        buttonLabel={buttonLabel}
        display={value ? display(value) : null}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      {dialog({
        open,
        onCancel: () => setOpen(false),
        choose: (v) => {
          setOpen(false);
          onChange?.(v);
        },
      })}
    </>
  );
}

/** What a pick field shows once a record is chosen: its tag (when it has one), its code in bold, who or what it
 * concerns, and anything more. */
export function PickedCode({ tag, code, detail, children }: { tag?: ReactNode; code: string; detail?: ReactNode; children?: ReactNode }) {
  return (
    <Flex gap={8} align="center" wrap>
      {tag ? <Tag bordered={false}>{tag}</Tag> : null}
      <Typography.Text strong>{code}</Typography.Text>
      {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
      {children}
    </Flex>
  );
}
