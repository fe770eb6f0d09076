// A table's loading states: while its first rows load it shows a skeleton of rows (not antd's empty picture under
// a spinner); once it has rows, a reload keeps them under the spinner. Either way the table is marked aria-busy.
import { Skeleton, type TableProps } from 'antd';
import type { ReactNode } from 'react';

function RowsSkeleton() {
  return (
    <div className="table-skeleton" aria-busy="true">
      <Skeleton active title={false} paragraph={{ rows: 6, width: '100%' }} />
    </div>
  );
}

/**
 * The `loading` and `locale` props of a table showing `rowCount` rows while `fetching`; `empty` is what it shows
 * when a load has answered with no rows (antd's empty picture when left out).
 */
export function tableLoading(fetching: boolean, rowCount: number, empty?: ReactNode): Pick<TableProps, 'loading' | 'locale'> {
  return {
    loading: fetching && rowCount > 0,
    locale: fetching && rowCount === 0 ? { emptyText: <RowsSkeleton /> } : empty === undefined ? undefined : { emptyText: empty },
  };
}
