// Zero-based paging with a hard upper bound, so no request materialises an unbounded table.
import { MAX_PAGE_SIZE, type Page, type PageQuery } from '@tfb/contract';

export type PageWindow = {
  pageNumber: number;
  pageSize: number;
  offset: number;
  limit: number;
  clamped: boolean;
};

export function pageWindow(query: PageQuery, max = MAX_PAGE_SIZE): PageWindow {
  const clamped = query.pageSize > max;
  const pageSize = clamped ? max : query.pageSize;
  // A clamped request (e.g. the spec's 1e9 page size with page 0, 7.2 and 7.3) is served as its first bounded page.
  const pageNumber = clamped ? 0 : query.pageNumber;
  return { pageNumber, pageSize, offset: pageNumber * pageSize, limit: pageSize, clamped };
}

export function pageOf<T>(content: T[], totalElements: number, w: PageWindow): Page<T> {
  return {
    content,
    totalElements,
    pageNumber: w.pageNumber,
    pageSize: w.pageSize,
    ...(w.clamped ? { clamped: true } : {}),
  };
}

/** Escapes LIKE wildcards in user search text. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
