// The image uploader (spec 2.3 item 12, 5 Image upload, 8): jpg/jpeg/png/gif, at most 3, 20 MB each by
// default, each configurable per use; a footnote states them; delete asks first. Value: {id,filePath,fileName}[].
import { PlusOutlined } from '@ant-design/icons';
import { App, Typography, Upload, type UploadFile } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_COUNT, IMAGE_MAX_MB, IMAGE_TYPES, ImageValueSchema, MB, UPLOAD_PATHS, type ImageValue } from '@tfb/contract';
import { useControlValue } from './control-value';
import { fileExtension } from './document-rules';
import { uploadMultipart } from './upload-request';

export type { ImageValue } from '@tfb/contract';

export type ImageUploaderProps = {
  value?: ImageValue[];
  onChange?: (images: ImageValue[]) => void;
  /** Allowed extensions (default jpg, jpeg, png, gif). */
  types?: readonly string[];
  /** Most images (default 3). */
  maxCount?: number;
  /** Largest image in MB (default 20). */
  maxSizeMb?: number;
  disabled?: boolean;
  /** Show the footnote with formats, size and count (default true). */
  footnote?: boolean;
  id?: string;
};

type Pending = { uid: string; name: string; percent: number };

export type ImageFileProblem = { kind: 'type'; type: string } | { kind: 'size'; maxSizeMb: number } | { kind: 'count'; maxCount: number };

/** The checks of spec 5 in their order: type, size, count. */
export function checkImageFile(
  file: { name: string; size: number; type?: string },
  options: { types: readonly string[]; maxSizeMb: number; maxCount: number; taken: number },
): ImageFileProblem | null {
  const ext = fileExtension(file.name);
  if (!options.types.map((x) => x.toLowerCase()).includes(ext)) return { kind: 'type', type: ext || file.type || file.name };
  if (file.size / MB > options.maxSizeMb) return { kind: 'size', maxSizeMb: options.maxSizeMb };
  if (options.taken >= options.maxCount) return { kind: 'count', maxCount: options.maxCount };
  return null;
}

/**
 * Uploads images one by one to common/uploadImage and keeps their {id, filePath, fileName}; usable as an
 * antd Form control.
 */
export function ImageUploader({
  value,
  onChange,
  types = IMAGE_TYPES,
  maxCount = IMAGE_MAX_COUNT,
  maxSizeMb = IMAGE_MAX_MB,
  disabled = false,
  footnote = true,
  id,
}: ImageUploaderProps) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { current: images, latest, set: emit } = useControlValue(value, onChange, (held) => held ?? []);
  const [pending, setPending] = useState<Pending[]>([]);
  // Uploads under way count against maxCount until they finish.
  const pendingCount = useRef(0);

  const problemMessage = (p: ImageFileProblem): string => {
    if (p.kind === 'type') return t('widgets.image.typeNotSupported', { type: p.type, allowed: types.join(',') });
    if (p.kind === 'size') return t('widgets.image.tooLarge', { n: p.maxSizeMb });
    return t('widgets.image.maxCount', { n: p.maxCount });
  };

  const start = async (file: File & { uid?: string }) => {
    const problem = checkImageFile(file, {
      types,
      maxSizeMb,
      maxCount,
      taken: latest.current.length + pendingCount.current,
    });
    if (problem) {
      void message.error(problemMessage(problem));
      return;
    }
    const uid = file.uid ?? `${Date.now()}-${file.name}`;
    pendingCount.current += 1;
    setPending((p) => [...p, { uid, name: file.name, percent: 0 }]);
    const outcome = await uploadMultipart(UPLOAD_PATHS.uploadImage, file, {
      query: { maxMb: String(maxSizeMb), types: types.join(',') },
      onProgress: (percent) => setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent } : x))),
    });
    pendingCount.current -= 1;
    setPending((p) => p.filter((x) => x.uid !== uid));
    if (outcome.ok) {
      const parsed = ImageValueSchema.safeParse(outcome.data);
      if (parsed.success) {
        emit([...latest.current, parsed.data]);
        return;
      }
      void message.error(t('widgets.image.uploadFailed'));
    } else if (outcome.kind === 'reply') {
      void message.error(t('widgets.image.uploadFailed'));
    } else if (outcome.kind === 'transport') {
      void message.error(t('widgets.common.uploadTransportFailed', { name: file.name }));
    }
  };

  const fileList: UploadFile[] = [
    ...images.map((img): UploadFile => ({
      uid: `img-${img.id}`,
      name: img.fileName,
      status: 'done',
      url: img.filePath,
      thumbUrl: img.filePath,
    })),
    ...pending.map((p): UploadFile => ({ uid: p.uid, name: p.name, status: 'uploading', percent: p.percent })),
  ];
  const canAdd = !disabled && images.length + pending.length < maxCount;

  return (
    <div id={id}>
      <Upload
        listType="picture-card"
        accept={types.map((x) => `.${x}`).join(',')}
        multiple={maxCount > 1}
        fileList={fileList}
        disabled={disabled}
        beforeUpload={(file) => {
          void start(file);
          return Upload.LIST_IGNORE;
        }}
        onPreview={(f) => {
          if (f.url) window.open(f.url, '_blank', 'noopener,noreferrer');
        }}
        onRemove={(f) =>
          new Promise<boolean>((resolve) => {
            modal.confirm({
              title: t('widgets.image.confirmDelete'),
              okText: t('widgets.common.ok'),
              cancelText: t('widgets.common.cancel'),
              onOk: () => {
                emit(latest.current.filter((img) => `img-${img.id}` !== f.uid));
                resolve(false);
              },
              onCancel: () => resolve(false),
            });
          })
        }
      >
        {canAdd ? (
          <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }} aria-label={t('widgets.image.upload')}>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('widgets.image.upload')}</div>
          </button>
        ) : null}
      </Upload>
      {footnote ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('widgets.image.footnote', { types: types.join('/'), size: maxSizeMb, count: maxCount })}
        </Typography.Text>
      ) : null}
    </div>
  );
}
