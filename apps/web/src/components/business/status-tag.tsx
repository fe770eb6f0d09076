// The business status of a record: draft and submitted from the forms, approving / approved / rejected from the
// approval flow; shown with its translated name when known.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isEditableStatus } from '@tfb/contract';

const COLORS: Record<string, string> = {
  draft: 'default',
  submitted: 'processing',
  approving: 'processing',
  approved: 'success',
  rejected: 'error',
};

export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} bordered={false}>
      {t(`biz.status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** A coded value of a record (a project's side, a settlement's type) by its translated name, in its colour. */
export function CodeTag({ name, color }: { name: string; color?: string }) {
  return (
    <Tag color={color} bordered={false}>
      {name}
    </Tag>
  );
}

/** Drafts can be edited, and records the approval rejected (to be fixed and submitted again); the server holds the same rule. */
export const isEditable = (status: string): boolean => isEditableStatus(status);
