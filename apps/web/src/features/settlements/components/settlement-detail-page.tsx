// The detail of one settlement, read-only, with its change history.
import { useTranslation } from 'react-i18next';
import type { SettlementRow } from '@tfb/contract';
import { formatDate, formatDateTime, moneyText, orDash } from '../../../components/business/format';
import { BasicSection, RecordDetailPage, detailTexts } from '../../../components/business/record-detail';
import { useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { SETTLEMENTS } from '../api/settlements';
import { SettleTypeTag } from './settle-type-tag';

export function SettlementDetailPage() {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  return (
    <RecordDetailPage kind={SETTLEMENTS} {...detailTexts(t, 'biz.settlements', (s: SettlementRow) => s.settleCode)}>
      {(s) => (
        <BasicSection
          items={[
            { key: 'code', label: t('biz.settlements.settleCode'), children: s.settleCode },
            { key: 'type', label: t('biz.settlements.type'), children: <SettleTypeTag type={s.type} /> },
            { key: 'money', label: t('biz.settlements.money'), children: moneyText(t, s.money) },
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
