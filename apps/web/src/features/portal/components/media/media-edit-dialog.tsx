// Editing a library file's name, alt text and folder, against the version it was read at (409 when someone else
// changed it meanwhile: the server's message is shown).
import { Alert, App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_MESSAGES, UpdateMediaBodySchema, type MediaFile, type PortalSite } from '@tfb/contract';
import { FieldItem } from '../../../../components/business/field-item';
import { ApiError } from '../../../../lib/api-client';
import { contractMessage } from '../../../../lib/form-rules';
import { useUpdateMedia } from '../../api/media';

type Props = { site: PortalSite; file: MediaFile; onClose: () => void; onSaved: (file: MediaFile) => void };
type Values = { fileName: string; alt: string; folder: string };

export function MediaEditDialog({ site, file, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const update = useUpdateMedia(site);
  const F = UpdateMediaBodySchema.shape;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setFailure(null);
    try {
      const saved = await update.mutateAsync({ id: file.id, body: { ...values, version: file.version } });
      void message.success(t('portal.media.saved'));
      onSaved(saved);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const fields = err.fieldErrors.filter((e) => ['fileName', 'alt', 'folder'].includes(e.field));
      if (fields.length) form.setFields(fields.map((e) => ({ name: e.field as keyof Values, errors: [contractMessage(t, e.message)] })));
      else setFailure(contractMessage(t, err.message));
    }
  };

  return (
    <Modal
      open
      title={t('portal.media.editTitle')}
      okText={t('portal.media.ok')}
      cancelText={t('portal.media.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ fileName: file.fileName, alt: file.alt, folder: file.folder }}
        aria-label={t('portal.media.editTitle')}
      >
        <FieldItem name="fileName" field={F.fileName} />
        <FieldItem
          name="alt"
          field={F.alt}
          required={file.kind === 'image'}
          extra={t('portal.media.altHint')}
          moreRules={
            file.kind === 'image' ? [{ required: true, whitespace: true, message: contractMessage(t, MEDIA_MESSAGES.altRequired) }] : []
          }
        />
        <FieldItem name="folder" field={F.folder} extra={t('portal.media.folderHint')} />
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
