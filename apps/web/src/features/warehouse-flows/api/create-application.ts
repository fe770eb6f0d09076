// POST deliveryApply/create: the application is submitted for approval; on approval it becomes a delivery instruction.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DeliveryApplicationReplySchema, WAREHOUSE_FLOW_PATHS, type CreateApplyBody, type DeliveryApplication } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { FLOWS_ROOT_KEY } from './keys';

export const createApplication = (body: CreateApplyBody): Promise<DeliveryApplication> =>
  api.post(WAREHOUSE_FLOW_PATHS.applyCreate, { body, schema: DeliveryApplicationReplySchema.shape.data });

export function useCreateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApplication,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: FLOWS_ROOT_KEY });
    },
  });
}
