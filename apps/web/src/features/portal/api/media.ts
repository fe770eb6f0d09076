// A site's media library (P19, media library): the page of files a picker shows, the folders, one file, the items
// that use a file, and the writes (upload, edit, delete). Every write refreshes the site's whole media key.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DeletedMediaReplySchema,
  MediaFileReplySchema,
  MediaFileSchema,
  MediaFoldersReplySchema,
  MediaPageReplySchema,
  MediaUsesReplySchema,
  mediaPaths,
  type MediaFile,
  type MediaFolder,
  type MediaKind,
  type MediaUse,
  type PortalSite,
  type UpdateMediaBody,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { uploadMultipart } from '../../../components/widgets/upload-request';

const at = (path: string, id: number) => path.replace(':id', String(id));

export const mediaKey = (site: PortalSite) => ['portal', site, 'media'] as const;

export type MediaListFilter = { folder?: string; kind?: MediaKind; name?: string; pageNumber: number; pageSize: number };
export type MediaPage = { content: MediaFile[]; totalElements: number };

export const mediaListQueryOptions = (site: PortalSite, filter: MediaListFilter) =>
  queryOptions({
    queryKey: [...mediaKey(site), 'list', filter] as const,
    queryFn: ({ signal }): Promise<MediaPage> =>
      api.get(mediaPaths(site).list, { query: filter, schema: MediaPageReplySchema.shape.data, signal }),
  });

export const mediaFoldersQueryOptions = (site: PortalSite, kind?: MediaKind) =>
  queryOptions({
    queryKey: [...mediaKey(site), 'folders', kind ?? null] as const,
    queryFn: ({ signal }): Promise<MediaFolder[]> =>
      api.get(mediaPaths(site).folders, { query: { kind }, schema: MediaFoldersReplySchema.shape.data, signal }),
  });

export const mediaFileQueryOptions = (site: PortalSite, id: number) =>
  queryOptions({
    queryKey: [...mediaKey(site), 'file', id] as const,
    queryFn: ({ signal }): Promise<MediaFile> =>
      api.get(at(mediaPaths(site).item, id), { schema: MediaFileReplySchema.shape.data, signal }),
  });

export const mediaUsesQueryOptions = (site: PortalSite, id: number) =>
  queryOptions({
    queryKey: [...mediaKey(site), 'uses', id] as const,
    queryFn: ({ signal }): Promise<MediaUse[]> =>
      api.get(at(mediaPaths(site).uses, id), { schema: MediaUsesReplySchema.shape.data, signal }),
    staleTime: 0,
  });

export type MediaUpload = { file: File; alt: string; folder: string; kind?: MediaKind };

/** The upload's failure: the server's message (shown as is), or none when no usable answer came. */
export class MediaUploadError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'upload failed');
  }
}

export async function uploadMedia(site: PortalSite, { file, alt, folder, kind }: MediaUpload): Promise<MediaFile> {
  const outcome = await uploadMultipart(mediaPaths(site).list, file, { query: { kind }, fields: { alt, folder } });
  if (!outcome.ok) throw new MediaUploadError(outcome.kind === 'reply' ? outcome.message : null);
  return MediaFileSchema.parse(outcome.data);
}

export const updateMedia = (site: PortalSite, id: number, body: UpdateMediaBody): Promise<MediaFile> =>
  api.put(at(mediaPaths(site).item, id), { body, schema: MediaFileReplySchema.shape.data });

export const deleteMedia = (site: PortalSite, id: number): Promise<{ id: number }> =>
  api.delete(at(mediaPaths(site).item, id), { schema: DeletedMediaReplySchema.shape.data });

function useMediaWrite<A, R>(site: PortalSite, write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: mediaKey(site) });
    },
  });
}

export const useUploadMedia = (site: PortalSite) => useMediaWrite(site, (u: MediaUpload) => uploadMedia(site, u));
export const useUpdateMedia = (site: PortalSite) =>
  useMediaWrite(site, ({ id, body }: { id: number; body: UpdateMediaBody }) => updateMedia(site, id, body));
export const useDeleteMedia = (site: PortalSite) => useMediaWrite(site, (id: number) => deleteMedia(site, id));
