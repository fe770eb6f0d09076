// A settlement's type: 1 receivable (collection), 2 payable (payment).
import { useTranslation } from 'react-i18next';
import { CodeTag } from '../../../components/business/status-tag';

export function SettleTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <CodeTag name={t(`biz.settlements.type_${type}`, { defaultValue: String(type) })} color={type === 1 ? 'green' : 'volcano'} />;
}
