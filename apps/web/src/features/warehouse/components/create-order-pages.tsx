// The pages the warehouse lists open with ?id= (spec 2.3 item 11), one page for either kind:
// - /WarehouscreatitemManagement?id=&scope= — create an in-storage order from a notice;
// - /WarehouscreatmGoodsOutbound?id=&scope= — create an outbound order from a delivery instruction.
// A notice / instruction may be handled in several lots: the lines are pre-filled with what each has left, and a
// value above it is refused before submit with the server's message. Once nothing is left the notice /
// instruction is created (isCreate 1). After creating, every warehouse list is refreshed and the page goes on to
// the order list.
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Skeleton, Typography, type DescriptionsProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  IN_STORAGE,
  OUTBOUND,
  measuresOf,
  remainingOf,
  sourceLinesOf,
  totalsOf,
  type SourceDetail,
  type WarehouseDocumentKind,
  type WarehouseScope,
} from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useCreateOrder } from '../api/create-order';
import { useSourceDetail } from '../api/get-source-detail';
import { formatQuantity, orDash } from './format';
import { OrderLinesEditor, firstLineProblem, type EditableLine } from './order-lines-editor';
import { sourceHeader } from './source-header';
import './warehouse.css';
import { LazyResult } from '../../../components/lazy-result';

type OrderForm = { date: Dayjs; remark?: string };

const listPathOf = (scope: WarehouseScope) => (scope === 'warehouse' ? '/warehouse/external' : '/warehouse/regulated');

function useTarget(): { id: number | null; scope: WarehouseScope } {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return { id, scope: params.get('scope') === 'warehouse' ? 'warehouse' : 'operator' };
}

function BackButton({ scope }: { scope: WarehouseScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPathOf(scope))}>
      {t('supervision.warehouse.backToList')}
    </Button>
  );
}

function Shell({ title, scope, children }: { title: string; scope: WarehouseScope; children: ReactNode }) {
  return (
    <Card
      variant="borderless"
      className="page-card warehouse-page"
      title={<PageTitle>{title}</PageTitle>}
      extra={<BackButton scope={scope} />}
    >
      {children}
    </Card>
  );
}

/** Loading, not found, not allowed, already created: every state a create page can be in before its form. */
function Gate({
  scope,
  loading,
  error,
  missingId,
  created,
  canOperate,
  ordersPath,
  children,
}: {
  scope: WarehouseScope;
  loading: boolean;
  error: unknown;
  missingId: boolean;
  created: boolean;
  canOperate: boolean;
  ordersPath: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (missingId) return <LazyResult status="404" title={t('supervision.warehouse.missingId')} extra={<BackButton scope={scope} />} />;
  if (loading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (error) {
    const status =
      error instanceof ApiError && error.status === 403 ? '403' : error instanceof ApiError && error.status === 404 ? '404' : 'error';
    const message = error instanceof ApiError ? error.message : t('supervision.common.loadFailed');
    return <LazyResult status={status} title={message} extra={<BackButton scope={scope} />} />;
  }
  if (created) {
    return (
      <LazyResult
        status="success"
        title={t('supervision.warehouse.alreadyCreated')}
        extra={
          <Button type="primary" onClick={() => navigate(ordersPath)}>
            {t('supervision.warehouse.viewOrders')}
          </Button>
        }
      />
    );
  }
  if (!canOperate) return <LazyResult status="403" title={t('supervision.warehouse.operatorOnly')} extra={<BackButton scope={scope} />} />;
  return <>{children}</>;
}

function OrderFormBody({
  kind,
  header,
  lines,
  setLines,
  submitting,
  onSubmit,
  scope,
}: {
  kind: WarehouseDocumentKind;
  header: DescriptionsProps['items'];
  lines: EditableLine[];
  setLines: (l: EditableLine[]) => void;
  submitting: boolean;
  onSubmit: (values: OrderForm, setError: (field: 'date' | 'remark', message: string) => void) => void;
  scope: WarehouseScope;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<OrderForm>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const finish = (values: OrderForm) => {
    if (!lines.some((l) => l.included)) {
      message.error(t('supervision.warehouse.needOneLine'));
      return;
    }
    const problem = firstLineProblem(kind.kind, lines);
    if (problem) {
      message.error(problem);
      return;
    }
    onSubmit(values, (field, msg) => form.setFields([{ name: field, errors: [msg] }]));
  };
  return (
    <Flex vertical gap={24}>
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} items={header} />
      <Form<OrderForm> form={form} layout="vertical" onFinish={finish} initialValues={{ date: dayjs() }} className="order-form">
        <Flex gap={24} wrap>
          <Form.Item
            name="date"
            label={t(kind.labels.orderDate)}
            rules={[{ required: true, message: t(kind.labels.orderDateRequired) }]}
            className="order-form__date"
          >
            <DatePicker allowClear={false} />
          </Form.Item>
          <Form.Item name="remark" label={t('supervision.warehouse.remark')} className="order-form__remark">
            <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Flex>
        <Typography.Title level={5} className="order-form__section">
          {t('supervision.warehouse.receivedLines')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('supervision.warehouse.receivedLinesHint')}</Typography.Paragraph>
        <OrderLinesEditor
          kind={kind.kind}
          lines={lines}
          onChange={setLines}
          firstTitle={t(kind.labels.receivedMeasures[0])}
          secondTitle={t(kind.labels.receivedMeasures[1])}
        />
        <Flex justify="end" gap={8} className="order-form__footer">
          <Button onClick={() => navigate(listPathOf(scope))}>{t('supervision.common.cancel')}</Button>
          <Button type="primary" htmlType="submit" icon={<CheckOutlined />} loading={submitting}>
            {t('supervision.warehouse.submitOrder')}
          </Button>
        </Flex>
      </Form>
    </Flex>
  );
}

function reportError(
  err: unknown,
  show: (m: string) => void,
  setError: (field: 'date' | 'remark', message: string) => void,
  dateField: string,
) {
  if (!(err instanceof ApiError)) return show(String(err));
  if (err.handled) return;
  const dateError = err.fieldError(dateField);
  const remarkError = err.fieldError('remark');
  if (dateError) setError('date', dateError);
  if (remarkError) setError('remark', remarkError);
  if (!dateError && !remarkError) show(err.message);
}

/** Each line of the source with what it has left, pre-filled with all of it (a line with nothing left is not ticked). */
function editableLines(kind: WarehouseDocumentKind, d: SourceDetail): EditableLine[] {
  return sourceLinesOf(kind, d).map((g) => {
    const [firstLimit, secondLimit] = measuresOf(kind, g);
    const [firstRemaining, secondRemaining] = remainingOf(kind, g);
    return {
      id: g.id,
      goodsName: g.goodsName,
      specificationModels: g.specificationModels,
      first: firstRemaining,
      second: secondRemaining,
      reelNumber: g.reelNumber,
      included: firstRemaining > 0 || secondRemaining > 0,
      firstLimit,
      firstRemaining,
      secondLimit,
      secondRemaining,
    };
  });
}

function CreateOrderForm({ kind, id, scope }: { kind: WarehouseDocumentKind; id: number; scope: WarehouseScope }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const detail = useSourceDetail(kind, id, scope);
  const create = useCreateOrder(kind);
  const d = detail.data;
  const [lines, setLines] = useState<EditableLine[] | null>(null);
  const current = lines ?? (d ? editableLines(kind, d) : []);
  return (
    <Gate
      scope={scope}
      loading={detail.isPending}
      error={detail.error}
      missingId={false}
      created={d?.isCreate === 1 && !create.isSuccess}
      canOperate={d?.canOperate ?? false}
      ordersPath={kind.order.listPage}
    >
      {d && (
        <OrderFormBody
          kind={kind}
          scope={scope}
          header={[
            ...sourceHeader(t, kind, d),
            ...('dataSources' in d && kind.dataSources
              ? [{ key: 'source', label: t('supervision.warehouse.dataSources'), children: orDash(d.dataSources) }]
              : []),
            {
              key: 'totals',
              label: t('supervision.warehouse.announced'),
              span: 'filled',
              children: t('supervision.warehouse.announcedTotals', {
                count: d.goodsCount,
                quantity: formatQuantity(totalsOf(kind, d)[0]),
                weight: formatQuantity(totalsOf(kind, d)[1]),
              }),
            },
          ]}
          lines={current}
          setLines={setLines}
          submitting={create.isPending}
          onSubmit={(values, setError) =>
            create.mutate(
              {
                sourceId: id,
                scope,
                date: values.date.format('YYYY-MM-DD'),
                remark: values.remark?.trim() ?? '',
                goods: current
                  .filter((l) => l.included)
                  .map((l) => ({ lineId: l.id, measures: [l.first, l.second], reelNumber: l.reelNumber.trim() || undefined })),
              },
              {
                onSuccess: (order) => {
                  message.success(t(kind.labels.orderCreated, { code: order.code }));
                  navigate(kind.order.listPage);
                },
                onError: (err) => reportError(err, (m) => message.error(m), setError, kind.names.orderDate),
              },
            )
          }
        />
      )}
    </Gate>
  );
}

/** The create page of a kind's order, for the document named by ?id= as the list ?scope= sees it. */
export function CreateOrderPage({ kind }: { kind: WarehouseDocumentKind }) {
  const { t } = useTranslation();
  const { id, scope } = useTarget();
  return (
    <Shell title={t(kind.labels.createTitle)} scope={scope}>
      {id === null ? (
        <Gate scope={scope} loading={false} error={null} missingId created={false} canOperate={false} ordersPath="">
          {null}
        </Gate>
      ) : (
        <CreateOrderForm key={`${id}:${scope}`} kind={kind} id={id} scope={scope} />
      )}
    </Shell>
  );
}

export const CreateInStorageOrderPage = () => <CreateOrderPage kind={IN_STORAGE} />;
export const CreateOutboundOrderPage = () => <CreateOrderPage kind={OUTBOUND} />;
