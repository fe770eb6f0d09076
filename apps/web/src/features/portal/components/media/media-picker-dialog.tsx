// The media picker of a site's library: folders on the left, the files of the chosen folder as a grid of
// thumbnails (only the field's kind), search by name or alt text, pages, upload into the current folder, edit,
// where used, and delete (refused by the server while the file is used). Every action is a labelled button.
import { DeleteOutlined, EditOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Input, Modal, Pagination, Popconfirm, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_TOP_FOLDER, mediaAccess, type MediaFile, type MediaFolder, type MediaKind, type PortalSite } from '@tfb/contract';
import { tablePagination, type PageState } from '../../../../components/widgets/paging';
import { ApiError } from '../../../../lib/api-client';
import { contractMessage } from '../../../../lib/form-rules';
import { useCan } from '../../../../lib/use-can';
import { mediaFoldersQueryOptions, mediaListQueryOptions, useDeleteMedia } from '../../api/media';
import { MediaEditDialog } from './media-edit-dialog';
import { MediaThumb } from './media-preview';
import { MediaUploadDialog } from './media-upload-dialog';
import { MediaUsesDialog } from './media-uses-dialog';
import './media.css';

export type MediaPickerDialogProps = {
  site: PortalSite;
  kind: MediaKind;
  open: boolean;
  /** The file the field holds now (marked in the grid). */
  value?: number | null;
  onSelect: (file: MediaFile) => void;
  onCancel: () => void;
};

const PICKER_PAGE: PageState = { pageNumber: 0, pageSize: 20 };

/** Every folder with files, and the folders above them (so the list reads as a tree), in path order. */
export function folderRows(folders: readonly MediaFolder[]): { path: string; depth: number; name: string; count: number }[] {
  const counts = new Map(folders.filter((f) => f.folder !== '').map((f) => [f.folder, f.count]));
  const paths = new Set<string>();
  for (const f of counts.keys()) {
    const parts = f.split('/');
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  }
  return [...paths].sort().map((path) => {
    const parts = path.split('/');
    return { path, depth: parts.length - 1, name: parts.at(-1)!, count: counts.get(path) ?? 0 };
  });
}

export function MediaPickerDialog({ site, kind, open, value, onSelect, onCancel }: MediaPickerDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const access = mediaAccess(site);
  const canWrite = useCan(access.write);
  const canDelete = useCan(access.admin);
  /** undefined: every folder; '': the top folder. */
  const [folder, setFolder] = useState<string | undefined>(undefined);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<PageState>(PICKER_PAGE);
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<MediaFile | null>(null);
  const [showingUses, setShowingUses] = useState<MediaFile | null>(null);
  const remove = useDeleteMedia(site);

  const filter = {
    kind,
    folder: folder === undefined ? undefined : folder === '' ? MEDIA_TOP_FOLDER : folder,
    name: search || undefined,
    ...page,
  };
  const files = useQuery({ ...mediaListQueryOptions(site, filter), enabled: open });
  const folders = useQuery({ ...mediaFoldersQueryOptions(site, kind), enabled: open });
  const topCount = folders.data?.find((f) => f.folder === '')?.count ?? 0;

  const goTo = (next: string | undefined) => {
    setFolder(next);
    setPage(PICKER_PAGE);
  };
  const folderButton = (key: string, target: string | undefined, label: string, count: number | undefined, depth = 0) => (
    <li key={key}>
      <Button
        type={folder === target ? 'primary' : 'text'}
        className={`media-picker__folder media-picker__folder--depth-${Math.min(depth, 3)}`}
        aria-current={folder === target ? 'true' : undefined}
        onClick={() => goTo(target)}
      >
        {count === undefined ? label : `${label} (${count})`}
      </Button>
    </li>
  );

  const deleteFile = async (file: MediaFile) => {
    try {
      await remove.mutateAsync(file.id);
      void message.success(t('portal.media.removed'));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      void message.error(contractMessage(t, err.message));
    }
  };

  const title = kind === 'image' ? t('portal.media.pickerTitleImage') : t('portal.media.pickerTitleVideo');
  return (
    <Modal open={open} title={title} width={1000} onCancel={onCancel} footer={null} destroyOnHidden>
      <div className="media-picker">
        <nav className="media-picker__folders" aria-label={t('portal.media.folders')}>
          <ul>
            {folderButton('*', undefined, t('portal.media.allFolders'), undefined)}
            {folderButton('/', '', t('portal.media.topFolder'), topCount)}
            {folderRows(folders.data ?? []).map((r) => folderButton(r.path, r.path, r.name, r.count, r.depth + 1))}
          </ul>
        </nav>
        <section className="media-picker__main" aria-label={title}>
          <div className="media-picker__tools">
            <Input.Search
              allowClear
              placeholder={t('portal.media.search')}
              aria-label={t('portal.media.search')}
              onSearch={(v) => {
                setSearch(v.trim());
                setPage(PICKER_PAGE);
              }}
            />
            {canWrite ? (
              <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                {t('portal.media.upload')}
              </Button>
            ) : null}
          </div>
          {files.isError ? (
            <Alert
              type="error"
              showIcon
              title={files.error instanceof ApiError ? files.error.message : t('portal.media.loadFailed')}
              action={<Button onClick={() => void files.refetch()}>{t('portal.media.retry')}</Button>}
            />
          ) : files.isPending ? (
            <Spin />
          ) : files.data.content.length === 0 ? (
            <Empty description={t('portal.media.empty')} />
          ) : (
            <ul className="media-picker__grid" aria-label={t('portal.media.library')}>
              {files.data.content.map((file) => (
                <li key={file.id} className={`media-card${file.id === value ? ' media-card--selected' : ''}`}>
                  <MediaThumb media={file} />
                  <div className="media-card__name" title={file.fileName}>
                    {file.fileName}
                  </div>
                  <div className="media-card__actions">
                    <Button
                      size="small"
                      type="primary"
                      aria-label={t('portal.media.selectNamed', { name: file.fileName })}
                      aria-pressed={file.id === value}
                      onClick={() => onSelect(file)}
                    >
                      {file.id === value ? t('portal.media.selected') : t('portal.media.select')}
                    </Button>
                    {canWrite ? (
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('portal.media.editNamed', { name: file.fileName })}
                        title={t('portal.media.edit')}
                        onClick={() => setEditing(file)}
                      />
                    ) : null}
                    <Button
                      size="small"
                      icon={<LinkOutlined />}
                      aria-label={t('portal.media.usesNamed', { name: file.fileName })}
                      title={t('portal.media.uses')}
                      onClick={() => setShowingUses(file)}
                    />
                    {canDelete ? (
                      <Popconfirm
                        title={t('portal.media.removeConfirm', { name: file.fileName })}
                        okText={t('portal.media.ok')}
                        cancelText={t('portal.media.cancel')}
                        onConfirm={() => deleteFile(file)}
                      >
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('portal.media.removeNamed', { name: file.fileName })}
                          title={t('portal.media.remove')}
                        />
                      </Popconfirm>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pagination size="small" {...tablePagination(t, page, files.data, setPage)} />
        </section>
      </div>
      {uploading ? (
        <MediaUploadDialog
          site={site}
          kind={kind}
          folder={folder ?? ''}
          open
          onClose={() => setUploading(false)}
          onUploaded={(file) => {
            setUploading(false);
            goTo(file.folder);
          }}
        />
      ) : null}
      {editing ? <MediaEditDialog site={site} file={editing} onClose={() => setEditing(null)} onSaved={() => setEditing(null)} /> : null}
      {showingUses ? <MediaUsesDialog site={site} file={showingUses} onClose={() => setShowingUses(null)} /> : null}
    </Modal>
  );
}
