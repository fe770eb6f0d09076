// The control of every image and video field of the portal content forms: shows the chosen file (thumbnail or
// video icon, name, alt text) and offers to choose, replace or clear it through the site's media picker. The
// value is a media id. `media` holds the summaries the item already knows, so a saved value shows without a call;
// a file picked here is remembered; anything else is read by its id.
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaKind, MediaSummary, PortalSite } from '@tfb/contract';
import { mediaFileQueryOptions } from '../../api/media';
import { MediaPickerDialog } from './media-picker-dialog';
import { MediaThumb } from './media-preview';
import './media.css';

export { MediaPreview } from './media-preview';

export function MediaField(props: {
  site: PortalSite;
  kind: MediaKind;
  value?: number | null;
  onChange?: (id: number | null) => void;
  media?: MediaSummary[];
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
}) {
  const { site, kind, value, onChange, media, id, disabled } = props;
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<MediaSummary | null>(null);
  const known = value == null ? undefined : (media?.find((m) => m.id === value) ?? (picked?.id === value ? picked : undefined));
  const fetched = useQuery({ ...mediaFileQueryOptions(site, value ?? 0), enabled: value != null && !known });
  const current = known ?? (fetched.data?.id === value ? fetched.data : undefined);
  const label = props['aria-label'];
  const choose = kind === 'image' ? t('portal.media.chooseImage') : t('portal.media.chooseVideo');

  return (
    <div className="media-field" role="group" aria-label={label}>
      {current ? <MediaThumb media={current} /> : null}
      <div className="media-field__info">
        {value == null ? (
          <span className="media-field__alt">{t('portal.media.none')}</span>
        ) : current ? (
          <>
            <div className="media-field__name">{current.fileName}</div>
            {current.alt ? <div className="media-field__alt">{current.alt}</div> : null}
          </>
        ) : fetched.isError ? (
          <span className="media-field__alt" role="alert">
            {t('portal.media.missing', { id: value })}
          </span>
        ) : null}
      </div>
      <Space>
        <Button
          id={id}
          disabled={disabled}
          onClick={() => setPicking(true)}
          aria-label={label ? `${label}: ${value == null ? choose : t('portal.media.replace')}` : undefined}
        >
          {value == null ? choose : t('portal.media.replace')}
        </Button>
        {value != null ? (
          <Button
            disabled={disabled}
            onClick={() => onChange?.(null)}
            aria-label={label ? `${label}: ${t('portal.media.clear')}` : undefined}
          >
            {t('portal.media.clear')}
          </Button>
        ) : null}
      </Space>
      <MediaPickerDialog
        site={site}
        kind={kind}
        open={picking}
        value={value}
        onCancel={() => setPicking(false)}
        onSelect={(file) => {
          setPicked(file);
          setPicking(false);
          onChange?.(file.id);
        }}
      />
    </div>
  );
}
