// The content editor's autosave: a few seconds after the last change, while the form differs from what it opened
// with, its values go to the user's server-side working copy (never a version: the real save is 保存). Opening an
// editor that has one offers it: to restore, when it was made on the item's current version (or for a new item);
// to compare, when the item has been saved since (by someone else or in another tab) — a copy is never applied
// silently, and none is written over while the offer stands. A real save awaits the autosave in flight (the server
// drops the copy in the save's transaction); leaving the editor writes a pending change at once.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Space, Tag, Typography, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentAutosave, ContentItem, SaveContentAutosaveBody } from '@tfb/contract';
import { formatDateTime } from '../../../../components/business/format';
import { contentAutosaveOptions, deleteContentAutosave, saveContentAutosave, type ContentScope } from '../../api/content';
import { StaleCompareDialog } from './content-diff';
import { bodyOf, formValuesOf, type ContentFormValues } from './content-model';

/** How long after the last change the form is autosaved (tests shorten it). */
export const contentAutosaveTiming = { delayMs: 3000 };

/** An autosave found on opening, until the user restores or discards it. */
type Offer = { autosave: ContentAutosave; stale: boolean };
/** What the status line says: nothing to keep, changes not yet autosaved, autosaved at a time, or the autosave failed. */
type State = { kind: 'clean' } | { kind: 'dirty' } | { kind: 'saved'; time: string } | { kind: 'failed' };

type Options = {
  scope: ContentScope;
  item: ContentItem | null;
  form: FormInstance<ContentFormValues>;
  /** The values the form opened with (the fixed fields of a screen are kept from them on a restore). */
  initialValues: ContentFormValues;
  fixed?: readonly string[];
};

const bodyKey = (scope: ContentScope, values: ContentFormValues) => JSON.stringify(bodyOf(scope.type, values));

export function useContentAutosave({ scope, item, form, initialValues, fixed = [] }: Options) {
  const id = item?.id ?? null;
  // Read once per editor, afresh (a copy cached by the editor before this one may be out of date), and not again
  // while it edits: the copy it then writes is its own.
  const query = useQuery({
    ...contentAutosaveOptions(scope, id),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const read = query.isFetchedAfterMount && query.isSuccess;
  // The copy on the server as this editor found it: undefined until read (or when it could not be read).
  const found = read ? query.data : undefined;
  const [decided, setDecided] = useState(false);
  const offer: Offer | null = !decided && found ? { autosave: found, stale: item !== null && found.baseVersion !== item.version } : null;
  // Nothing is written before the copy on the server has been read (a copy that cannot be read is not written
  // over either), nor while it is offered.
  const writableNow = read && !offer;
  const writable = useRef(false);
  useLayoutEffect(() => {
    writable.current = writableNow;
  });
  const [state, setState] = useState<State>({ kind: 'clean' });

  const baseline = useMemo(() => bodyKey(scope, initialValues), [scope, initialValues]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const written = useRef(false); // this editor's copy is on the server
  const closed = useRef(false); // saved for real (the server dropped the copy) or discarded on purpose

  const writeNow = useCallback(() => {
    timer.current = null;
    if (closed.current) return;
    const values = form.getFieldsValue(true);
    const same = bodyKey(scope, values) === baseline;
    const body: SaveContentAutosaveBody = { ...bodyOf(scope.type, values), ...(item ? { baseVersion: item.version } : {}) };
    const write = inFlight.current.then(async () => {
      if (closed.current) return;
      try {
        if (same) {
          // Back to what it opened with: no working copy to keep.
          if (written.current) await deleteContentAutosave(scope, id);
          written.current = false;
          setState({ kind: 'clean' });
        } else {
          const saved = await saveContentAutosave(scope, id, body);
          written.current = true;
          setState({ kind: 'saved', time: saved?.savedTime ?? new Date().toISOString() });
        }
      } catch {
        // Tried again with the next change; the values are still in the form.
        setState({ kind: 'failed' });
      }
    });
    inFlight.current = write;
    return write;
  }, [form, scope, baseline, item, id]);

  /** The form's onValuesChange. */
  const onChange = useCallback(() => {
    if (closed.current) return;
    const dirty = bodyKey(scope, form.getFieldsValue(true)) !== baseline;
    setState(dirty || written.current ? { kind: 'dirty' } : { kind: 'clean' });
    if (!writable.current || (!dirty && !written.current)) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void writeNow(), contentAutosaveTiming.delayMs);
  }, [scope, form, baseline, writeNow]);

  // Leaving with a change not yet written writes it now.
  const flushOnLeave = useRef(writeNow);
  useEffect(() => {
    flushOnLeave.current = writeNow;
  }, [writeNow]);
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        void flushOnLeave.current();
      }
    },
    [],
  );

  /** Before a real save: no autosave may land after it (the save drops the copy on the server). */
  const beforeSave = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await inFlight.current;
  }, []);
  /** After a real save: the server has dropped the copy; nothing more is written from this form. */
  const afterSave = useCallback(() => {
    closed.current = true;
    written.current = false;
    setState({ kind: 'clean' });
  }, []);
  /** Drops this editor's changes and its copy (a cancel that puts the form back). */
  const discardOwn = useCallback(async () => {
    await beforeSave();
    closed.current = true;
    if (written.current) await deleteContentAutosave(scope, id).catch(() => undefined);
    written.current = false;
  }, [beforeSave, scope, id]);

  const restore = (autosave: ContentAutosave) => {
    const values = formValuesOf(scope.type, { draft: autosave.data, goLiveAt: autosave.goLiveAt, expireAt: autosave.expireAt });
    for (const key of fixed) values[key] = initialValues[key];
    form.setFieldsValue(values);
    setDecided(true);
    written.current = true;
    setState({ kind: 'saved', time: autosave.savedTime });
  };
  const discard = () => {
    setDecided(true);
    writable.current = true;
    // Dropped before any write of this editor's own changes (made while the offer stood), which follows.
    inFlight.current = inFlight.current.then(() => deleteContentAutosave(scope, id).catch(() => undefined));
    onChange();
  };

  return { offer, state, onChange, beforeSave, afterSave, discardOwn, restore, discard };
}

export type ContentAutosaveControl = ReturnType<typeof useContentAutosave>;

/** The status line: unsaved changes, or the time of the last autosave. */
export function AutosaveStatus({ state }: { state: ContentAutosaveControl['state'] }) {
  const { t } = useTranslation();
  if (state.kind === 'clean') return null;
  return (
    <Space className="portal-autosave__status" role="status">
      {state.kind === 'saved' ? (
        <Typography.Text type="secondary">{t('portal.content.autosaved', { time: dayjs(state.time).format('HH:mm:ss') })}</Typography.Text>
      ) : (
        <Tag color="orange">{t('portal.content.unsaved')}</Tag>
      )}
      {state.kind === 'failed' ? <Typography.Text type="warning">{t('portal.content.autosaveFailed')}</Typography.Text> : null}
    </Space>
  );
}

/** The offer of a copy found on opening: restore or discard it, or — when the item moved on since — compare or
 * discard it. */
export function AutosaveOffer({
  control,
  scope,
  item,
}: {
  control: ContentAutosaveControl;
  scope: ContentScope;
  item: ContentItem | null;
}) {
  const { t } = useTranslation();
  const [comparing, setComparing] = useState(false);
  const { offer } = control;
  if (!offer) return null;
  const { autosave, stale } = offer;
  const when = { user: autosave.userName, time: formatDateTime(autosave.savedTime) };
  if (!stale || !item) {
    return (
      <Alert
        type="info"
        showIcon
        className="portal-autosave__offer"
        title={t('portal.content.autosaveFound', when)}
        description={t('portal.content.autosavePaused')}
        action={
          <Space>
            <Button size="small" type="primary" onClick={() => control.restore(autosave)}>
              {t('portal.content.restoreAutosave')}
            </Button>
            <Button size="small" onClick={control.discard}>
              {t('portal.content.discardAutosave')}
            </Button>
          </Space>
        }
      />
    );
  }
  const values = formValuesOf(scope.type, { draft: autosave.data, goLiveAt: autosave.goLiveAt, expireAt: autosave.expireAt });
  return (
    <>
      <Alert
        type="warning"
        showIcon
        role="alert"
        className="portal-autosave__offer"
        title={t('portal.content.autosaveStale', { ...when, base: autosave.baseVersion, version: item.version })}
        description={t('portal.content.autosavePaused')}
        action={
          <Space>
            <Button size="small" type="primary" onClick={() => setComparing(true)}>
              {t('portal.content.compareAutosave')}
            </Button>
            <Button size="small" onClick={control.discard}>
              {t('portal.content.discardAutosave')}
            </Button>
          </Space>
        }
      />
      {comparing ? (
        <StaleCompareDialog
          scope={scope}
          started={{ ...item, version: autosave.baseVersion ?? item.version }}
          values={values}
          open
          onClose={() => setComparing(false)}
        />
      ) : null}
    </>
  );
}
