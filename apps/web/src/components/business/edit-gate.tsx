// The edit gate of the record screens: a record may be edited while its status allows it (a draft, or one the
// approval rejected; records without a status, the goods, always), by a holder of its feature's write permission.
// The list's and the detail's edit buttons are offered on both; the edit screen, whose route already requires the
// permission, shows a read-only notice with the way to the detail instead of the form when the status forbids it.
import { Button } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../lib/use-can';
import { PageShell, RecordLoader } from './page-shell';
import { useRecord } from './record-api';
import type { RecordKind, RecordScreens } from './record-screens';
import { StatusTag, isEditable } from './status-tag';
import { useIdParam } from './use-id-param';
import { LazyResult } from '../lazy-result';

/** The business status of a record, or undefined for a kind without statuses. */
export const statusOf = (record: object): string | undefined =>
  'status' in record && typeof record.status === 'string' ? record.status : undefined;

/** Whether a record in `status` may be edited (undefined: a record kind without statuses). */
const editableStatus = (status: string | undefined): boolean => status === undefined || isEditable(status);

/** Whether the user may edit a record in `status`: the status allows it and the user holds the write permission. */
export function useMayEdit(screens: Pick<RecordScreens, 'write'>): (status?: string) => boolean {
  const canWrite = useCan(screens.write);
  return (status) => canWrite && editableStatus(status);
}

type Versioned = { id: number; version: number };

export type RecordEditPageProps<T extends Versioned> = {
  kind: RecordKind<unknown, T>;
  /** The screen's title: the record's once it is loaded, null while it loads or is missing. */
  title: (record: T | null) => string;
  /** What to show instead when the record belongs to another screen (a contract of another type), else null. */
  elsewhere?: (record: T) => ReactNode;
  /** The form, given the record and the way to reload it (after a save refused as stale). */
  children: (record: T, reload: () => Promise<unknown>) => ReactNode;
};

/**
 * The edit screen of a record: loads it (?id=) and shows the form, rebuilt whenever the record's version changes,
 * or the read-only notice when it may not be edited.
 */
export function RecordEditPage<T extends Versioned>({ kind, title, elsewhere, children }: RecordEditPageProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useRecord(kind, id);
  const { paths } = kind;
  return (
    <RecordLoader id={id} query={query} title={title(null)} backTo={paths.list}>
      {(record) => {
        const other = elsewhere?.(record);
        if (other) return other;
        const status = statusOf(record);
        if (editableStatus(status)) return <Fragment key={`${record.id}:${record.version}`}>{children(record, query.refetch)}</Fragment>;
        return (
          <PageShell title={title(record)} tags={status === undefined ? null : <StatusTag status={status} />} backTo={paths.list}>
            <LazyResult
              status="info"
              title={t('biz.record.readOnly')}
              extra={
                <Button type="primary" onClick={() => navigate(paths.detail(record.id), { replace: true })}>
                  {t('biz.common.viewDetail')}
                </Button>
              }
            />
          </PageShell>
        );
      }}
    </RecordLoader>
  );
}
