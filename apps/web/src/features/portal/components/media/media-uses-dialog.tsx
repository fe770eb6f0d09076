// Where a library file is used: the content items whose draft or live copy refers to it (a file in use cannot be
// deleted; this is the list to clear first).
import { Alert, Button, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MediaFile, PortalSite } from '@tfb/contract';
import { mediaUsesQueryOptions } from '../../api/media';

type Props = { site: PortalSite; file: MediaFile; onClose: () => void };

export function MediaUsesDialog({ site, file, onClose }: Props) {
  const { t } = useTranslation();
  const uses = useQuery(mediaUsesQueryOptions(site, file.id));
  return (
    <Modal
      open
      title={t('portal.media.usesTitle', { name: file.fileName })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('portal.media.ok')}</Button>}
      destroyOnHidden
    >
      {uses.isPending ? (
        <Spin />
      ) : uses.isError ? (
        <Alert type="error" showIcon title={uses.error.message} />
      ) : uses.data.length === 0 ? (
        <p>{t('portal.media.unused')}</p>
      ) : (
        <>
          <p>{t('portal.media.usedBy')}</p>
          <ul>
            {uses.data.map((u) => (
              <li key={u.id}>
                {t('portal.media.useLine', {
                  type: t(`portal.media.types.${u.type}`, { defaultValue: u.type }),
                  title: u.title || '—',
                  id: u.id,
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}
