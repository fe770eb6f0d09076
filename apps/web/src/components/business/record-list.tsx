// The list screen of a record kind around its own columns and filters: the list state and the paged query (params
// typed by the contract's query schema), the texts under the feature's key, the number that opens the detail, the
// status, the view/edit actions (edit offered by the edit gate) and the create button (for holders of the write
// permission). Spread `listProps` and the texts into ListPage.
import { Button, Flex, Form, Select, Typography, type TableColumnType } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listExportOf, type BusinessStatus } from '@tfb/contract';
import { useCan } from '../../lib/use-can';
import { useMayEdit } from './edit-gate';
import { formatMoney } from './format';
import { keywordOf, useListState } from './list-page';
import { useRecordPage, type ListQuery } from './record-api';
import type { RecordKind } from './record-screens';
import { StatusTag } from './status-tag';
import { useUrlFilters } from './use-url-filters';

type Row = { id: number; status?: string };

/** What the list form sends besides the feature's own filters. */
export type SearchValues = { keyword?: string; status?: BusinessStatus };

/** What the list form sends on a list with a type filter (TypeFilter). */
export type TypedSearchValues = SearchValues & { type?: 1 | 2 };

/**
 * The texts of a list under the feature's key: title, subtitle, entity (the empty state's noun, by default
 * `<key>.entity`), create, searchPlaceholder.
 */
export const listTexts = (t: TFunction, key: string, entityKey = `${key}.entity`) => ({
  title: t(`${key}.title`),
  subtitle: t(`${key}.subtitle`),
  entityName: t(entityKey),
  createLabel: t(`${key}.create`),
  searchPlaceholder: t(`${key}.searchPlaceholder`),
});

/** A cell's value with a second, secondary line under it (a paper number, a contract type, a counterparty). */
export function TwoLineCell({ main, sub, ellipsis }: { main: ReactNode; sub: string | null | undefined; ellipsis?: boolean }) {
  if (!sub) return <>{main}</>;
  return (
    <Flex vertical gap={2}>
      {main}
      <Typography.Text type="secondary" className="biz-cell__sub" ellipsis={ellipsis}>
        {sub}
      </Typography.Text>
    </Flex>
  );
}

/** An amount column (the `money` field unless told), right-aligned. */
export const moneyColumn = <R,>(title: string, dataIndex = 'money', width = 140): TableColumnType<R> => ({
  title,
  dataIndex,
  width,
  align: 'right',
  render: (n: number) => <span className="biz-num">{formatMoney(n)}</span>,
});

/** The type filter of a list under the feature's key: `<key>.type`, all types `<key>.allTypes`, `<key>.type_<v>`. */
function TypeFilter({ textKey }: { textKey: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="type" label={t(`${textKey}.type`)}>
      <Select
        allowClear
        className="biz-list__select"
        placeholder={t(`${textKey}.allTypes`)}
        options={[1, 2].map((v) => ({ value: v, label: t(`${textKey}.type_${v}`) }))}
      />
    </Form.Item>
  );
}

export type CodeColumnOptions<R> = {
  title: string;
  code: (row: R) => string;
  /** A second line under the number (e.g. the paper contract number), or null. */
  sub?: (row: R) => string | null;
  width?: number;
};

/** `fixed`: params every page of this list sends (a contract list's type). */
export function useRecordList<R extends Row, Q extends ListQuery>(kind: RecordKind<R, unknown, Q>, fixed: Partial<Q> = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan(kind.write);
  const mayEdit = useMayEdit(kind);
  // A list opened from a link (a statistics segment) starts filtered by its address's status and keyword.
  const fromUrl = useUrlFilters();
  const list = useListState<Partial<Q>>(fromUrl.filters as Partial<Q>);
  const seenUrl = useRef(fromUrl.key);
  const { setFilters } = list;
  useEffect(() => {
    if (seenUrl.current === fromUrl.key) return;
    seenUrl.current = fromUrl.key;
    setFilters(fromUrl.filters as Partial<Q>);
  }, [fromUrl, setFilters]);
  const params: Partial<Q> = { ...fixed, ...list.page, ...list.filters };
  // Every list param but the page is a filter; the page is always set.
  const query = useRecordPage(kind, params as Q);
  const { paths } = kind;

  /** New filters from the search form: its keyword and status, and `more` of the feature's own. */
  const search = (values: SearchValues, more: Partial<Q> = {}) =>
    list.setFilters({ search: keywordOf(values.keyword), status: values.status, ...more } as Partial<Q>);

  const codeColumn = ({ title, code, sub, width = 180 }: CodeColumnOptions<R>): TableColumnType<R> => ({
    title,
    key: 'code',
    width,
    fixed: 'left',
    render: (_, row) => (
      <TwoLineCell
        main={
          <Typography.Link className="biz-cell__code" onClick={() => navigate(paths.detail(row.id))}>
            {code(row)}
          </Typography.Link>
        }
        sub={sub?.(row)}
      />
    ),
  });

  const statusColumn = (): TableColumnType<R> => ({
    title: t('biz.common.status'),
    dataIndex: 'status',
    width: 90,
    render: (s: string) => <StatusTag status={s} />,
  });

  const actionsColumn = (width = 110): TableColumnType<R> => ({
    title: t('biz.common.actions'),
    key: 'actions',
    width,
    fixed: 'right',
    render: (_, row) => (
      <Flex gap={4}>
        <Button type="link" size="small" onClick={() => navigate(paths.detail(row.id))}>
          {t('biz.common.view')}
        </Button>
        {mayEdit(row.status) ? (
          <Button type="link" size="small" onClick={() => navigate(paths.edit(row.id))}>
            {t('biz.common.edit')}
          </Button>
        ) : null}
      </Flex>
    ),
  });

  /** The feature's own columns, then the status and the actions. */
  const recordColumns = (own: TableColumnType<R>[]): TableColumnType<R>[] => [...own, statusColumn(), actionsColumn()];

  /** The type filter of the list (TypeFilter under the feature's key) and the search sending it. */
  const typeFiltered = (textKey: string) => ({
    filters: <TypeFilter textKey={textKey} />,
    onSearch: (v: TypedSearchValues) => search(v, { type: v.type } as unknown as Partial<Q>),
  });

  const listPath = kind.list ?? kind.collection;
  const listProps = {
    query,
    // The list's export (when the contract has one) sends the filter the list shows, without its page.
    exporter: listExportOf(listPath) ? { list: listPath, filter: { ...fixed, ...list.filters } } : undefined,
    list,
    onCreate: canWrite ? () => navigate(paths.add) : undefined,
    rowKey: (row: R) => row.id,
    initialValues: { keyword: fromUrl.filters.search, status: fromUrl.filters.status },
  };
  return { list, search, listProps, codeColumn, statusColumn, actionsColumn, recordColumns, typeFiltered };
}
