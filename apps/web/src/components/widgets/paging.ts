// Pager of every widget list (spec 9): zero-based pages on the wire, sizes 10/20/50/100, total and jumper.
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@tfb/contract';

export type PageState = { pageNumber: number; pageSize: number };

export const FIRST_PAGE: PageState = { pageNumber: 0, pageSize: DEFAULT_PAGE_SIZE };

/** antd Table pagination for a zero-based page; a new page size goes back to the first page. The total line reads
 * `totalKey` (the widgets' wording unless a screen keeps its own). */
export function tablePagination(
  t: TFunction,
  page: PageState,
  total: number,
  onChange: (next: PageState) => void,
  totalKey = 'widgets.common.total',
): TablePaginationConfig {
  return {
    current: page.pageNumber + 1,
    pageSize: page.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showQuickJumper: true,
    showTotal: (count) => t(totalKey, { count }),
    onChange: (current, pageSize) =>
      onChange(pageSize !== page.pageSize ? { pageNumber: 0, pageSize } : { pageNumber: current - 1, pageSize }),
  };
}
