// Pager of every widget list (spec 9): zero-based pages on the wire, sizes 10/20/50/100, total and jumper.
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Page } from '@tfb/contract';

export type PageState = { pageNumber: number; pageSize: number };

/**
 * How many rows a list matches: a page reply's `totalElements`, which is a lower bound when `estimated` (the server
 * stopped counting at its cap: more rows match than a pager can usefully reach, and the user narrows the search).
 */
export type PageCount = Pick<Page<unknown>, 'totalElements' | 'estimated'>;

export const FIRST_PAGE: PageState = { pageNumber: 0, pageSize: DEFAULT_PAGE_SIZE };

/** antd Table pagination for a zero-based page; a new page size goes back to the first page. The total line reads
 * `totalKey` (the widgets' wording unless a screen keeps its own), or says "more than" when the count is a lower bound. */
export function tablePagination(
  t: TFunction,
  page: PageState,
  count: PageCount | undefined,
  onChange: (next: PageState) => void,
  totalKey = 'widgets.common.total',
): TablePaginationConfig {
  const estimated = count?.estimated === true;
  return {
    current: page.pageNumber + 1,
    pageSize: page.pageSize,
    total: count?.totalElements ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showQuickJumper: true,
    showTotal: (n) => (estimated ? t('widgets.common.totalAtLeast', { count: n, shown: n.toLocaleString() }) : t(totalKey, { count: n })),
    onChange: (current, pageSize) =>
      onChange(pageSize !== page.pageSize ? { pageNumber: 0, pageSize } : { pageNumber: current - 1, pageSize }),
  };
}
