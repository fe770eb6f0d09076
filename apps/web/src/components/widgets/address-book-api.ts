// The four address-book calls of spec 7.1, with their query options; saves invalidate the list key.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  ADDRESS_BOOK_PATHS,
  MAX_PAGE_SIZE,
  ADDRESS_PAGE_SIZE,
  DeliveryAddressPageSchema,
  DeliveryAddressSchema,
  type DeliveryAddress,
  type Page,
  type SaveDeliveryAddressBody,
  type UpdateDeliveryAddressBody,
} from '@tfb/contract';
import { api } from '../../lib/api-client';

export const ADDRESS_LIST_KEY = ['widgets', 'address-book'] as const;

export function getAddressPage(
  params: { pageNumber: number; pageSize: number; enterpriseId?: string },
  signal?: AbortSignal,
): Promise<Page<DeliveryAddress>> {
  return api.get(ADDRESS_BOOK_PATHS.list, { query: params, schema: DeliveryAddressPageSchema, signal });
}

export const addressPageQueryOptions = (pageNumber: number, enterpriseId: string | undefined, pageSize = ADDRESS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...ADDRESS_LIST_KEY, enterpriseId ?? '', pageNumber, pageSize],
    queryFn: ({ signal }) => getAddressPage({ pageNumber, pageSize, enterpriseId }, signal),
    placeholderData: keepPreviousData,
  });

export function addAddress(body: SaveDeliveryAddressBody): Promise<DeliveryAddress> {
  return api.post(ADDRESS_BOOK_PATHS.add, { body, schema: DeliveryAddressSchema });
}

export function updateAddress(body: UpdateDeliveryAddressBody): Promise<DeliveryAddress> {
  return api.post(ADDRESS_BOOK_PATHS.update, { body, schema: DeliveryAddressSchema });
}

/** The enterprise's address `id` as stored now (the address book has no single-address call: one bounded page). */
export async function findAddress(id: number): Promise<DeliveryAddress | undefined> {
  const page = await getAddressPage({ pageNumber: 0, pageSize: MAX_PAGE_SIZE });
  return page.content.find((a) => a.id === id);
}

/** Sends the id both as query and body, as the spec's call does. */
export function setDefaultAddress(id: number): Promise<DeliveryAddress> {
  return api.post(ADDRESS_BOOK_PATHS.setDefault, { query: { id }, body: { id }, schema: DeliveryAddressSchema });
}
