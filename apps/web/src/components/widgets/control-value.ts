// The value of a widget used as an antd Form control: the form's (`value`/`onChange`) when it passes
// onChange, else the widget keeps its own, starting from `value`. Uploads finish after later edits, so the
// newest value is also kept in `latest` (updated on every render and at once by `set`): a finished upload
// changes what is there now, not what it started from.
import { useEffect, useRef, useState } from 'react';

export function useControlValue<T>(value: T | undefined, onChange: ((next: T) => void) | undefined, shown: (held: T | undefined) => T) {
  const [inner, setInner] = useState<T | undefined>(undefined);
  const current = shown(onChange ? value : (inner ?? value));
  const latest = useRef(current);
  useEffect(() => {
    latest.current = current;
  });
  const set = (next: T) => {
    latest.current = next;
    if (!onChange) setInner(next);
    onChange?.(next);
  };
  return { current, latest, set };
}
