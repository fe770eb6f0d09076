// What the system settings pages share: the page frame, a failed load's notice, the edit dialog, and an error's
// text in the user's language (the server's messages are the contract's, translated under contractMessages).
import { Alert, Button, Form, Modal, Typography, type FormInstance, type FormProps } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { contractMessage } from '../../../lib/form-rules';
import { ListCard } from '../../../components/business/page-shell';

export const errorText = (t: TFunction, err: unknown): string =>
  err instanceof ApiError ? contractMessage(t, err.message) : t('systemSettings.common.loadFailed');

export function SystemPage({
  title,
  subtitle,
  extra,
  children,
}: {
  title: string;
  subtitle: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ListCard title={title} subtitle={subtitle} extra={extra ?? null}>
      {children}
    </ListCard>
  );
}

export function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={errorText(t, error)}
      action={
        <Button size="small" onClick={retry}>
          {t('systemSettings.common.retry')}
        </Button>
      }
    />
  );
}

/**
 * A settings edit dialog: its form (vertical), Save and Cancel. Save validates the form and calls `onSave` with the
 * values; a refusal from the server is shown under the fields and the dialog stays open.
 */
export function SettingsDialog<V extends object>({
  title,
  form,
  saving,
  onSave,
  onClose,
  initialValues,
  onValuesChange,
  children,
}: {
  title: string;
  form: FormInstance<V>;
  saving: boolean;
  onSave: (values: V) => Promise<void>;
  onClose: () => void;
  initialValues?: FormProps<V>['initialValues'];
  onValuesChange?: FormProps<V>['onValuesChange'];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setError(null);
    try {
      await onSave(v);
    } catch (err) {
      setError(errorText(t, err));
    }
  };
  return (
    <Modal
      open
      title={title}
      okText={t('systemSettings.common.save')}
      cancelText={t('systemSettings.common.cancel')}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} onValuesChange={onValuesChange}>
        {children}
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
      </Form>
    </Modal>
  );
}
