// The dialog around a picker: its body (filters, selection) is mounted only while open, so every opening
// starts from the first page with nothing chosen.
import { Modal } from 'antd';
import type { ReactNode } from 'react';

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

/** Amounts with two decimals, grouped. */
export const formatMoney = (n: number | null | undefined): string =>
  n === null || n === undefined ? '' : n.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The date part of an ISO timestamp or date. */
export const formatDate = (s: string | null | undefined): string => (s ? s.slice(0, 10) : '');
