// The select-all checkbox of a selectable table that scrolls sideways. antd repeats every column title in a hidden
// row (aria-hidden) that measures the columns; a checkbox there would still take keyboard focus, an invisible stop
// that a screen reader cannot name. Given as `rowSelection.columnTitle`, this makes the measuring copy inert, so the
// only select-all a user reaches is the header's.
import { useCallback, type ReactNode } from 'react';

function InertWhenHidden({ children }: { children: ReactNode }) {
  const ref = useCallback((el: HTMLSpanElement | null) => {
    if (el) el.inert = el.closest('[aria-hidden="true"]') !== null;
  }, []);
  return <span ref={ref}>{children}</span>;
}

export const selectAllTitle = (checkbox: ReactNode): ReactNode => <InertWhenHidden>{checkbox}</InertWhenHidden>;
