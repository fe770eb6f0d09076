// The footer of a create/edit screen: cancel, save as draft, and submit (asked first: a submitted record
// can no longer be changed).
import { SaveOutlined, SendOutlined } from '@ant-design/icons';
import { App, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus } from '@tfb/contract';

export type FormActionsProps = {
  /** The status being saved, while a save runs. */
  saving: BusinessStatus | null;
  onCancel: () => void;
  /** Validates and saves with the given status. */
  onSave: (status: BusinessStatus) => void;
  /** Records without statuses (goods) only save. */
  withSubmit?: boolean;
  /** Other words for the save and submit buttons and the submit question (a content item's save and submit). */
  labels?: { save?: string; submit?: string; submitConfirm?: string };
};

export function FormActions({ saving, onCancel, onSave, withSubmit = true, labels = {} }: FormActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (
    <Flex justify="flex-end" gap={8}>
      <Button onClick={onCancel} disabled={saving !== null}>
        {t('biz.common.cancel')}
      </Button>
      <Button
        type={withSubmit ? 'default' : 'primary'}
        icon={<SaveOutlined />}
        loading={saving === 'draft'}
        disabled={saving === 'submitted'}
        onClick={() => onSave('draft')}
      >
        {labels.save ?? (withSubmit ? t('biz.common.saveDraft') : t('biz.common.save'))}
      </Button>
      {withSubmit ? (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={saving === 'submitted'}
          disabled={saving === 'draft'}
          onClick={() =>
            modal.confirm({
              title: t('biz.common.submitConfirmTitle'),
              content: labels.submitConfirm ?? t('biz.common.submitConfirm'),
              okText: labels.submit ?? t('biz.common.submit'),
              cancelText: t('biz.common.cancel'),
              onOk: () => onSave('submitted'),
            })
          }
        >
          {labels.submit ?? t('biz.common.submit')}
        </Button>
      ) : null}
    </Flex>
  );
}
