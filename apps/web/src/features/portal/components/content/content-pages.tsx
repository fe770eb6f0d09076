// The add, edit and detail pages of the content types with pages of their own (articles, announcements, picture-
// text items, videos, industry videos): the item by ?id=, its form or its detail in the screen's frame.
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageShell, RecordLoader } from '../../../../components/business/page-shell';
import { useRecord } from '../../../../components/business/record-api';
import { useIdParam } from '../../../../components/business/use-id-param';
import { contractMessage } from '../../../../lib/form-rules';
import { contentEndpoint } from '../../api/content';
import { ContentActions } from './content-actions';
import { ContentDetail, type ReviewSlot } from './content-detail';
import { ContentEditor } from './lazy-content-editor';
import { ContentStatusTags } from './content-status';
import { editRefusal, type ContentScreen } from './content-model';
import { LazyResult } from '../../../../components/lazy-result';

type PageProps = { screen: ContentScreen };

const useNames = (screen: ContentScreen) => {
  const { t } = useTranslation();
  const name = t(`portal.types.${screen.type}`);
  return {
    add: t('portal.content.addTitle', { name }),
    edit: t('portal.content.editTitle', { name }),
    detail: t('portal.content.detailTitle', { name }),
  };
};

/** The add page, and the edit page (?id=; the announcement's add page edits with an id too). */
export function ContentFormPage({ screen, mode }: PageProps & { mode: 'add' | 'edit' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = mode === 'edit' || params.has('id');
  const id = useIdParam();
  const query = useRecord(contentEndpoint({ site: screen.site, type: screen.type }), editing ? id : null);
  const names = useNames(screen);
  const { addresses } = screen;
  const detail = (itemId: number) => `${addresses.detail}?id=${itemId}`;

  if (!editing) {
    return (
      <ContentEditor
        screen={screen}
        item={null}
        reload={() => Promise.resolve()}
        onSaved={(saved) => navigate(detail(saved.id), { replace: true })}
        onCancel={() => navigate(addresses.list)}
        frame={({ form, actions }) => (
          <PageShell title={names.add} backTo={addresses.list} footer={actions}>
            {form}
          </PageShell>
        )}
      />
    );
  }
  return (
    <RecordLoader id={id} query={query} title={names.edit} backTo={addresses.list}>
      {(item) => {
        const refusal = editRefusal(screen, item);
        const tags = <ContentStatusTags status={item.status} reviewState={item.reviewState} />;
        if (refusal)
          return (
            <PageShell title={names.edit} tags={tags} backTo={addresses.list}>
              <LazyResult
                status="info"
                title={contractMessage(t, refusal)}
                extra={
                  <Button type="primary" onClick={() => navigate(detail(item.id), { replace: true })}>
                    {t('biz.common.viewDetail')}
                  </Button>
                }
              />
            </PageShell>
          );
        return (
          <ContentEditor
            key={`${item.id}:${item.version}`}
            screen={screen}
            item={item}
            reload={query.refetch}
            onSaved={(saved) => navigate(detail(saved.id), { replace: true })}
            onCancel={() => navigate(detail(item.id))}
            frame={({ form, actions }) => (
              <PageShell title={names.edit} tags={tags} backTo={detail(item.id)} footer={actions}>
                {form}
              </PageShell>
            )}
          />
        );
      }}
    </RecordLoader>
  );
}

export function ContentDetailPage({ screen, review }: PageProps & { review?: ReviewSlot }) {
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useRecord(contentEndpoint({ site: screen.site, type: screen.type }), id);
  const names = useNames(screen);
  const edit = (itemId: number) => navigate(`${screen.addresses.edit}?id=${itemId}`);
  return (
    <RecordLoader id={id} query={query} title={names.detail} backTo={screen.addresses.list}>
      {(item) => (
        <PageShell
          title={item.title}
          tags={<ContentStatusTags status={item.status} reviewState={item.reviewState} />}
          backTo={screen.addresses.list}
          extra={<ContentActions screen={screen} item={item} onEdit={() => edit(item.id)} onReissued={(next) => edit(next.id)} />}
        >
          <ContentDetail screen={screen} item={item} review={review} />
        </PageShell>
      )}
    </RecordLoader>
  );
}
