// The business status of a record: draft and submitted in this release; any later status (set by the
// approval flow) is shown with its translated name when known.
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

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

/** Drafts can be edited, and records the approval rejected (to be fixed and submitted again). */
export const isEditable = (status: string): boolean => status === 'draft' || status === 'rejected';
