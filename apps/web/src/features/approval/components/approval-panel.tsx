// The approval block of a contract or loan-application detail page: submit for approval, the process timeline,
// and — while a step is open — approve / reject in place where the server would accept it (see ApprovalStep).
// Pass processInstanceId when the detail reply knows it; without it the panel shows the process it submitted.
import { AuditOutlined, SendOutlined } from '@ant-design/icons';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBMITTABLE_STATUSES, type DocumentBusinessType, type ProcessStatus } from '@tfb/contract';
import { ApiError } from '../../../lib/api-client';
import { useTaskHistory, type TaskHistory } from '../api/get-task-history';
import { useSubmitProcess } from '../api/submit-process';
import { ApprovalStep } from './approval-step';
import { ProcessTimeline } from './process-timeline';
import { IconCard } from '../../../components/business/icon-card';
import './approval.css';

export type ApprovalPanelProps = {
  businessType: DocumentBusinessType;
  businessId: number;
  /** The business row's process, when its detail reply carries it. */
  processInstanceId?: number | null;
  /** The business row's status: submitting is offered only from draft / submitted / rejected. */
  businessStatus?: string;
  /** Called after a submit or an approval step with the new history. */
  onChange?: (history: TaskHistory) => void;
  /** Queries to refresh after a submit or an approval step (the business row's status changes). */
  invalidateOnChange?: readonly QueryKey[];
};

const STATUS_COLORS: Record<ProcessStatus, string> = { running: 'processing', approved: 'success', rejected: 'error' };

export function ProcessStatusTag({ status }: { status: ProcessStatus }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`supervision.approval.status.${status}`)}</Tag>;
}

function SubmitButton({
  businessType,
  businessId,
  resubmit,
  onSubmitted,
}: {
  businessType: DocumentBusinessType;
  businessId: number;
  resubmit: boolean;
  onSubmitted: (h: TaskHistory) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ comment?: string }>();
  const submit = useSubmitProcess();
  const send = async () => {
    const comment = (form.getFieldValue('comment') as string | undefined)?.trim() ?? '';
    try {
      const history = await submit.mutateAsync({ businessType, businessId, comment });
      message.success(t('supervision.approval.submitted'));
      setOpen(false);
      form.resetFields();
      onSubmitted(history);
    } catch (err) {
      if (err instanceof ApiError && !err.handled) message.error(err.message);
    }
  };
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)}>
        {resubmit ? t('supervision.approval.resubmit') : t('supervision.approval.submit')}
      </Button>
      <Modal
        open={open}
        title={resubmit ? t('supervision.approval.resubmit') : t('supervision.approval.submit')}
        onCancel={() => setOpen(false)}
        onOk={() => void send()}
        okText={t('supervision.approval.submitOk')}
        confirmLoading={submit.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="comment" label={t('supervision.approval.submitComment')}>
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

export function ApprovalPanel({
  businessType,
  businessId,
  processInstanceId,
  businessStatus,
  onChange,
  invalidateOnChange,
}: ApprovalPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const changed = (next: TaskHistory) => {
    for (const queryKey of invalidateOnChange ?? []) void queryClient.invalidateQueries({ queryKey });
    onChange?.(next);
  };
  const [submittedId, setSubmittedId] = useState<number | null>(null);
  const id = submittedId ?? processInstanceId ?? null;
  const history = useTaskHistory(id);
  const h = history.data;
  const submittable = businessStatus === undefined || (SUBMITTABLE_STATUSES as readonly string[]).includes(businessStatus);
  const canSubmit = id === null ? submittable : h?.status === 'rejected';

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
      extra={
        canSubmit ? (
          <SubmitButton
            businessType={businessType}
            businessId={businessId}
            resubmit={h?.status === 'rejected'}
            onSubmitted={(next) => {
              setSubmittedId(next.processInstanceId);
              changed(next);
            }}
          />
        ) : null
      }
    >
      {id === null ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={submittable ? t('supervision.approval.notSubmitted') : t('supervision.approval.noProcessShown')}
        />
      ) : (
        <ProcessTimeline processInstanceId={id} />
      )}
      {h && id !== null && <ApprovalStep history={h} onDone={changed} />}
    </IconCard>
  );
}
