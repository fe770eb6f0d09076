// What the system settings pages share: the page frame, a failed load's notice, and an error's text in the
// user's language (the server's messages are the contract's, translated under contractMessages).
import { Alert, Button } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
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
