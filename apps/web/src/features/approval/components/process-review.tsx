// The approval block of a document submitted through its own call (a portal content item): its process timeline
// and, while a step is open, approve / reject for a holder of `approve` where the server would accept it.
import { AuditOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Permission } from '@tfb/contract';
import { IconCard } from '../../../components/business/icon-card';
import { useTaskHistory } from '../api/get-task-history';
import { ProcessStatusTag } from './approval-panel';
import { ApprovalStep } from './approval-step';
import { ProcessTimeline } from './process-timeline';
import './approval.css';

export type ProcessReviewProps = {
  processInstanceId: number;
  approve: Permission;
  /** Queries to refresh after an approval step (the document's status changes). */
  invalidateOnChange?: readonly QueryKey[];
};

export function ProcessReview({ processInstanceId, approve, invalidateOnChange }: ProcessReviewProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const history = useTaskHistory(processInstanceId);
  const h = history.data;
  return (
    <IconCard
      className="page-card approval-panel"
      icon={<AuditOutlined className="approval-panel__icon" />}
      title={
        <>
          <span>{t('supervision.approval.panelTitle')}</span>
          {h && <ProcessStatusTag status={h.status} />}
        </>
      }
    >
      <ProcessTimeline processInstanceId={processInstanceId} />
      {h && (
        <ApprovalStep
          history={h}
          approve={approve}
          onDone={() => {
            for (const queryKey of invalidateOnChange ?? []) void queryClient.invalidateQueries({ queryKey });
          }}
        />
      )}
    </IconCard>
  );
}
