// Uploading a file into the current folder of a site's library: the file, its alt text (required for an image,
// with the contract's message) and the folder. The server judges the content; its refusal is shown in the dialog.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEDIA_IMAGE_TYPES,
  MEDIA_MESSAGES,
  MEDIA_VIDEO_TYPES,
  MediaUploadFieldsSchema,
  type MediaFile,
  type MediaKind,
  type PortalSite,
} from '@tfb/contract';
import { FieldItem } from '../../../../components/business/field-item';
import { contractMessage } from '../../../../lib/form-rules';
import { MediaUploadError, useUploadMedia } from '../../api/media';

type Props = {
  site: PortalSite;
  /** The kind the field takes (the picker's filter): the upload takes only that. */
  kind: MediaKind;
  folder: string;
  open: boolean;
  onClose: () => void;
  onUploaded: (file: MediaFile) => void;
};

type Values = { alt: string; folder: string };

const ACCEPT = {
  image: MEDIA_IMAGE_TYPES.map((e) => `.${e}`).join(','),
  video: MEDIA_VIDEO_TYPES.map((e) => `.${e}`).join(','),
} as const;

export function MediaUploadDialog({ site, kind, folder, open, onClose, onUploaded }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadMedia(site);

  const reset = () => {
    form.resetFields();
    setFile(null);
    setFileProblem(null);
    setFailure(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!file) setFileProblem(t('portal.media.fileRequired'));
    if (!values || !file) return;
    setFailure(null);
    try {
      const uploaded = await upload.mutateAsync({ file, alt: values.alt ?? '', folder: values.folder ?? '', kind });
      void message.success(t('portal.media.uploaded'));
      reset();
      onUploaded(uploaded);
    } catch (err) {
      const text = err instanceof MediaUploadError && err.serverMessage ? err.serverMessage : null;
      if (text === MEDIA_MESSAGES.altRequired) form.setFields([{ name: 'alt', errors: [contractMessage(t, text)] }]);
      else setFailure(text ? contractMessage(t, text) : t('portal.media.uploadFailed', { name: file.name }));
    }
  };

  return (
    <Modal
      open={open}
      title={t('portal.media.uploadTitle', { folder: folder || t('portal.media.topFolder') })}
      okText={t('portal.media.upload')}
      cancelText={t('portal.media.cancel')}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ alt: '', folder }} aria-label={t('portal.media.upload')}>
        <Form.Item
          label={t('portal.media.uploadFile')}
          required
          validateStatus={fileProblem ? 'error' : undefined}
          help={fileProblem ?? file?.name}
        >
          <Upload
            accept={ACCEPT[kind]}
            maxCount={1}
            showUploadList={false}
            beforeUpload={(f) => {
              setFile(f);
              setFileProblem(null);
              // Held until the form is sent: the alt text goes with the file.
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('portal.media.chooseFile')}</Button>
          </Upload>
        </Form.Item>
        <FieldItem
          name="alt"
          field={MediaUploadFieldsSchema.shape.alt}
          required={kind === 'image'}
          extra={t('portal.media.altHint')}
          moreRules={
            kind === 'image' ? [{ required: true, whitespace: true, message: contractMessage(t, MEDIA_MESSAGES.altRequired) }] : []
          }
        />
        <FieldItem name="folder" field={MediaUploadFieldsSchema.shape.folder} extra={t('portal.media.folderHint')} />
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
