// A hash shown in a table or description: monospace, shortened on screen, whole on hover and when copied.
import { Typography } from 'antd';

export function HashText({ value, full = false }: { value: string; full?: boolean }) {
  return (
    <Typography.Text code copyable={{ text: value }} title={value} className="hash-text">
      {full ? value : `${value.slice(0, 12)}…${value.slice(-8)}`}
    </Typography.Text>
  );
}
