// The open step of a process as the caller may act on it: the approve / reject form where the server would accept
// it; nothing for someone without the approve permission; a short hint with the reason for an approver the server
// would refuse (the submitter of the document, or someone who already handled a step of it).
import { InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { isProcessBusinessType, processPermission, PROCESS_MESSAGES, can, type Permission, type ProcessBusinessType } from '@tfb/contract';
import { useSessionUser } from '../../../lib/session';
import type { TaskHistory } from '../api/get-task-history';
import { ApprovalActions } from './approval-actions';

/** The refusals an approver gets a hint for; others (a finished process, a foreign role) just hide the buttons. */
const HINTS = {
  [PROCESS_MESSAGES.selfApproval]: 'supervision.approval.refusal.selfApproval',
  [PROCESS_MESSAGES.secondStep]: 'supervision.approval.refusal.secondStep',
} as const;
const hintOf = (refusal: string | null) => (refusal !== null && refusal in HINTS ? HINTS[refusal as keyof typeof HINTS] : undefined);

const asBusinessType = (t: string): ProcessBusinessType => (isProcessBusinessType(t) ? t : 'contract');

type Props = {
  history: TaskHistory;
  onDone?: (history: TaskHistory) => void;
  /** The permission approving needs, where the document is not a contract or loan (a portal site's content). */
  approve?: Permission;
};

export function ApprovalStep({ history, onDone, approve }: Props) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const open = history.status === 'running' ? history.historyList.at(-1) : undefined;
  if (!open || open.endTime !== null || !user) return null;
  if (!can(user.roles, approve ?? processPermission(asBusinessType(history.businessType), 'approve'))) return null;
  const hint = hintOf(history.refusal);
  if (!history.canComplete && !hint) return null;
  return (
    <>
      <Divider titlePlacement="start" plain>
        {t('supervision.approval.actOn', { task: open.taskName })}
      </Divider>
      {history.canComplete ? (
        <ApprovalActions processInstanceId={history.processInstanceId} taskId={open.taskId} onDone={onDone} />
      ) : (
        <Alert type="info" showIcon icon={<InfoCircleOutlined />} message={t(hint!)} />
      )}
    </>
  );
}
