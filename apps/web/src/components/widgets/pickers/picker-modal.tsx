// The dialog around a picker: its body (filters, selection) is mounted only while open, so every opening
// starts from the first page with nothing chosen.
import { Modal, Select } from 'antd';
import type { ReactNode } from 'react';

/** What every single-choice picker dialog takes. */
export type PickerProps<Row> = {
  open: boolean;
  onCancel: () => void;
  onOk: (row: Row) => void;
  title?: string;
};

export function PickerModal({
  open,
  title,
  width = 900,
  onCancel,
  children,
}: {
  open: boolean;
  title: ReactNode;
  width?: number;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open={open} title={title} width={width} onCancel={onCancel} footer={null} destroyOnHidden>
      {open ? children : null}
    </Modal>
  );
}

/** A clearable filter select beside a picker's search box; empty means all. */
export function PickerFilter<V extends string | number>({
  label,
  placeholder,
  width,
  value,
  onChange,
  options,
}: {
  label: string;
  placeholder: string;
  width: number;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  options: { value: V; label: string }[];
}) {
  return (
    <Select<V>
      allowClear
      aria-label={label}
      placeholder={placeholder}
      style={{ width }}
      value={value}
      onChange={(v) => onChange(v)}
      options={options}
    />
  );
}

/** Amounts with two decimals, grouped. */
export const formatMoney = (n: number | null | undefined): string =>
  n === null || n === undefined ? '' : n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The date part of an ISO timestamp or date. */
export const formatDate = (s: string | null | undefined): string => (s ? s.slice(0, 10) : '');
