// Reordering a table's rows by dragging them (HTML5 drag and drop, no library): a handle in each row starts the
// drag, the row dragged over shows where the dragged one will land (a line above or below it: it takes that
// row's place), and the drop answers the new order of the keys. Dragging is for the mouse; the page keeps its own
// move buttons for the keyboard and screen readers.
import { HolderOutlined } from '@ant-design/icons';
import { useState, type DragEvent, type HTMLAttributes, type Key, type ReactNode } from 'react';
import './row-drag.css';

export type RowDragOptions<Row, K extends Key> = {
  rows: readonly Row[];
  keyOf: (row: Row) => K;
  /** The new order of every row's key. */
  onMove: (keys: K[]) => void;
  /** No drag starts (a filtered list, a move being saved). */
  disabled?: boolean;
};

export type RowDrag<Row> = {
  /** The table's `onRow`: each row a drop target showing where the dragged row would land. */
  onRow: (row: Row) => HTMLAttributes<HTMLElement>;
  /** The row's drag handle, named `label` (e.g. 拖动排序「title」). */
  handle: (row: Row, label: string) => ReactNode;
};

/** `keys` with `from` moved to the place of `to` (null when nothing moves). */
export function movedKeys<K>(keys: readonly K[], from: K, to: K): K[] | null {
  const i = keys.indexOf(from);
  const j = keys.indexOf(to);
  if (i < 0 || j < 0 || i === j) return null;
  const next = keys.filter((k) => k !== from);
  next.splice(j, 0, from);
  return next;
}

export function useRowDrag<Row, K extends Key>({ rows, keyOf, onMove, disabled = false }: RowDragOptions<Row, K>): RowDrag<Row> {
  const [drag, setDrag] = useState<{ from: K; over: K | null } | null>(null);
  const keys = rows.map(keyOf);

  const landing = (key: K): 'before' | 'after' | null => {
    if (!drag || drag.over !== key || drag.from === key) return null;
    return keys.indexOf(drag.from) < keys.indexOf(key) ? 'after' : 'before';
  };

  const onRow = (row: Row): HTMLAttributes<HTMLElement> => {
    const key = keyOf(row);
    const place = landing(key);
    return {
      className: place ? `row-drag__over row-drag__over--${place}` : undefined,
      // Only a drag this table started is taken (not text or files dragged in from elsewhere).
      onDragOver: (e: DragEvent<HTMLElement>) => {
        if (!drag) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (drag.over !== key) setDrag({ ...drag, over: key });
      },
      onDrop: (e: DragEvent<HTMLElement>) => {
        if (!drag) return;
        e.preventDefault();
        setDrag(null);
        const next = movedKeys(keys, drag.from, key);
        if (next) onMove(next);
      },
    };
  };

  const handle = (row: Row, label: string) => {
    const key = keyOf(row);
    return (
      <HolderOutlined
        className="row-drag__handle"
        aria-label={label}
        aria-disabled={disabled || undefined}
        title={label}
        draggable={!disabled}
        onDragStart={(e: DragEvent<HTMLElement>) => {
          if (disabled) return;
          e.dataTransfer.effectAllowed = 'move';
          e.dataTransfer.setData('text/plain', String(key));
          // The whole row follows the pointer, not just the handle.
          const tr = e.currentTarget.closest('tr');
          if (tr) e.dataTransfer.setDragImage(tr, 16, 16);
          setDrag({ from: key, over: null });
        }}
        onDragEnd={() => setDrag(null)}
      />
    );
  };

  return { onRow, handle };
}
