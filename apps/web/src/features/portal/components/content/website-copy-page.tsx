// 网站文案: the site's one website copy (footer, contacts, ICP number), its form shown directly — the create form
// while the site has none — with its status, the submit/withdraw buttons, the approval timeline and the versions.
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard, Section } from '../../../../components/business/page-shell';
import { recordPageOptions, useRecord } from '../../../../components/business/record-api';
import { contentEndpoint } from '../../api/content';
import { useContentAccess } from './content-access';
import { ContentActions } from './content-actions';
import { ContentDetail, ContentFieldsView, type ReviewSlot } from './content-detail';
import { ContentEditor } from './lazy-content-editor';
import { ContentStatusTags } from './content-status';
import { editRefusal, type ContentScreen } from './content-model';

export function WebsiteCopyPage({ screen, title, review }: { screen: ContentScreen; title: string; review?: ReviewSlot }) {
  const { t } = useTranslation();
  const endpoint = contentEndpoint({ site: screen.site, type: screen.type });
  const { canWrite } = useContentAccess(screen.site);
  const first = useQuery(recordPageOptions(endpoint, { pageNumber: 0, pageSize: 1 }));
  const id = first.data?.content[0]?.id ?? null;
  const item = useRecord(endpoint, id);
  const loaded = item.data ?? null;
  const editable = canWrite && editRefusal(screen, loaded) === null;
  // Cancel puts the form back to the saved copy.
  const [round, setRound] = useState(0);
  const form = (
    <ContentEditor
      key={`${loaded ? `${loaded.id}:${loaded.version}` : 'new'}:${round}`}
      screen={screen}
      item={loaded}
      reload={() => Promise.all([first.refetch(), item.refetch()])}
      onSaved={() => void first.refetch()}
      onCancel={() => setRound((r) => r + 1)}
      cancelResets
      frame={({ form: f, actions }) => (
        <Section title={t('portal.content.fields')} extra={actions}>
          {f}
        </Section>
      )}
    />
  );
  let body;
  if (first.isPending || (id !== null && !loaded)) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (!loaded) body = canWrite ? form : <Empty description={t('biz.list.empty', { name: t('portal.types.websiteCopy') })} />;
  else
    body = (
      <>
        {editable ? (
          form
        ) : (
          <Section title={t('portal.content.fields')}>
            <ContentFieldsView screen={screen} item={loaded} />
          </Section>
        )}
        <ContentDetail screen={screen} item={loaded} review={review} withFields={false} />
      </>
    );
  return (
    <ListCard
      title={title}
      extra={
        loaded ? (
          <Flex gap={8} align="center">
            <ContentStatusTags status={loaded.status} reviewState={loaded.reviewState} />
            <ContentActions screen={screen} item={loaded} />
          </Flex>
        ) : null
      }
    >
      {body}
    </ListCard>
  );
}
