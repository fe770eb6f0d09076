// The detail of one settlement, read-only, with its change history.
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SettlementRow } from '@tfb/contract';
import { formatDate, formatDateTime, formatMoney, orDash } from '../../../components/business/format';
import { Section } from '../../../components/business/page-shell';
import { RecordDetailPage } from '../../../components/business/record-detail';
import { useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { SETTLEMENTS } from '../api/settlements';
import { SETTLEMENT_SCREENS } from '../settlement-screens';
import { SettleTypeTag } from './settle-type-tag';

export function SettlementDetailPage() {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  return (
    <RecordDetailPage<SettlementRow>
      screens={SETTLEMENT_SCREENS}
      endpoint={SETTLEMENTS}
      title={t('biz.settlements.title')}
      header={(s) => ({ title: t('biz.settlements.entity'), code: s.settleCode, status: s.status })}
    >
      {(s) => (
        <Section title={t('biz.section.basic')}>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
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
        </Section>
      )}
    </RecordDetailPage>
  );
}
