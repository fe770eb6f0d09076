// The buttons of a content item by its status and the user's permission: preview (a short-lived link opened in a
// new tab), edit, submit for approval, withdraw (with a reason) and, for announcements, reissue (a new draft
// copying the published one).
import { EditOutlined, EyeOutlined, RollbackOutlined, SendOutlined, CopyOutlined } from '@ant-design/icons';
import { App, Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@tfb/contract';
import { ApiError } from '../../../../lib/api-client';
import { useContentActions } from '../../api/content';
import { useContentAccess } from './content-access';
import { editRefusal, defOf, type ContentScreen } from './content-model';

const WITHDRAWABLE = new Set(['published', 'publishedWithDraft', 'scheduled']);

export type ContentActionsProps = {
  screen: ContentScreen;
  item: ContentItem;
  onEdit?: () => void;
  /** After a reissue: the new draft. */
  onReissued?: (item: ContentItem) => void;
};

export function ContentActions({ screen, item, onEdit, onReissued }: ContentActionsProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { canWrite } = useContentAccess(screen.site);
  const actions = useContentActions({ site: screen.site, type: screen.type });
  const [withdrawing, setWithdrawing] = useState(false);
  const [form] = Form.useForm<{ reason?: string }>();
  const failed = (err: unknown) => {
    if (err instanceof ApiError && !err.handled) void message.error(err.message);
  };
  const pending = item.reviewState === 'pending';
  const locked = defOf(screen.type).lockedAfterPublish === true;
  const mayEdit = canWrite && onEdit !== undefined && editRefusal(screen, item) === null;
  const maySubmit = canWrite && !pending && item.version !== item.liveVersion && !(locked && item.liveVersion !== null);
  const mayWithdraw = canWrite && WITHDRAWABLE.has(item.status);
  const mayReissue = canWrite && locked && item.liveVersion !== null && !pending;

  const preview = async () => {
    try {
      const link = await actions.preview.mutateAsync({ id: item.id });
      window.open(link.url, '_blank', 'noopener,noreferrer');
    } catch (err) {
      failed(err);
    }
  };
  const submit = () =>
    modal.confirm({
      title: t('portal.content.submitTitle'),
      content: t('portal.content.submitConfirm'),
      okText: t('portal.content.submit'),
      cancelText: t('biz.common.cancel'),
      onOk: () =>
        actions.submit
          .mutateAsync({ id: item.id, version: item.version })
          .then(() => void message.success(t('portal.content.submitted')))
          .catch(failed),
    });
  const withdraw = async () => {
    const reason = (form.getFieldValue('reason') as string | undefined)?.trim() ?? '';
    try {
      await actions.withdraw.mutateAsync({ id: item.id, reason });
      void message.success(t('portal.content.withdrawn'));
      setWithdrawing(false);
    } catch (err) {
      failed(err);
    }
  };
  const reissue = () =>
    modal.confirm({
      title: t('portal.content.reissueTitle'),
      content: t('portal.content.reissueConfirm'),
      okText: t('portal.content.reissue'),
      cancelText: t('biz.common.cancel'),
      onOk: () =>
        actions.reissue
          .mutateAsync({ id: item.id })
          .then((next) => onReissued?.(next))
          .catch(failed),
    });

  return (
    <Flex gap={8} wrap>
      <Button icon={<EyeOutlined />} loading={actions.preview.isPending} onClick={() => void preview()}>
        {t('portal.content.preview')}
      </Button>
      {mayEdit ? (
        <Button icon={<EditOutlined />} onClick={onEdit}>
          {t('biz.common.edit')}
        </Button>
      ) : null}
      {mayWithdraw ? (
        <Button icon={<RollbackOutlined />} onClick={() => setWithdrawing(true)}>
          {t('portal.content.withdraw')}
        </Button>
      ) : null}
      {mayReissue ? (
        <Button icon={<CopyOutlined />} onClick={reissue}>
          {t('portal.content.reissue')}
        </Button>
      ) : null}
      {maySubmit ? (
        <Button type="primary" icon={<SendOutlined />} onClick={submit}>
          {t('portal.content.submit')}
        </Button>
      ) : null}
      <Modal
        open={withdrawing}
        title={t('portal.content.withdrawTitle')}
        okText={t('portal.content.withdraw')}
        cancelText={t('biz.common.cancel')}
        onCancel={() => setWithdrawing(false)}
        onOk={() => void withdraw()}
        confirmLoading={actions.withdraw.isPending}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="reason" label={t('portal.content.withdrawReason')}>
            <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
