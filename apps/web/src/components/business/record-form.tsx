// The create/edit screen of a record: the form in the screen's frame with the footer actions (cancel, save as
// draft, submit), and the save: check the fields, build the body, create or update (with the version read), say
// so and open the saved record's detail. A save refused as stale shows the reload notice; any other refusal puts
// the server's field errors next to their fields and its message in a toast.
import { App, Form, Row, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGES, type BusinessStatus } from '@tfb/contract';
import { RecordEditPage, statusOf } from './edit-gate';
import { FormActions } from './form-actions';
import { PageShell, Section } from './page-shell';
import { useSaveRecord } from './record-api';
import type { RecordKind } from './record-screens';
import { showSaveError } from './save-error';
import { refOf, useStaleVersion, type StaleVersion } from './stale-version';
import { StatusTag } from './status-tag';

type Versioned = { id: number; version: number };

export type RecordFormOptions<V, Body, Saved> = {
  kind: RecordKind<unknown, Saved>;
  /** The record being edited; null on the create screen. */
  record: Versioned | null;
  /** Reloads the record (the edit gate's), after a save refused because someone else saved it first. */
  reload?: () => Promise<unknown>;
  /** The body to save from the checked values, or null when they cannot be saved. */
  toBody: (values: V, status: BusinessStatus) => Body | null;
  /** A field the server names that the form shows on another control (contractId → contract). */
  fieldAliases?: Record<string, string>;
};

export type RecordFormState<V extends object> = {
  form: FormInstance<V>;
  /** The record being edited; null on the create screen. */
  record: Versioned | null;
  /** The status being saved, while a save runs. */
  saving: BusinessStatus | null;
  onSave: (status: BusinessStatus) => Promise<void>;
  stale: StaleVersion;
  /** Where cancel and back go: the record's detail, or the list on the create screen. */
  back: string;
};

export function useRecordForm<V extends object, Body extends object, Saved extends { id: number }>({
  kind,
  record,
  reload,
  toBody,
  fieldAliases,
}: RecordFormOptions<V, Body, Saved>): RecordFormState<V> {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<V>();
  const save = useSaveRecord<Body, Saved>(kind);
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState<BusinessStatus | null>(null);
  const { paths } = kind;

  const onSave = async (status: BusinessStatus) => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = toBody(values, status);
    if (body === null) return;
    setSaving(status);
    try {
      const saved = await save.mutateAsync({ ...refOf(record), body });
      void message.success(record ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(paths.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message, fieldAliases);
    } finally {
      setSaving(null);
    }
  };

  return { form, record, saving, onSave, stale, back: record ? paths.detail(record.id) : paths.list };
}

/**
 * A form's initial values from the record being edited: each field of `defaults` takes the record's value, or the
 * default when the record has none (and on the create screen, where there is no record).
 */
export function recordValues<R extends object, D extends { [K in keyof D]: K extends keyof R ? unknown : never }>(
  record: R | null,
  defaults: D,
): { [K in keyof D]: K extends keyof R ? NonNullable<R[K]> | D[K] : never } {
  const values: Record<string, unknown> = { ...defaults };
  if (record) for (const [key, value] of Object.entries(record)) if (key in defaults) values[key] = value ?? values[key];
  return values as { [K in keyof D]: K extends keyof R ? NonNullable<R[K]> | D[K] : never };
}

export type RecordFormPageProps<V extends object> = {
  state: RecordFormState<V>;
  title: string;
  initialValues: Partial<V>;
  /** Buttons at the top right (e.g. copy from another record). */
  extra?: ReactNode;
  /** Records without statuses (goods) only save. */
  withSubmit?: boolean;
  /** The form's sections. */
  children: ReactNode;
  /** Dialogs the form opens, outside the form. */
  dialogs?: ReactNode;
};

export function RecordFormPage<V extends object>(props: RecordFormPageProps<V>) {
  const { state, title, initialValues, extra, withSubmit, children, dialogs } = props;
  const navigate = useNavigate();
  const { form, record, saving, onSave, stale, back } = state;
  // The status of the record being edited: its tag beside the title.
  const status = record ? statusOf(record) : undefined;
  return (
    <PageShell
      title={title}
      tags={status ? <StatusTag status={status} /> : null}
      backTo={back}
      extra={extra}
      footer={<FormActions saving={saving} withSubmit={withSubmit} onCancel={() => navigate(back)} onSave={(s) => void onSave(s)} />}
    >
      {stale.alert}
      <Form<V> form={form} layout="vertical" scrollToFirstError initialValues={initialValues}>
        {children}
      </Form>
      {dialogs}
    </PageShell>
  );
}

/** A titled block of a form (by default its basic facts, 基本信息) whose fields sit in a responsive grid (FieldItem's `span`). */
export function FormSection({ title, children }: { title?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Section title={title ?? t('biz.section.basic')}>
      <Row gutter={24}>{children}</Row>
    </Section>
  );
}

export type RecordFormProps<T> = { record: T | null; reload?: () => Promise<unknown> };

/**
 * The create and edit screens of a record kind whose form takes the record (null to create): the edit screen loads
 * it behind the edit gate; `editTitle` names the edit screen (for no record while it loads).
 */
export function recordFormPages<T extends Versioned>(
  kind: RecordKind<unknown, T>,
  RecordForm: ComponentType<RecordFormProps<T>>,
  editTitle: (t: TFunction, record: T | null) => string,
) {
  const CreatePage = () => <RecordForm record={null} />;
  function EditPage() {
    const { t } = useTranslation();
    return (
      <RecordEditPage kind={kind} title={(record) => editTitle(t, record)}>
        {(record, reload) => <RecordForm record={record} reload={reload} />}
      </RecordEditPage>
    );
  }
  return { CreatePage, EditPage };
}
