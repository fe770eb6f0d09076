// The add/edit form of a content item, on its own page or in a drawer: the type's fields and the time window; 保存
// creates the item or saves a new version against the version the form read; 保存并提交 then submits that version
// for approval. A save refused because someone else saved first offers a reload and a comparison of their version
// with the unsaved values. An item that may not be edited now (under review, or a published announcement) shows why.
// The form is autosaved as the user's working copy (./content-autosave.tsx), offered back when the editor reopens.
import { App, Form } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTENT_MESSAGES, MESSAGES, type BusinessStatus, type ContentData, type ContentItem } from '@tfb/contract';
import { FormActions } from '../../../../components/business/form-actions';
import { useSaveRecord } from '../../../../components/business/record-api';
import { showSaveError } from '../../../../components/business/save-error';
import { useStaleVersion } from '../../../../components/business/stale-version';
import { contractMessage } from '../../../../lib/form-rules';
import { contentEndpoint, useContentActions } from '../../api/content';
import { AutosaveOffer, AutosaveStatus, useContentAutosave } from './content-autosave';
import { StaleCompareDialog } from './content-diff';
import { ContentFields, TimeWindowFields } from './content-fields';
import { bodyOf, formValuesOf, type ContentFormValues, type ContentScreen } from './content-model';

export type ContentEditorProps = {
  screen: ContentScreen;
  /** The item being edited; null to create one. */
  item: ContentItem | null;
  /** Values a new item starts with (the column of a single page, the kind of a slot). */
  preset?: ContentData;
  /** Fields the screen sets: kept, not shown. */
  fixed?: readonly string[];
  /** Refetches the item (after a stale save); the form is rebuilt from it. */
  reload: () => Promise<unknown>;
  onSaved: (item: ContentItem) => void;
  onCancel: () => void;
  /** Cancel puts the form back to the saved copy (the page stays): the autosave of the changes goes too. Elsewhere
   * cancel leaves the page, and the autosave stays to be offered next time. */
  cancelResets?: boolean;
  /** Lays the form and its actions out: a page puts the actions in its footer, a drawer in its own. */
  frame: (parts: { form: ReactNode; actions: ReactNode }) => ReactNode;
};

export function ContentEditor({ screen, item, preset, fixed, reload, onSaved, onCancel, cancelResets, frame }: ContentEditorProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ContentFormValues>();
  const scope = useMemo(() => ({ site: screen.site, type: screen.type }), [screen.site, screen.type]);
  // The values it opened with (the editor is keyed by the item's version, so they do not change under it).
  const [initialValues] = useState(() => formValuesOf(screen.type, item, preset));
  const autosave = useContentAutosave({ scope, item, form, initialValues, fixed });
  const save = useSaveRecord<object, ContentItem>(contentEndpoint(scope));
  const { submit } = useContentActions(scope);
  const [saving, setSaving] = useState<BusinessStatus | null>(null);
  const [comparing, setComparing] = useState(false);
  const stale = useStaleVersion(reload, {
    staleMessage: CONTENT_MESSAGES.stale,
    message: contractMessage(t, CONTENT_MESSAGES.stale),
    onCompare: item ? () => setComparing(true) : undefined,
  });

  const onSave = async (status: BusinessStatus) => {
    let values: ContentFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(status);
    try {
      const body = bodyOf(screen.type, { ...form.getFieldsValue(true), ...values });
      await autosave.beforeSave();
      let saved = await save.mutateAsync(item ? { id: item.id, version: item.version, body } : { id: null, body });
      autosave.afterSave();
      if (status === 'submitted') saved = await submit.mutateAsync({ id: saved.id, version: saved.version });
      void message.success(status === 'submitted' ? t('portal.content.submitted') : item ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      onSaved(saved);
    } catch (err) {
      // Not saved: the changes go on being autosaved (a stale form's copy keeps the version it started from).
      autosave.onChange();
      if (!stale.caught(err)) showSaveError(err, form, message, {}, 'data.');
    } finally {
      setSaving(null);
    }
  };

  const formNode = (
    <>
      <AutosaveOffer control={autosave} scope={scope} item={item} />
      {stale.alert}
      <AutosaveStatus state={autosave.state} />
      <Form<ContentFormValues>
        form={form}
        layout="vertical"
        scrollToFirstError
        initialValues={initialValues}
        onValuesChange={autosave.onChange}
        aria-label={t('portal.content.formLabel')}
      >
        <ContentFields screen={screen} media={item?.media ?? []} fixed={fixed} />
        <TimeWindowFields />
      </Form>
      {item && comparing ? (
        <StaleCompareDialog scope={scope} started={item} values={form.getFieldsValue(true)} open onClose={() => setComparing(false)} />
      ) : null}
    </>
  );
  const actions = (
    <FormActions
      saving={saving}
      onCancel={cancelResets ? () => void autosave.discardOwn().finally(onCancel) : onCancel}
      onSave={(s) => void onSave(s)}
      labels={{
        save: t('portal.content.save'),
        submit: t('portal.content.saveAndSubmit'),
        submitConfirm: t('portal.content.submitConfirm'),
      }}
    />
  );
  return <>{frame({ form: formNode, actions })}</>;
}
