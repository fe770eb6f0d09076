// The body every picker shares: a search box (plus the picker's own filters), a paged table with radio or
// checkbox selection, and Cancel / OK. Lists are paged on the server unless the call returns everything
// (then the table pages locally). Pages are zero-based on the wire (spec 9).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Input, Table, Typography, type TableColumnsType } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api, type QueryValue } from '../../../lib/api-client';
import { useLogListError } from '../list-errors';
import { FIRST_PAGE, tablePagination, type PageCount, type PageState } from '../paging';

export type PageFetch<Row> = (
  params: { search: string | undefined; pageNumber: number; pageSize: number },
  signal: AbortSignal,
) => Promise<{ rows: Row[]; count: PageCount }>;

/**
 * A server-paged list whose reply is `{content, totalElements}`: the zero-based page and its size are sent as
 * pageNumber and pageSize, and `query` names the rest (the search text under the call's own name, filters).
 */
export const contentPageFetch =
  <Row,>(
    path: string,
    schema: z.ZodType<{ content: Row[] } & PageCount>,
    query: (search: string | undefined) => Record<string, QueryValue>,
  ): PageFetch<Row> =>
  async ({ search, pageNumber, pageSize }, signal) => {
    const page = await api.get(path, { query: { pageNumber, pageSize, ...query(search) }, schema, signal });
    return { rows: page.content, count: page };
  };

/** The OK handler of a single-choice table: the one chosen row. */
export const firstRow =
  <Row,>(onOk: (row: Row) => void) =>
  (rows: Row[]) => {
    if (rows[0]) onOk(rows[0]);
  };

export type AllFetch<Row> = (params: { search: string | undefined }, signal: AbortSignal) => Promise<Row[]>;

export type PickSource<Row> =
  | { kind: 'server'; fetchPage: PageFetch<Row> }
  /** The call returns the whole list; `filter` (when given) searches locally instead of sending the text. */
  | { kind: 'all'; fetchAll: AllFetch<Row>; filter?: (row: Row, search: string) => boolean };

export type PickTableProps<Row> = {
  /** Identifies the list and its filters (search and page are added here). */
  queryKey: readonly unknown[];
  source: PickSource<Row>;
  columns: TableColumnsType<Row>;
  rowKey: (row: Row) => Key;
  searchPlaceholder: string;
  /** The picker's own filters, shown beside the search box. */
  filters?: ReactNode;
  multiple?: boolean;
  onCancel: () => void;
  onOk: (rows: Row[]) => void;
  scrollX?: number;
};

export function PickTable<Row extends object>({
  queryKey,
  source,
  columns,
  rowKey,
  searchPlaceholder,
  filters,
  multiple = false,
  onCancel,
  onOk,
  scrollX,
}: PickTableProps<Row>) {
  const { t } = useTranslation();
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [chosen, setChosen] = useState<ReadonlyMap<Key, Row>>(new Map());

  // A filter change goes back to the first page.
  const filterSig = JSON.stringify(queryKey);
  const [lastFilterSig, setLastFilterSig] = useState(filterSig);
  if (lastFilterSig !== filterSig) {
    setLastFilterSig(filterSig);
    setPage((p) => ({ ...p, pageNumber: 0 }));
  }

  const localSearch = source.kind === 'all' && source.filter !== undefined;
  const sent = search || undefined;
  const query = useQuery({
    queryKey:
      source.kind === 'server'
        ? ['widgets', 'picker', ...queryKey, sent ?? '', page.pageNumber, page.pageSize]
        : ['widgets', 'picker', ...queryKey, localSearch ? '' : (sent ?? '')],
    queryFn: async ({ signal }): Promise<{ rows: Row[]; count: PageCount }> => {
      if (source.kind === 'server') return source.fetchPage({ search: sent, pageNumber: page.pageNumber, pageSize: page.pageSize }, signal);
      const rows = await source.fetchAll({ search: localSearch ? undefined : sent }, signal);
      return { rows, count: { totalElements: rows.length } };
    },
    placeholderData: keepPreviousData,
  });
  useLogListError(query.error);

  let rows = query.data?.rows ?? [];
  let count = query.data?.count;
  if (source.kind === 'all') {
    if (source.filter && search) {
      const filter = source.filter;
      rows = rows.filter((r) => filter(r, search));
    }
    count = { totalElements: rows.length };
    rows = rows.slice(page.pageNumber * page.pageSize, (page.pageNumber + 1) * page.pageSize);
  }

  const toggle = (row: Row) => {
    const key = rowKey(row);
    setChosen((prev) => {
      if (!multiple) return new Map([[key, row]]);
      const next = new Map(prev);
      if (next.has(key)) next.delete(key);
      else next.set(key, row);
      return next;
    });
  };

  return (
    <>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          enterButton={t('widgets.common.search')}
          placeholder={searchPlaceholder}
          aria-label={searchPlaceholder}
          value={searchInput}
          onChange={(e) => setSearchInput(e.target.value)}
          onSearch={(v) => {
            setSearch(v.trim());
            setPage((p) => ({ ...p, pageNumber: 0 }));
          }}
          style={{ width: 340 }}
        />
        {filters}
      </Flex>
      <Table<Row>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={{ x: scrollX, y: 420 }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          preserveSelectedRowKeys: true,
          selectedRowKeys: [...chosen.keys()],
          onChange: (keys, selectedRows) => {
            const next = new Map<Key, Row>();
            for (const key of keys) {
              const row = chosen.get(key) ?? selectedRows.find((r) => r !== undefined && rowKey(r) === key);
              if (row) next.set(key, row);
            }
            setChosen(next);
          },
        }}
        onRow={(row) => ({
          onClick: (e) => {
            if ((e.target as HTMLElement).closest('.ant-table-selection-column')) return;
            toggle(row);
          },
          onDoubleClick: () => {
            if (!multiple) onOk([row]);
          },
          style: { cursor: 'pointer' },
        })}
        pagination={tablePagination(t, page, count, setPage)}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{multiple ? t('widgets.common.selectedCount', { count: chosen.size }) : null}</Typography.Text>
        <Flex gap={8}>
          <Button onClick={onCancel}>{t('widgets.common.cancel')}</Button>
          <Button type="primary" disabled={chosen.size === 0} onClick={() => onOk([...chosen.values()])}>
            {t('widgets.common.ok')}
          </Button>
        </Flex>
      </Flex>
    </>
  );
}

/** The usual picker table: one row chosen, rows keyed by id, pages asked of the server. */
export function PickOneTable<Row extends { id: Key }>({
  fetchPage,
  onOk,
  ...rest
}: Omit<PickTableProps<Row>, 'source' | 'rowKey' | 'multiple' | 'onOk'> & { fetchPage: PageFetch<Row>; onOk: (row: Row) => void }) {
  return <PickTable<Row> {...rest} source={{ kind: 'server', fetchPage }} rowKey={(r) => r.id} onOk={firstRow(onOk)} />;
}
