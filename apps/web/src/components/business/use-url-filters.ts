// The filters a list page opens with from its address: `?status=` (a business status) and `?search=` (the keyword),
// as the statistics pages' segments link to them (/contracts/purchase?status=submitted, /funds/loans?search=…).
// Kept-alive list tabs take a new address's filters when it is opened again with others.
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { BUSINESS_STATUSES, type BusinessStatus } from '@tfb/contract';
import { keywordOf } from './list-page';

export type UrlFilters = { search?: string; status?: BusinessStatus };

const isStatus = (v: string | null): v is BusinessStatus => v !== null && (BUSINESS_STATUSES as readonly string[]).includes(v);

/** Reads the list filters of a query string; unknown statuses are left out (the list shows every status). */
export function urlFiltersOf(params: URLSearchParams): UrlFilters {
  const search = keywordOf(params.get('search'));
  const status = params.get('status');
  return { ...(search ? { search } : {}), ...(isStatus(status) ? { status } : {}) };
}

/** The current address's list filters, and a key that changes when they do. */
export function useUrlFilters(): { filters: UrlFilters; key: string } {
  const [params] = useSearchParams();
  const search = params.get('search');
  const status = params.get('status');
  return useMemo(() => {
    const filters = urlFiltersOf(new URLSearchParams({ ...(search ? { search } : {}), ...(status ? { status } : {}) }));
    return { filters, key: JSON.stringify(filters) };
  }, [search, status]);
}
