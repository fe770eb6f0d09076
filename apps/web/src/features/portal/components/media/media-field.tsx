// The media of a content field: shows the chosen file (its thumbnail or name, from the media the item's reply
// lists) and lets the user clear it. Choosing and uploading files is the media library's picker.
import { CloseOutlined, FileImageOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Button, Flex, Image, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MediaKind, MediaSummary, PortalSite } from '@tfb/contract';

export type MediaFieldProps = {
  site: PortalSite;
  kind: MediaKind;
  value?: number | null;
  onChange?: (id: number | null) => void;
  media?: MediaSummary[];
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
};

export function MediaPreview({ media }: { media: MediaSummary }) {
  return (
    <Flex align="center" gap={8}>
      {media.kind === 'image' ? (
        <Image src={media.thumbUrl ?? media.url} alt={media.alt} width={64} preview={false} />
      ) : (
        <VideoCameraOutlined aria-hidden />
      )}
      <Typography.Text>{media.fileName}</Typography.Text>
    </Flex>
  );
}

export function MediaField({ kind, value, onChange, media, id, 'aria-label': ariaLabel, disabled }: MediaFieldProps) {
  const { t } = useTranslation();
  const chosen = value == null ? undefined : media?.find((m) => m.id === value);
  return (
    <Flex id={id} role="group" aria-label={ariaLabel} align="center" gap={8}>
      {value == null ? (
        <Typography.Text type="secondary">
          {kind === 'image' ? <FileImageOutlined aria-hidden /> : <VideoCameraOutlined aria-hidden />} {t('portal.content.noMedia')}
        </Typography.Text>
      ) : chosen ? (
        <MediaPreview media={chosen} />
      ) : (
        <Typography.Text>{t('portal.content.mediaId', { id: value })}</Typography.Text>
      )}
      {value != null && !disabled ? (
        <Button size="small" type="text" icon={<CloseOutlined />} onClick={() => onChange?.(null)}>
          {t('portal.content.clearMedia')}
        </Button>
      ) : null}
    </Flex>
  );
}
