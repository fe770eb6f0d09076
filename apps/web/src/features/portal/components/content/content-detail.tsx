// The detail of a content item, on its page or in a drawer: its status and time window, its fields as the draft
// holds them, the reason of a rejected review, and — for an approver while it waits for approval — what the
// submitted version changes against the live copy; then the approval timeline (the `review` slot the route fills
// from the approval feature) and the versions.
import { Alert, Descriptions } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentItem } from '@tfb/contract';
import { formatDateTime } from '../../../../components/business/format';
import { Section } from '../../../../components/business/page-shell';
import { useContentAccess } from './content-access';
import { ServerDiff } from './content-diff';
import { ContentStatusTags } from './content-status';
import { ContentValue } from './content-value';
import { defOf, type ContentScreen } from './content-model';
import { VersionsPanel } from './versions-panel';

/** The approval block of an item (the timeline of its process and the approver's buttons), given by the route. */
export type ReviewSlot = (item: ContentItem) => ReactNode;

export function ContentFacts({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        {
          key: 'status',
          label: t('biz.common.status'),
          children: <ContentStatusTags status={item.status} reviewState={item.reviewState} />,
        },
        { key: 'version', label: t('portal.content.version'), children: t('portal.content.versionN', { version: item.version }) },
        {
          key: 'live',
          label: t('portal.content.liveVersion'),
          children: item.liveVersion === null ? '—' : t('portal.content.versionN', { version: item.liveVersion }),
        },
        { key: 'goLiveAt', label: t('portal.content.goLiveAt'), children: formatDateTime(item.goLiveAt) },
        { key: 'expireAt', label: t('portal.content.expireAt'), children: formatDateTime(item.expireAt) },
        { key: 'publishedAt', label: t('portal.content.publishedAt'), children: formatDateTime(item.publishedAt) },
        { key: 'updated', label: t('portal.content.updated'), children: `${item.changeUserName} ${formatDateTime(item.updateTime)}` },
        { key: 'created', label: t('portal.content.created'), children: `${item.createUserName} ${formatDateTime(item.createTime)}` },
      ]}
    />
  );
}

export function ContentFieldsView({ screen, item }: { screen: ContentScreen; item: ContentItem }) {
  const { t } = useTranslation();
  const context = { columnName: (id: number) => item.columns[String(id)], media: item.media };
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={defOf(screen.type).fields.map((f) => ({
        key: f.key,
        label: t(f.label),
        children: <ContentValue field={f} value={item.draft[f.key]} context={context} />,
      }))}
    />
  );
}

export type ContentDetailProps = {
  screen: ContentScreen;
  item: ContentItem;
  review?: ReviewSlot;
  /** false where the screen shows the fields in its form instead (the website copy). */
  withFields?: boolean;
};

export function ContentDetail({ screen, item, review, withFields = true }: ContentDetailProps) {
  const { t } = useTranslation();
  const { canApprove } = useContentAccess(screen.site);
  const scope = { site: screen.site, type: screen.type };
  return (
    <>
      {item.reviewState === 'rejected' && item.rejectReason ? (
        <Alert
          type="error"
          showIcon
          message={t('portal.content.rejected')}
          description={item.rejectReason}
          className="portal-content__alert"
        />
      ) : null}
      <Section title={t('portal.content.state')}>
        <ContentFacts item={item} />
      </Section>
      {canApprove && item.reviewState === 'pending' && item.liveVersion !== null ? (
        <Section title={t('portal.content.submittedChanges')}>
          <ServerDiff scope={scope} id={item.id} from="live" to={item.version} />
        </Section>
      ) : null}
      {withFields ? (
        <Section title={t('portal.content.fields')}>
          <ContentFieldsView screen={screen} item={item} />
        </Section>
      ) : null}
      {review && item.processInstanceId !== null ? <div className="portal-content__review">{review(item)}</div> : null}
      <VersionsPanel screen={screen} item={item} />
    </>
  );
}
