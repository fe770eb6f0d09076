// The loan-application list: search by form number, applicant, contract or company; application date and status
// filters; paging.
import { DatePicker, Form, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { BusinessStatus, LoanRow } from '@tfb/contract';
import { DATE_FORMAT, formatDate, formatMoney } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { TwoLineCell, useRecordList } from '../../../components/business/record-list';
import { useLoans, type LoansQuery } from '../api/loans';
import { LOAN_SCREENS } from '../loan-screens';

type SearchValues = { keyword?: string; status?: BusinessStatus; createDate?: Dayjs | null };

export function LoanListPage() {
  const { t } = useTranslation();
  const list = useListState<Omit<LoansQuery, 'pageNumber' | 'pageSize'>>({});
  const query = useLoans({ ...list.page, ...list.filters });
  const { codeColumn, statusColumn, actionsColumn, onCreate } = useRecordList<LoanRow>(LOAN_SCREENS);
  const columns: TableColumnsType<LoanRow> = [
    codeColumn({ title: t('biz.loans.applicationFormNum'), code: (l) => l.applicationFormNum }),
    { title: t('biz.loans.applicantName'), dataIndex: 'applicantName', width: 120, ellipsis: true },
    { title: t('biz.loans.createDate'), dataIndex: 'createDate', width: 110, render: formatDate },
    {
      title: t('biz.loans.contract'),
      key: 'contract',
      ellipsis: true,
      render: (_, l) => <TwoLineCell main={<span className="biz-cell__code">{l.contractNum}</span>} sub={l.corporateName} ellipsis />,
    },
    { title: t('biz.loans.contractAmount'), dataIndex: 'contractAmount', width: 140, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
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
    statusColumn(),
    actionsColumn(),
  ];
  return (
    <ListPage<LoanRow, SearchValues>
      title={t('biz.loans.title')}
      subtitle={t('biz.loans.subtitle')}
      entityName={t('biz.loans.entity')}
      createLabel={t('biz.loans.create')}
      onCreate={onCreate}
      searchPlaceholder={t('biz.loans.searchPlaceholder')}
      filters={
        <Form.Item name="createDate" label={t('biz.loans.createDate')}>
          <DatePicker format={DATE_FORMAT} />
        </Form.Item>
      }
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status, createDate: v.createDate ? v.createDate.format(DATE_FORMAT) : undefined })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(l) => l.id}
      scrollX={1080}
    />
  );
}
