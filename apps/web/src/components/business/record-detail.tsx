// The detail screen of a record: loads it (?id=), heads it with its title and number, its status and the edit
// button (offered by the edit gate), and puts its sections under 详情 beside its change history (变更记录).
// DetailSection is one titled block of facts.
import { EditOutlined } from '@ant-design/icons';
import { Button, Descriptions, type DescriptionsProps } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailTabs } from './audit-trail';
import { statusOf, useMayEdit } from './edit-gate';
import { PageShell, RecordLoader, Section } from './page-shell';
import { useRecord } from './record-api';
import type { RecordKind, RecordScreens } from './record-screens';
import { StatusTag } from './status-tag';
import { useIdParam } from './use-id-param';

/** A detail's title: what the record is (e.g. 贷款申请, or the goods' name) and its number. */
export type RecordHeading = { title: string; code: string; separator?: string };

/** A loaded record's detail: the header and the 详情 / 变更记录 tabs around its sections. */
export type RecordDetailProps = { screens: RecordScreens; record: { id: number }; heading: RecordHeading; children: ReactNode };

export function RecordDetail({ screens, record, heading, children }: RecordDetailProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayEdit = useMayEdit(screens);
  const status = statusOf(record);
  const { title, code, separator = ' ' } = heading;
  return (
    <PageShell
      title={`${title}${separator}${code}`}
      tags={status === undefined ? null : <StatusTag status={status} />}
      backTo={screens.paths.list}
      extra={
        mayEdit(status) ? (
          <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(screens.paths.edit(record.id))}>
            {t('biz.common.edit')}
          </Button>
        ) : null
      }
    >
      <DetailTabs entity={screens.audit} id={record.id}>
        {children}
      </DetailTabs>
    </PageShell>
  );
}

/**
 * The title and heading of a detail under the feature's key: `<key>.title` while the record loads, then
 * `<key>.entity` and the record's number. Spread into RecordDetailPage.
 */
export const detailTexts = <T,>(t: TFunction, key: string, code: (record: T) => string) => ({
  title: t(`${key}.title`),
  heading: (record: T): RecordHeading => ({ title: t(`${key}.entity`), code: code(record) }),
});

export type RecordDetailPageProps<T extends { id: number }> = {
  kind: RecordKind<unknown, T>;
  /** The title while the record loads or is missing. */
  title: string;
  heading: (record: T) => RecordHeading;
  /** What to show instead when the record belongs to another screen (a contract of another type), else null. */
  elsewhere?: (record: T) => ReactNode;
  /** The record's sections. */
  children: (record: T) => ReactNode;
  /** Panels other features add below the record (the approval panel), in the slot named `${audit}-detail-extra`. */
  extra?: (record: T) => ReactNode;
};

export function RecordDetailPage<T extends { id: number }>({ kind, title, heading, elsewhere, children, extra }: RecordDetailPageProps<T>) {
  const id = useIdParam();
  const query = useRecord(kind, id);
  return (
    <RecordLoader id={id} query={query} title={title} backTo={kind.paths.list}>
      {(record) =>
        elsewhere?.(record) || (
          <RecordDetail screens={kind} record={record} heading={heading(record)}>
            {children(record)}
            {extra ? (
              <div className="biz-slot" data-slot={`${kind.audit}-detail-extra`}>
                {extra(record)}
              </div>
            ) : null}
          </RecordDetail>
        )
      }
    </RecordLoader>
  );
}

/** Facts of a record, bordered and compact. */
export function Facts({ items, column }: { items: DescriptionsProps['items']; column: DescriptionsProps['column'] }) {
  return <Descriptions bordered size="small" column={column} items={items} />;
}

/** A titled block of a detail holding facts (three columns on wide screens unless told). */
export type DetailSectionProps = { title: string; items: DescriptionsProps['items']; column?: DescriptionsProps['column'] };

export function DetailSection({ title, items, column = { xs: 1, md: 2, xl: 3 } }: DetailSectionProps) {
  return (
    <Section title={title}>
      <Facts items={items} column={column} />
    </Section>
  );
}

/** A detail's first block: its basic facts (基本信息). */
export function BasicSection(props: Omit<DetailSectionProps, 'title'>) {
  const { t } = useTranslation();
  return <DetailSection title={t('biz.section.basic')} {...props} />;
}
