// The list screen every business feature shares: a header with the create button, a filter bar (keyword,
// the feature's own filters, status), and a server-paged table (zero-based pages, spec 9) with its
// loading, empty and error states. A failed load keeps the rows already shown and offers a retry.
import { PlusOutlined, ReloadOutlined, SearchOutlined, UndoOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Form, Input, Select, Table, type TableColumnsType, type TableProps } from 'antd';
import { useCallback, useEffect, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_STATUSES, type Page } from '@tfb/contract';
import { logError } from '../../lib/error-log';
import { FIRST_PAGE, tablePagination, type PageState } from '../widgets/paging';
import { ExportButton } from './export-button';
import { ListCard } from './page-shell';
import { tableLoading } from '../widgets/table-loading';
import './business.css';

export type ListState<F> = {
  filters: F;
  page: PageState;
  /** New filters start again from the first page. */
  setFilters: (filters: F) => void;
  setPage: (page: PageState) => void;
  /** Some filter is set (the empty state then says nothing matched). */
  filtered: boolean;
};

export function useListState<F extends object>(initial: F): ListState<F> {
  const [filters, setFilterState] = useState<F>(initial);
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const setFilters = useCallback((next: F) => {
    setFilterState(next);
    setPage((p) => ({ ...p, pageNumber: 0 }));
  }, []);
  return {
    filters,
    page,
    setFilters,
    setPage,
    filtered: Object.values(filters).some((v) => v !== undefined && v !== null && v !== ''),
  };
}

/** Trims a keyword; '' becomes undefined (no filter). */
export const keywordOf = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

export type ListPageProps<Row, V> = {
  title: string;
  subtitle?: string;
  createLabel?: string;
  onCreate?: () => void;
  searchPlaceholder: string;
  /** The feature's own filters: named Form.Items placed after the keyword. */
  filters?: ReactNode;
  /** Offer the draft/submitted filter (default true). */
  statusFilter?: boolean;
  /** The filter form's values (keyword, status and the named filters) when the user searches or resets. */
  onSearch: (values: V) => void;
  query: Pick<UseQueryResult<Page<Row>>, 'data' | 'isFetching' | 'error' | 'refetch'>;
  list: Pick<ListState<unknown>, 'page' | 'setPage' | 'filtered'>;
  columns: TableColumnsType<Row>;
  rowKey: (row: Row) => Key;
  scrollX?: number;
  /** A panel left of the table (the goods category tree). */
  aside?: ReactNode;
  /** What the empty list is of, e.g. "采购合同". */
  entityName: string;
  /** The keyword box's label (default 关键字). */
  keywordLabel?: string;
  /** Offered statuses and their labels (default the business statuses). */
  statusOptions?: { value: string; label: string }[];
  /** Row selection (for the actions of the bar above the table). */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** Each row's own attributes and handlers (rows dragged to reorder them). */
  onRow?: TableProps<Row>['onRow'];
  /** A bar above the table: actions on the selected rows, a note. */
  toolbar?: ReactNode;
  /** The filter form's values on opening (a list opened from a link, filtered by its address); set again when they change. */
  initialValues?: { keyword?: string; status?: string };
  /** "导出 Excel" of the current filter, beside the create button: the list's path and the params its call sends. */
  exporter?: { list: string; filter: Record<string, unknown> };
};

export function ListPage<Row extends object, V extends object = Record<string, unknown>>({
  title,
  subtitle,
  createLabel,
  onCreate,
  searchPlaceholder,
  filters,
  statusFilter = true,
  onSearch,
  query,
  list,
  columns,
  rowKey,
  scrollX,
  aside,
  entityName,
  keywordLabel,
  statusOptions,
  rowSelection,
  onRow,
  toolbar,
  initialValues,
  exporter,
}: ListPageProps<Row, V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { error } = query;
  const linkedKeyword = initialValues?.keyword;
  const linkedStatus = initialValues?.status;
  useEffect(() => {
    if (linkedKeyword === undefined && linkedStatus === undefined) return;
    form.setFieldsValue({ keyword: linkedKeyword, status: linkedStatus });
  }, [form, linkedKeyword, linkedStatus]);
  useEffect(() => {
    if (error) logError(error, 'error');
  }, [error]);

  const rows = query.data?.content ?? [];

  const reset = () => {
    form.resetFields();
    onSearch(form.getFieldsValue(true) as V);
  };

  const empty = list.filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.list.noMatch')}>
      <Button icon={<UndoOutlined />} onClick={reset}>
        {t('biz.list.reset')}
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('biz.list.empty', { name: entityName })}>
      {onCreate ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          {createLabel ?? t('biz.list.create')}
        </Button>
      ) : null}
    </Empty>
  );

  const table = (
    <Flex vertical gap={12} className="biz-list__main">
      {error ? (
        <Alert
          type="error"
          showIcon
          title={t('biz.list.loadFailed')}
          description={error.message}
          action={
            <Button size="small" icon={<ReloadOutlined />} onClick={() => void query.refetch()}>
              {t('biz.common.retry')}
            </Button>
          }
        />
      ) : null}
      {toolbar}
      <Table<Row>
        rowKey={rowKey}
        rowSelection={rowSelection}
        onRow={onRow}
        columns={columns}
        dataSource={rows}
        {...tableLoading(query.isFetching, rows.length, empty)}
        scroll={scrollX ? { x: scrollX } : undefined}
        pagination={tablePagination(t, list.page, query.data, list.setPage)}
      />
    </Flex>
  );

  return (
    <ListCard
      title={title}
      subtitle={subtitle}
      extra={
        exporter || onCreate ? (
          <Flex gap={8}>
            {exporter ? <ExportButton list={exporter.list} filter={exporter.filter} sheet={title} /> : null}
            {onCreate ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
                {createLabel ?? t('biz.list.create')}
              </Button>
            ) : null}
          </Flex>
        ) : null
      }
    >
      <Form form={form} layout="inline" className="biz-list__filters" role="search" onFinish={(v: V) => onSearch(v)}>
        <Form.Item name="keyword" label={keywordLabel ?? t('biz.list.keyword')}>
          <Input allowClear placeholder={searchPlaceholder} maxLength={100} className="biz-list__keyword" />
        </Form.Item>
        {filters}
        {statusFilter ? (
          <Form.Item name="status" label={t('biz.common.status')}>
            <Select
              allowClear
              className="biz-list__select"
              placeholder={t('biz.list.allStatuses')}
              options={statusOptions ?? BUSINESS_STATUSES.map((s) => ({ value: s, label: t(`biz.status.${s}`) }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('biz.list.search')}
            </Button>
            <Button icon={<UndoOutlined />} onClick={reset}>
              {t('biz.list.reset')}
            </Button>
          </Flex>
        </Form.Item>
      </Form>
      {aside ? (
        <Flex gap={16} align="flex-start">
          <div className="biz-list__aside">{aside}</div>
          {table}
        </Flex>
      ) : (
        table
      )}
    </ListCard>
  );
}
