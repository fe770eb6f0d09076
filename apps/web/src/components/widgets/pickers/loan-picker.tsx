// Loan-application picker (spec 2.3 item 6, 7.2 findPageLoansList): single choice with a search box and a
// creation-date filter sent as `time` (yyyy-MM-dd).
import { DatePicker, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoanPickRowSchema, PICKER_API_PATHS, pageOf, type LoanPickRow } from '@tfb/contract';
import { PickOneTable, contentPageFetch } from './pick-table';
import { PickerModal, formatDate, formatMoney, type PickerProps } from './picker-modal';

const LoanPageSchema = pageOf(LoanPickRowSchema);

export type LoanPickerProps = PickerProps<LoanPickRow>;

/** Chooses one loan application (form number, applicant, date, contract number, amount, company). */
export function LoanPicker({ open, onCancel, onOk, title }: LoanPickerProps) {
  const { t } = useTranslation();
  return (
    <PickerModal open={open} title={title ?? t('widgets.pickers.loan.title')} width={980} onCancel={onCancel}>
      <LoanPickerBody onCancel={onCancel} onOk={onOk} />
    </PickerModal>
  );
}

function LoanPickerBody({ onCancel, onOk }: { onCancel: () => void; onOk: (row: LoanPickRow) => void }) {
  const { t } = useTranslation();
  const [time, setTime] = useState<string | null>(null);
  const fetchPage = contentPageFetch(PICKER_API_PATHS.loans, LoanPageSchema, (search) => ({ search, time: time ?? undefined }));
  const columns: TableColumnsType<LoanPickRow> = [
    { title: t('widgets.pickers.loan.applicationFormNum'), dataIndex: 'applicationFormNum', width: 170 },
    { title: t('widgets.pickers.loan.applicantName'), dataIndex: 'applicantName', width: 110, ellipsis: true },
    { title: t('widgets.pickers.loan.createDate'), dataIndex: 'createDate', width: 110, render: formatDate },
    { title: t('widgets.pickers.loan.contractNum'), dataIndex: 'contractNum', width: 170, ellipsis: true },
    { title: t('widgets.pickers.loan.contractAmount'), dataIndex: 'contractAmount', width: 130, align: 'right', render: formatMoney },
    { title: t('widgets.pickers.loan.corporateName'), dataIndex: 'corporateName', ellipsis: true },
  ];
  return (
    <PickOneTable<LoanPickRow>
      queryKey={['loans', time ?? '']}
      fetchPage={fetchPage}
      columns={columns}
      searchPlaceholder={t('widgets.pickers.loan.search')}
      filters={
        <DatePicker
          aria-label={t('widgets.pickers.loan.date')}
          placeholder={t('widgets.pickers.loan.date')}
          format="YYYY-MM-DD"
          onChange={(d) => setTime(d ? d.format('YYYY-MM-DD') : null)}
        />
      }
      onCancel={onCancel}
      onOk={onOk}
      scrollX={900}
    />
  );
}
