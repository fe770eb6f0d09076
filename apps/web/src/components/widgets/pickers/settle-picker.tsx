// Settlement picker (7.2 chooseSettle): single choice; search, type (1 receivable, 2 payable) and the
// caller's enterpriseId are sent with zero-based paging.
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_PATHS, SettlementRowSchema, pageOf, type SettlementRow } from '@tfb/contract';
import { readSessionUser } from '../../../lib/session-store';
import { useContractTypeLabel } from './contract-picker';
import { PickOneTable, contentPageFetch } from './pick-table';
import { PickerFilter, PickerModal, formatDate, formatMoney, type PickerProps } from './picker-modal';

export type { SettlementRow } from '@tfb/contract';

const SettlePageSchema = pageOf(SettlementRowSchema);
export type SettleType = 1 | 2;

export type SettlePickerProps = PickerProps<SettlementRow> & {
  /** Fixes the settlement type; without it the user may filter by type. */
  type?: SettleType;
};

/** Chooses one settlement (code, contract, counterparty, type, amount, date). */
export function SettlePicker({ open, onCancel, onOk, type, title }: SettlePickerProps) {
  const { t } = useTranslation();
  return (
    <PickerModal open={open} title={title ?? t('widgets.pickers.settle.title')} width={960} onCancel={onCancel}>
      <SettlePickerBody fixedType={type} onCancel={onCancel} onOk={onOk} />
    </PickerModal>
  );
}

function SettlePickerBody({
  fixedType,
  onCancel,
  onOk,
}: {
  fixedType?: SettleType;
  onCancel: () => void;
  onOk: (row: SettlementRow) => void;
}) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const [chosenType, setChosenType] = useState<SettleType | undefined>(undefined);
  const type = fixedType ?? chosenType;
  const fetchPage = contentPageFetch(BUSINESS_PATHS.chooseSettle, SettlePageSchema, (search) => ({
    search,
    type,
    enterpriseId: readSessionUser()?.enterpriseId,
  }));
  const columns: TableColumnsType<SettlementRow> = [
    { title: t('widgets.pickers.settle.settleCode'), dataIndex: 'settleCode', width: 170 },
    { title: t('widgets.pickers.settle.contractCode'), dataIndex: 'contractCode', width: 170, ellipsis: true },
    { title: t('widgets.pickers.contract.type'), dataIndex: 'contractType', width: 100, render: (k: string) => (k ? typeLabel(k) : '') },
    { title: t('widgets.pickers.contract.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
    {
      title: t('widgets.pickers.settle.type'),
      dataIndex: 'type',
      width: 100,
      render: (v: number) => t(`widgets.pickers.settle.type_${v}`),
    },
    { title: t('widgets.common.money'), dataIndex: 'money', width: 120, align: 'right', render: formatMoney },
    { title: t('widgets.pickers.settle.settleDate'), dataIndex: 'settleDate', width: 110, render: formatDate },
  ];
  return (
    <PickOneTable<SettlementRow>
      queryKey={['settlements', type ?? 0]}
      fetchPage={fetchPage}
      columns={columns}
      searchPlaceholder={t('widgets.pickers.settle.search')}
      filters={
        fixedType ? null : (
          <PickerFilter<SettleType>
            label={t('widgets.pickers.settle.type')}
            placeholder={t('widgets.pickers.settle.allTypes')}
            width={140}
            value={chosenType}
            onChange={setChosenType}
            options={[1, 2].map((v) => ({ value: v as SettleType, label: t(`widgets.pickers.settle.type_${v}`) }))}
          />
        )
      }
      onCancel={onCancel}
      onOk={onOk}
      scrollX={900}
    />
  );
}
