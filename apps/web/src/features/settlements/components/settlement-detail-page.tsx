// The detail of one settlement, read-only, with its change history.
import { useTranslation } from 'react-i18next';
import type { SettlementRow } from '@tfb/contract';
import { formatDate, formatDateTime, formatMoney, orDash } from '../../../components/business/format';
import { DetailSection, RecordDetailPage } from '../../../components/business/record-detail';
import { useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { SETTLEMENTS } from '../api/settlements';
import { SettleTypeTag } from './settle-type-tag';

export function SettlementDetailPage() {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const heading = (s: SettlementRow) => ({ title: t('biz.settlements.entity'), code: s.settleCode });
  return (
    <RecordDetailPage kind={SETTLEMENTS} title={t('biz.settlements.title')} heading={heading}>
      {(s) => (
        <DetailSection
          title={t('biz.section.basic')}
          items={[
            { key: 'code', label: t('biz.settlements.settleCode'), children: s.settleCode },
            { key: 'type', label: t('biz.settlements.type'), children: <SettleTypeTag type={s.type} /> },
            { key: 'money', label: t('biz.settlements.money'), children: `${formatMoney(s.money)} ${t('biz.common.yuan')}` },
            { key: 'contract', label: t('biz.settlements.contract'), children: s.contractCode },
            { key: 'contractType', label: t('biz.settlements.contractType'), children: s.contractType ? typeLabel(s.contractType) : '—' },
            { key: 'enterprise', label: t('biz.settlements.enterpriseName'), children: s.enterpriseName },
            { key: 'date', label: t('biz.settlements.settleDate'), children: formatDate(s.settleDate) },
            { key: 'createTime', label: t('biz.common.createTime'), children: formatDateTime(s.createTime) },
            { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(s.updateTime) },
            { key: 'remark', label: t('biz.settlements.remark'), span: 3, children: orDash(s.remark) },
          ]}
        />
      )}
    </RecordDetailPage>
  );
}
