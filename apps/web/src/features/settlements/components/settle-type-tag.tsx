// A settlement's type: 1 receivable (collection), 2 payable (payment).
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export function SettleTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={type === 1 ? 'green' : 'volcano'}>
      {t(`biz.settlements.type_${type}`, { defaultValue: String(type) })}
    </Tag>
  );
}
