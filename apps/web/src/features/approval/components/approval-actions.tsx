// Approve or reject the open step with a comment (a rejection needs one).
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useCompleteTask } from '../api/complete-task';
import type { TaskHistory } from '../api/get-task-history';

type Props = { processInstanceId: number; taskId: number; onDone?: (history: TaskHistory) => void };

export function ApprovalActions({ processInstanceId, taskId, onDone }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment?: string }>();
  const complete = useCompleteTask();
  const [acting, setActing] = useState<'approve' | 'reject' | null>(null);

  const act = async (action: 'approve' | 'reject') => {
    const comment = (form.getFieldValue('comment') as string | undefined)?.trim() ?? '';
    if (action === 'reject' && !comment) {
      form.setFields([{ name: 'comment', errors: [t('supervision.approval.rejectNeedsComment')] }]);
      return;
    }
    form.setFields([{ name: 'comment', errors: [] }]);
    setActing(action);
    try {
      const history = await complete.mutateAsync({ processInstanceId, taskId, action, comment });
      message.success(action === 'approve' ? t('supervision.approval.approved') : t('supervision.approval.rejected'));
      form.resetFields();
      onDone?.(history);
    } catch (err) {
      if (err instanceof ApiError && !err.handled) {
        const field = err.fieldError('comment');
        if (field) form.setFields([{ name: 'comment', errors: [field] }]);
        else message.error(err.message);
      }
    } finally {
      setActing(null);
    }
  };

  return (
    <Form form={form} layout="vertical" className="approval-actions">
      <Form.Item name="comment" label={t('supervision.approval.comment')}>
        <Input.TextArea
          maxLength={500}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          placeholder={t('supervision.approval.commentPlaceholder')}
        />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button danger icon={<CloseOutlined />} loading={acting === 'reject'} disabled={acting !== null} onClick={() => void act('reject')}>
          {t('supervision.approval.reject')}
        </Button>
        <Button
          type="primary"
          icon={<CheckOutlined />}
          loading={acting === 'approve'}
          disabled={acting !== null}
          onClick={() => void act('approve')}
        >
          {t('supervision.approval.approve')}
        </Button>
      </Flex>
    </Form>
  );
}
