// The list, create and detail screens of an enterprise warehouse document (P28). An in-storage notice and a delivery
// application are one kind of screen: each kind passes its titles, columns, reference field and lines, and these
// components hold the frame, the search, the paging, the form's warehouse, date and remark, and the loading states.
import { PlusOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Result,
  Skeleton,
  Table,
  Typography,
  type DescriptionsProps,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAREHOUSE_FLOW_MESSAGES, type FlowStatus, type Page } from '@tfb/contract';
import { ExportButton } from '../../../components/business/export-button';
import { PageShell } from '../../../components/business/page-shell';
import { StatusTag } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { PageTitle } from '../../../components/page-title';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { tableLoading } from '../../../components/widgets/table-loading';
import { contractMessage } from '../../../lib/form-rules';
import { ListToolbar, WarehouseSelect, type ListFilter } from './shared';
import './warehouse-flows.css';

// ---- List ----

export type FlowListProps<R extends { id: number; code: string }> = {
  /** The page title (the menu's name). */
  title: string;
  subtitle: string;
  searchPlaceholder: string;
  addLabel: string;
  /** The list's path (its export) and the add and detail pages. */
  listPath: string;
  addPage: string;
  detailPage: string;
  useList: (params: PageState & ListFilter) => UseQueryResult<Page<R>>;
  /** The code column (a link to the detail) is first; these follow it. */
  code: { title: string; width: number };
  columns: TableColumnsType<R>;
};

export function FlowListPage<R extends { id: number; code: string }>(p: FlowListProps<R>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filter, setFilter] = useState<ListFilter>({});
  const list = p.useList({ ...paging, ...filter });
  const columns: TableColumnsType<R> = [
    {
      key: 'code',
      title: p.code.title,
      render: (_, r) => <Typography.Link onClick={() => navigate(`${p.detailPage}?id=${r.id}`)}>{r.code}</Typography.Link>,
      width: p.code.width,
    },
    ...p.columns,
  ];
  return (
    <Card
      variant="borderless"
      className="page-card flows-page"
      title={<PageTitle>{p.title}</PageTitle>}
      extra={
        <Flex gap={8}>
          <ExportButton list={p.listPath} filter={filter} sheet={p.title} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(p.addPage)}>
            {p.addLabel}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{p.subtitle}</Typography.Paragraph>
      <ListToolbar
        placeholder={p.searchPlaceholder}
        onSearch={(f) => {
          setFilter(f);
          setPaging((s) => ({ ...s, pageNumber: 0 }));
        }}
      />
      <Table<R>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.content ?? []}
        {...tableLoading(list.isFetching, list.data?.content.length ?? 0)}
        pagination={tablePagination(t, paging, list.data, setPaging)}
      />
    </Card>
  );
}

// ---- Create ----

/** What was typed on each look-up line, by contract goods line. */
export type LineValues<V> = Record<number, Partial<V>>;

/** The typed lines of a create form and how to change one. */
export function useLineValues<V>() {
  const [lines, setLines] = useState<LineValues<V>>({});
  const setLine = (id: number, patch: Partial<V>) => setLines((ls) => ({ ...ls, [id]: { ...ls[id], ...patch } }));
  return { lines, setLine };
}

/**
 * The lines to send: those whose quantity is above 0. Null, after saying why, when there are none or one asks more
 * than it has left (the server's message, `problem`).
 */
export function linesToSend<L extends { contractGoodsId: number }, V>(
  goods: L[],
  lines: LineValues<V>,
  quantity: (v: Partial<V> | undefined) => number | null | undefined,
  problem: (line: L, n: number | null | undefined) => string | null,
  fail: (message: string) => void,
  t: Parameters<typeof contractMessage>[0],
): L[] | null {
  const picked = goods.filter((g) => (quantity(lines[g.contractGoodsId]) ?? 0) > 0);
  if (picked.length === 0) {
    fail(contractMessage(t, WAREHOUSE_FLOW_MESSAGES.goodsRequired));
    return null;
  }
  const refused = picked.map((g) => problem(g, quantity(lines[g.contractGoodsId]))).find((m) => m !== null);
  if (refused) {
    fail(refused);
    return null;
  }
  return picked;
}

/** A line's number input (3 decimals, not negative), labelled with its goods' name. */
export function LineNumber({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (v: number | null) => void;
  disabled?: boolean;
}) {
  return (
    <InputNumber<number>
      aria-label={label}
      min={0}
      precision={3}
      disabled={disabled}
      value={value ?? null}
      onChange={onChange}
      style={{ width: '100%' }}
    />
  );
}

/** A line's quantity: its number input with the reason it is refused under it. */
export function LineQuantity({ problem, ...input }: Parameters<typeof LineNumber>[0] & { problem: string | null }) {
  return (
    <Form.Item className="flows-line-input" validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
      <LineNumber {...input} />
    </Form.Item>
  );
}

export type FlowCreateProps<F extends object, L extends { contractGoodsId: number }> = {
  form: FormInstance<F>;
  title: string;
  /** The list the page returns to (back, cancel). */
  listPage: string;
  submitting: boolean;
  onFinish: (values: F) => void;
  initialValues: Partial<F>;
  /** The reference the lines come from (contract or loan) and what is said of it under the field. */
  reference: ReactNode;
  /** The planned date: its field name, label and required message (the contract's). */
  date: { name: string; label: string; message: string };
  goods: {
    label: string;
    hint: string;
    /** Null until a reference that has lines is chosen: then `pickFirst` is said instead. */
    rows: L[] | null;
    fetching: boolean;
    columns: TableColumnsType<L>;
    pickFirst: string;
  };
};

export function FlowCreatePage<F extends object, L extends { contractGoodsId: number }>(p: FlowCreateProps<F, L>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageShell
      title={p.title}
      backTo={p.listPage}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={() => navigate(p.listPage)}>{t('flows.common.cancel')}</Button>
          <Button type="primary" loading={p.submitting} onClick={() => p.form.submit()}>
            {t('flows.common.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<F> form={p.form} layout="vertical" initialValues={p.initialValues} onFinish={p.onFinish} className="flows-form">
        {p.reference}
        <Flex gap={16} wrap>
          <Form.Item
            name="warehouseId"
            label={t('flows.common.warehouse')}
            className="flows-form__half"
            rules={[{ required: true, message: contractMessage(t, WAREHOUSE_FLOW_MESSAGES.warehouseRequired) }]}
          >
            <WarehouseSelect />
          </Form.Item>
          <Form.Item
            name={p.date.name}
            label={p.date.label}
            className="flows-form__half"
            rules={[{ required: true, message: contractMessage(t, p.date.message) }]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label={p.goods.label} extra={p.goods.hint}>
          {p.goods.rows ? (
            <Table<L>
              rowKey="contractGoodsId"
              size="small"
              pagination={false}
              columns={p.goods.columns}
              dataSource={p.goods.rows}
              {...tableLoading(p.goods.fetching, p.goods.rows.length, t('flows.notices.noGoods'))}
            />
          ) : (
            <Typography.Text type="secondary">{p.goods.pickFirst}</Typography.Text>
          )}
        </Form.Item>
        <Form.Item name="remark" label={t('flows.common.remark')}>
          <Input.TextArea maxLength={500} rows={2} />
        </Form.Item>
      </Form>
    </PageShell>
  );
}

// ---- Detail ----

export type FlowDetailProps<D extends { status: FlowStatus }, G extends { id: number }> = {
  title: string;
  listPage: string;
  useDocument: (id: number | null) => UseQueryResult<D>;
  items: (d: D) => DescriptionsProps['items'];
  goods: (d: D) => G[];
  goodsColumns: TableColumnsType<G>;
  /** What the page adds under the document (its approval block). */
  extra?: (d: D) => ReactNode;
};

export function FlowDetailPage<D extends { status: FlowStatus }, G extends { id: number }>(p: FlowDetailProps<D, G>) {
  const { t } = useTranslation();
  const id = useIdParam();
  const doc = p.useDocument(id);
  const d = doc.data;
  if (id === null || doc.isError) return <Result status="404" title={t('flows.common.notFound')} />;
  if (!d) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <PageShell title={p.title} tags={<StatusTag status={d.status} />} backTo={p.listPage}>
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={p.items(d)} />
        <Typography.Title level={5} className="flows-section">
          {t('flows.common.goods')}
        </Typography.Title>
        <Table<G> rowKey="id" size="small" pagination={false} dataSource={p.goods(d)} columns={p.goodsColumns} />
      </PageShell>
      {p.extra?.(d)}
    </Flex>
  );
}
