// Query keys and screen paths of the goods catalogue.
import type { QueryValue } from '../../../lib/api-client';

export const goodsKeys = {
  lists: () => ['goods-catalogue', 'list'] as const,
  list: (params: Record<string, QueryValue>) => ['goods-catalogue', 'list', params] as const,
  detail: (id: number) => ['goods-catalogue', 'detail', id] as const,
};

export const GOODS_SCREEN_PATHS = {
  list: '/goods/catalogue',
  add: '/goods/catalogue/add',
  edit: (id: number) => `/goods/catalogue/edit?id=${id}`,
  detail: (id: number) => `/goods/catalogue/detail?id=${id}`,
};
