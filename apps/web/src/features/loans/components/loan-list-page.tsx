// The loan-application list: search by form number, applicant, contract or company; application date and status
// filters; paging.
import { DatePicker, Form, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { LoanRow } from '@tfb/contract';
import { DATE_FORMAT, formatDate, formatMoney } from '../../../components/business/format';
import { ListPage } from '../../../components/business/list-page';
import { TwoLineCell, listTexts, moneyColumn, useRecordList, type SearchValues } from '../../../components/business/record-list';
import { LOANS } from '../api/loans';

export function LoanListPage() {
  const { t } = useTranslation();
  const { search, listProps, codeColumn, recordColumns } = useRecordList(LOANS);
  const columns: TableColumnsType<LoanRow> = recordColumns([
    codeColumn({ title: t('biz.loans.applicationFormNum'), code: (l) => l.applicationFormNum }),
    { title: t('biz.loans.applicantName'), dataIndex: 'applicantName', width: 120, ellipsis: true },
    { title: t('biz.loans.createDate'), dataIndex: 'createDate', width: 110, render: formatDate },
    {
      title: t('biz.loans.contract'),
      key: 'contract',
      ellipsis: true,
      render: (_, l) => <TwoLineCell main={<span className="biz-cell__code">{l.contractNum}</span>} sub={l.corporateName} ellipsis />,
    },
    moneyColumn(t('biz.loans.contractAmount'), 'contractAmount'),
    {
      title: t('biz.loans.loanAmount'),
      dataIndex: 'loanAmount',
      width: 140,
      align: 'right',
      render: (n: number) => (
        <Typography.Text strong className="biz-num">
          {formatMoney(n)}
        </Typography.Text>
      ),
    },
  ]);
  const dateFilter = (
    <Form.Item name="createDate" label={t('biz.loans.createDate')}>
      <DatePicker format={DATE_FORMAT} />
    </Form.Item>
  );
  return (
    <ListPage<LoanRow, SearchValues & { createDate?: Dayjs | null }>
      {...listProps}
      {...listTexts(t, 'biz.loans')}
      filters={dateFilter}
      onSearch={(v) => search(v, { createDate: v.createDate ? v.createDate.format(DATE_FORMAT) : undefined })}
      columns={columns}
      scrollX={1080}
    />
  );
}
