// The detail screen of a record: loads it (?id=), heads it with its title and number, its status and the edit
// button (offered by the edit gate), and puts its sections under 详情 beside its change history (变更记录).
import { EditOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailTabs } from './audit-trail';
import { useMayEdit } from './edit-gate';
import { PageShell, RecordLoader } from './page-shell';
import { useRecord, type RecordEndpoint } from './record-api';
import type { RecordScreens } from './record-screens';
import { StatusTag } from './status-tag';
import { useIdParam } from './use-id-param';

export type RecordHeader = {
  /** What the record is (e.g. 贷款申请, or the goods' name). */
  title: string;
  /** Its number (code). */
  code: string;
  /** Between title and number (default a space). */
  separator?: string;
  status?: string;
};

/** A loaded record's detail: the header and the 详情 / 变更记录 tabs around its sections. */
export function RecordDetail({ screens, id, header, children }: { screens: RecordScreens; id: number; header: RecordHeader; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayEdit = useMayEdit(screens);
  const { title, code, separator = ' ', status } = header;
  return (
    <PageShell
      title={`${title}${separator}${code}`}
      tags={status === undefined ? null : <StatusTag status={status} />}
      backTo={screens.paths.list}
      extra={
        mayEdit(status) ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(screens.paths.edit(id))}>
            {t('biz.common.edit')}
          </Button>
        ) : null
      }
    >
      <DetailTabs entity={screens.audit} id={id}>
        {children}
      </DetailTabs>
    </PageShell>
  );
}

export type RecordDetailPageProps<T extends { id: number }> = {
  screens: RecordScreens;
  endpoint: RecordEndpoint<unknown, T>;
  /** The title while the record loads or is missing. */
  title: string;
  header: (record: T) => RecordHeader;
  /** What to show instead when the record belongs to another screen (a contract of another type), else null. */
  elsewhere?: (record: T) => ReactNode;
  /** The record's sections. */
  children: (record: T) => ReactNode;
};

export function RecordDetailPage<T extends { id: number }>({ screens, endpoint, title, header, elsewhere, children }: RecordDetailPageProps<T>) {
  const id = useIdParam();
  const query = useRecord(endpoint, id);
  return (
    <RecordLoader id={id} query={query} title={title} backTo={screens.paths.list}>
      {(record) =>
        elsewhere?.(record) || (
          <RecordDetail screens={screens} id={record.id} header={header(record)}>
            {children(record)}
          </RecordDetail>
        )
      }
    </RecordLoader>
  );
}
