// Optimistic locking on the forms: an update sends the version of the record the form was opened from; when
// someone else saved it in between, the server answers 409 (BUSINESS_MESSAGES.staleVersion) and changes
// nothing. The form then shows that message with 重新加载, which refetches the record; edit pages key their form
// by the record's version, so the form is rebuilt from the fresh values.
import { DiffOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_MESSAGES } from '@tfb/contract';
import { ApiError } from '../../lib/api-client';

/** What a save targets: a new record, or an existing one at the version the form read. */
export type RecordRef = { id: null } | { id: number; version: number };

export const refOf = (record: { id: number; version: number } | null): RecordRef =>
  record ? { id: record.id, version: record.version } : { id: null };

/** Whether a failed save was refused because the record changed since the form read it (`staleMessage`: the
 * refusal's text where a feature's contract words it otherwise, e.g. the portal content's). */
export const isStaleVersionError = (err: unknown, staleMessage: string = BUSINESS_MESSAGES.staleVersion): boolean =>
  err instanceof ApiError && err.status === 409 && err.message === staleMessage;

export type StaleVersionAlertProps = {
  onReload: () => void;
  reloading: boolean;
  /** Another refusal than a record's stale version (a whole tree that moved on). */
  message?: string;
  /** Offers 对比: what the other save changed against the user's unsaved values. */
  onCompare?: () => void;
};

export function StaleVersionAlert({ onReload, reloading, message, onCompare }: StaleVersionAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      className="biz-stale-alert"
      message={message ?? t('audit.stale')}
      action={
        <Flex gap={8}>
          {onCompare ? (
            <Button size="small" icon={<DiffOutlined />} onClick={onCompare}>
              {t('audit.compare')}
            </Button>
          ) : null}
          <Button size="small" type="primary" icon={<ReloadOutlined />} loading={reloading} onClick={onReload}>
            {t('audit.reload')}
          </Button>
        </Flex>
      }
    />
  );
}

export type StaleVersion = {
  /** Takes a failed save: true (and the alert shows) when it was the stale-version refusal, else false. */
  caught: (err: unknown) => boolean;
  /** The alert to render above the form, or null. */
  alert: ReactNode;
  /** Hides the alert (a dialog that closes and may open on another record). */
  dismiss: () => void;
};

export type StaleVersionOptions = { staleMessage?: string; message?: string; onCompare?: () => void };

/** `reload` refetches the record (the form is then rebuilt from it). */
export function useStaleVersion(
  reload: () => Promise<unknown>,
  { staleMessage, message, onCompare }: StaleVersionOptions = {},
): StaleVersion {
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const onReload = () => {
    setReloading(true);
    reload()
      .then(() => setStale(false))
      .finally(() => setReloading(false));
  };
  return {
    caught: (err) => {
      if (!isStaleVersionError(err, staleMessage)) return false;
      setStale(true);
      return true;
    },
    alert: stale ? <StaleVersionAlert onReload={onReload} reloading={reloading} message={message} onCompare={onCompare} /> : null,
    dismiss: () => setStale(false),
  };
}
