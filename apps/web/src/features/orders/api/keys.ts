// Query keys of the orders feature: one root per kind, so a save refreshes that kind's lists and detail.
import type { QueryValue } from '../../../lib/api-client';
import type { OrderKind } from '../order-kinds';

export const orderKeys = {
  root: (kind: OrderKind) => ['orders', kind] as const,
  lists: (kind: OrderKind) => ['orders', kind, 'list'] as const,
  list: (kind: OrderKind, params: Record<string, QueryValue>) => ['orders', kind, 'list', params] as const,
  detail: (kind: OrderKind, id: number) => ['orders', kind, 'detail', id] as const,
};
