// The delete button of an editable table's row: a red icon button named (and titled) by its label.
import { DeleteOutlined } from '@ant-design/icons';
import { Button } from 'antd';

export function RemoveRowButton({ label, disabled, onClick }: { label: string; disabled?: boolean; onClick: () => void }) {
  return (
    <Button
      type="text"
      danger
      size="small"
      icon={<DeleteOutlined />}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    />
  );
}
