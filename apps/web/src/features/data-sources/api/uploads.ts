// Uploaded datasets: the parse preview of a file, storing it with the confirmed columns, one dataset with its
// editable columns, editing them, refreshing by re-upload and deleting. Every write refreshes the datasets' keys.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  DeletedUploadedDatasetReplySchema,
  UPLOADED_DATASET_PATHS,
  UploadPreviewSchema,
  UploadedDatasetReplySchema,
  UploadedDatasetSchema,
  type UpdateUploadedDatasetBody,
  type UploadColumnEdit,
  type UploadPreview,
  type UploadedDataset,
} from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { uploadMultipart } from '../../../components/widgets/upload-request';
import { DATA_SOURCES_KEY } from './datasets';

const at = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

export const uploadedDatasetQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...DATA_SOURCES_KEY, 'uploaded', id] as const,
    queryFn: ({ signal }): Promise<UploadedDataset> =>
      api.get(at(UPLOADED_DATASET_PATHS.item, id), { schema: UploadedDatasetReplySchema.shape.data, signal }),
  });

/** A refused or failed upload: the server's message (shown as is), or null when no usable answer came. */
export class DatasetUploadError extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'upload failed');
  }
}

async function send<T>(path: string, file: File, fields: Record<string, string>, parse: (data: unknown) => T): Promise<T> {
  const outcome = await uploadMultipart(path, file, { fields });
  if (!outcome.ok) throw new DatasetUploadError(outcome.kind === 'reply' ? outcome.message : null);
  return parse(outcome.data);
}

export const previewUpload = (file: File): Promise<UploadPreview> =>
  send(UPLOADED_DATASET_PATHS.preview, file, {}, (d) => UploadPreviewSchema.parse(d));

export type StoreUpload = { file: File; name: string; columns: UploadColumnEdit[] };
export const storeUpload = ({ file, name, columns }: StoreUpload): Promise<UploadedDataset> =>
  send(UPLOADED_DATASET_PATHS.list, file, { name, columns: JSON.stringify(columns) }, (d) => UploadedDatasetSchema.parse(d));

export type RefreshUpload = { id: string; file: File; columns?: UploadColumnEdit[] };
export const refreshUpload = ({ id, file, columns }: RefreshUpload): Promise<UploadedDataset> =>
  send(at(UPLOADED_DATASET_PATHS.refresh, id), file, columns ? { columns: JSON.stringify(columns) } : {}, (d) =>
    UploadedDatasetSchema.parse(d),
  );

export const updateUpload = ({ id, body }: { id: string; body: UpdateUploadedDatasetBody }): Promise<UploadedDataset> =>
  api.put(at(UPLOADED_DATASET_PATHS.item, id), { body, schema: UploadedDatasetReplySchema.shape.data });

export const deleteUpload = (id: string): Promise<{ id: string }> =>
  api.delete(at(UPLOADED_DATASET_PATHS.item, id), { schema: DeletedUploadedDatasetReplySchema.shape.data });

function useDatasetWrite<A, R>(write: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DATA_SOURCES_KEY });
    },
  });
}

export const useStoreUpload = () => useDatasetWrite(storeUpload);
export const useRefreshUpload = () => useDatasetWrite(refreshUpload);
export const useUpdateUpload = () => useDatasetWrite(updateUpload);
export const useDeleteUpload = () => useDatasetWrite(deleteUpload);
