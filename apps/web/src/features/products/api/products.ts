// The product catalogue (GET/POST products, GET/PUT products/:id, PUT products/:id/shelf) and the enterprise's
// signings (GET/POST productSignings, GET/PUT productSignings/:id, POST …/submit, POST …/riskDelivery/retry).
// Products are platform-wide records the admin maintains; signings are a record kind of the shared kit with an
// extra submit call (the approval starts there) and an admin's retry of a failed risk-service delivery.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ListProductsQuerySchema,
  ListSigningsQuerySchema,
  PRODUCT_PATHS,
  ProductPageReplySchema,
  ProductSchema,
  SigningDetailSchema,
  SigningPageReplySchema,
  type Product,
  type ProductStatus,
  type SaveProductBody,
  type SigningDetail,
} from '@tfb/contract';
import { recordKeys, useSaveRecord } from '../../../components/business/record-api';
import { recordKind, recordPaths } from '../../../components/business/record-screens';
import { api } from '../../../lib/api-client';

const item = (path: string, id: number) => path.replace(':id', String(id));

/** The catalogue as a record endpoint (list, one product, save); its screens are the feature's own. */
export const PRODUCTS = {
  paths: recordPaths('/products/list'),
  collection: PRODUCT_PATHS.products,
  item: PRODUCT_PATHS.product,
  keys: recordKeys('products', 'catalogue'),
  query: ListProductsQuerySchema,
  page: ProductPageReplySchema.shape.data,
  detail: ProductSchema,
};

export const SIGNINGS = recordKind({
  paths: recordPaths('/products/signing'),
  write: 'products:write',
  audit: 'productSigning',
  collection: PRODUCT_PATHS.signings,
  item: PRODUCT_PATHS.signing,
  keys: recordKeys('products', 'signings'),
  query: ListSigningsQuerySchema,
  page: SigningPageReplySchema.shape.data,
  detail: SigningDetailSchema,
});

export const useSaveProduct = () => useSaveRecord<SaveProductBody, Product>(PRODUCTS);

export function useSetShelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, version }: { id: number; status: ProductStatus; version: number }) =>
      api.put(item(PRODUCT_PATHS.shelf, id), { body: { status, version }, schema: ProductSchema }),
    onSuccess: (saved) => {
      queryClient.setQueryData(PRODUCTS.keys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: PRODUCTS.keys.lists() });
    },
  });
}

function useSigningCall(call: (s: { id: number; version: number; comment?: string }) => Promise<SigningDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (saved) => {
      queryClient.setQueryData(SIGNINGS.keys.detail(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: SIGNINGS.keys.lists() });
    },
  });
}

/** Submits a signing for approval (the version read; the server checks limits and required documents again). */
export const useSubmitSigning = () =>
  useSigningCall(({ id, version, comment = '' }) =>
    api.post(item(PRODUCT_PATHS.submitSigning, id), { body: { version, comment }, schema: SigningDetailSchema }),
  );

/** An admin's retry of the signing's failed risk-service delivery. */
export const useRetryDelivery = () =>
  useSigningCall(({ id }) => api.post(item(PRODUCT_PATHS.retryDelivery, id), { body: {}, schema: SigningDetailSchema }));
