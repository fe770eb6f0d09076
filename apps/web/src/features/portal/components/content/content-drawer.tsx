// The drawer of the types without pages of their own (banners, layout slots, single pages): adds, edits or shows
// one item over its list. `preset` and `fixed` are the values the screen sets (a slot page's kind, a page's column).
import { Drawer, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentData } from '@tfb/contract';
import { contractMessage } from '../../../../lib/form-rules';
import { useRecord } from '../../../../components/business/record-api';
import { contentEndpoint } from '../../api/content';
import { ContentActions } from './content-actions';
import { ContentDetail, type ReviewSlot } from './content-detail';
import { ContentEditor } from './lazy-content-editor';
import { editRefusal, type ContentScreen } from './content-model';
import { LazyResult } from '../../../../components/lazy-result';

export type DrawerState = { mode: 'add' } | { mode: 'edit' | 'view'; id: number } | null;

export type ContentDrawerProps = {
  screen: ContentScreen;
  state: DrawerState;
  onChange: (next: DrawerState) => void;
  review?: ReviewSlot;
  preset?: ContentData;
  fixed?: readonly string[];
};

export function ContentDrawer({ screen, state, onChange, review, preset, fixed }: ContentDrawerProps) {
  const { t } = useTranslation();
  const id = state && state.mode !== 'add' ? state.id : null;
  const query = useRecord(contentEndpoint({ site: screen.site, type: screen.type }), id);
  const item = query.data ?? null;
  const name = t(`portal.types.${screen.type}`);
  const close = () => onChange(null);
  if (!state) return null;
  const title =
    state.mode === 'add'
      ? t('portal.content.addTitle', { name })
      : state.mode === 'edit'
        ? t('portal.content.editTitle', { name })
        : t('portal.content.detailTitle', { name });
  const common = { open: true, onClose: close, width: 880, title, destroyOnHidden: true };
  if (state.mode !== 'add' && !item) {
    return (
      <Drawer {...common}>
        {query.error ? (
          <LazyResult status="error" title={t('biz.record.loadFailed')} subTitle={query.error.message} />
        ) : (
          <Skeleton active />
        )}
      </Drawer>
    );
  }
  if (state.mode === 'view' && item) {
    return (
      <Drawer
        {...common}
        extra={
          <ContentActions
            screen={screen}
            item={item}
            onEdit={() => onChange({ mode: 'edit', id: item.id })}
            onReissued={(next) => onChange({ mode: 'edit', id: next.id })}
          />
        }
      >
        <ContentDetail screen={screen} item={item} review={review} />
      </Drawer>
    );
  }
  const refusal = editRefusal(screen, item);
  if (refusal) {
    return (
      <Drawer {...common}>
        <LazyResult status="info" title={contractMessage(t, refusal)} />
      </Drawer>
    );
  }
  return (
    <ContentEditor
      key={item ? `${item.id}:${item.version}` : 'new'}
      screen={screen}
      item={item}
      preset={preset}
      fixed={fixed}
      reload={query.refetch}
      onSaved={(saved) => onChange({ mode: 'view', id: saved.id })}
      onCancel={close}
      frame={({ form, actions }) => (
        <Drawer {...common} footer={actions}>
          {form}
        </Drawer>
      )}
    />
  );
}
