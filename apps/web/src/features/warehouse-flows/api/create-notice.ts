// POST inStorageNotice/create: the notice is submitted for approval and is in the warehouse lists at once, so both
// the enterprise's and the warehouse's lists refresh.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EnterpriseNoticeReplySchema, WAREHOUSE_FLOW_PATHS, type CreateNoticeBody, type EnterpriseNotice } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { FLOWS_ROOT_KEY, WAREHOUSE_LISTS_KEY } from './keys';

export const createNotice = (body: CreateNoticeBody): Promise<EnterpriseNotice> =>
  api.post(WAREHOUSE_FLOW_PATHS.noticeCreate, { body, schema: EnterpriseNoticeReplySchema.shape.data });

export function useCreateNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNotice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FLOWS_ROOT_KEY });
      void queryClient.invalidateQueries({ queryKey: WAREHOUSE_LISTS_KEY });
    },
  });
}
