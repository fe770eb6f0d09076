// The search bar and pager shared by the warehouse lists (spec 9: page size 10, sizes 10/20/50/100, total and
// jumper; page numbers are sent zero-based).
import { SearchOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, DatePicker, Form, Input, type TablePaginationConfig } from 'antd';
import type { Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@tfb/contract';
import { tablePagination, type PageCount } from '../../../components/widgets/paging';

export type SearchValues = { blurry?: string; date?: string };
export type ListState = SearchValues & { pageNumber: number; pageSize: number };
export const INITIAL_LIST_STATE: ListState = { pageNumber: 0, pageSize: DEFAULT_PAGE_SIZE };

type FormValues = { blurry?: string; date?: Dayjs | null };

export function WarehouseSearch({
  dateLabel,
  placeholder,
  onSearch,
}: {
  dateLabel: string;
  placeholder: string;
  onSearch: (v: SearchValues) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const submit = (v: FormValues) =>
    onSearch({ blurry: v.blurry?.trim() || undefined, date: v.date ? v.date.format('YYYY-MM-DD') : undefined });
  return (
    <Form form={form} layout="inline" className="warehouse-search" onFinish={submit} role="search">
      <Form.Item name="blurry" label={t('supervision.common.keyword')}>
        <Input allowClear placeholder={placeholder} maxLength={100} className="warehouse-search__keyword" />
      </Form.Item>
      <Form.Item name="date" label={dateLabel}>
        <DatePicker allowClear />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('supervision.common.search')}
        </Button>
      </Form.Item>
      <Form.Item>
        <Button
          icon={<UndoOutlined />}
          onClick={() => {
            form.resetFields();
            onSearch({});
          }}
        >
          {t('supervision.common.reset')}
        </Button>
      </Form.Item>
    </Form>
  );
}

export function listPagination(
  t: TFunction,
  state: ListState,
  count: PageCount | undefined,
  onChange: (pageNumber: number, pageSize: number) => void,
): TablePaginationConfig {
  return tablePagination(t, state, count, (next) => onChange(next.pageNumber, next.pageSize), 'supervision.common.totalItems');
}
