// The value of a widget used as an antd Form control: the form's (`value`/`onChange`) when it passes
// onChange, else the widget keeps its own, starting from `value`.
import { useState } from 'react';

export function useControlValue<T>(value: T | undefined, onChange: ((next: T) => void) | undefined) {
  const [inner, setInner] = useState<T | undefined>(undefined);
  const current = onChange ? value : (inner ?? value);
  const set = (next: T) => {
    if (!onChange) setInner(next);
    onChange?.(next);
  };
  return [current, set] as const;
}
