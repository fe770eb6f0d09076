// The pages the warehouse lists open with ?id= (spec 2.3 item 11):
// - /WarehouscreatitemManagement?id=&scope= — create an in-storage order from a notice;
// - /WarehouscreatmGoodsOutbound?id=&scope= — create an outbound order from a delivery instruction.
// A notice / instruction may be handled in several lots: the lines are pre-filled with what each has left, and a
// value above it is refused before submit with the server's message. Once nothing is left the notice /
// instruction is created (isCreate 1). After creating, every warehouse list is refreshed and the page goes on to
// the order list.
import { ArrowLeftOutlined, CheckOutlined } from '@ant-design/icons';
import { App, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Result, Skeleton, Typography, type DescriptionsProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { WAREHOUSE_PAGES, type WarehouseScope } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { useCreateInStorageOrder } from '../api/create-in-storage-order';
import { useCreateOutboundOrder } from '../api/create-outbound-order';
import { useInstructionDetail } from '../api/get-instruction-detail';
import { useNoticeDetail } from '../api/get-notice-detail';
import { formatQuantity, orDash } from './format';
import { OrderLinesEditor, firstLineProblem, type EditableLine, type OrderKind } from './order-lines-editor';
import './warehouse.css';

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
  if (missingId) return <Result status="404" title={t('supervision.warehouse.missingId')} extra={<BackButton scope={scope} />} />;
  if (loading) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (error) {
    const status = error instanceof ApiError && error.status === 403 ? '403' : error instanceof ApiError && error.status === 404 ? '404' : 'error';
    const message = error instanceof ApiError ? error.message : t('supervision.common.loadFailed');
    return <Result status={status} title={message} extra={<BackButton scope={scope} />} />;
  }
  if (created) {
    return (
      <Result
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
  if (!canOperate) return <Result status="403" title={t('supervision.warehouse.operatorOnly')} extra={<BackButton scope={scope} />} />;
  return <>{children}</>;
}

function OrderFormBody({
  kind,
  header,
  dateLabel,
  dateRequired,
  lines,
  setLines,
  firstTitle,
  secondTitle,
  submitting,
  onSubmit,
  scope,
}: {
  kind: OrderKind;
  header: DescriptionsProps['items'];
  dateLabel: string;
  dateRequired: string;
  lines: EditableLine[];
  setLines: (l: EditableLine[]) => void;
  firstTitle: string;
  secondTitle: string;
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
    const problem = firstLineProblem(kind, lines);
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
          <Form.Item name="date" label={dateLabel} rules={[{ required: true, message: dateRequired }]} className="order-form__date">
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
        <OrderLinesEditor kind={kind} lines={lines} onChange={setLines} firstTitle={firstTitle} secondTitle={secondTitle} />
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

function reportError(err: unknown, show: (m: string) => void, setError: (field: 'date' | 'remark', message: string) => void, dateField: string) {
  if (!(err instanceof ApiError)) return show(String(err));
  if (err.handled) return;
  const dateError = err.fieldError(dateField);
  const remarkError = err.fieldError('remark');
  if (dateError) setError('date', dateError);
  if (remarkError) setError('remark', remarkError);
  if (!dateError && !remarkError) show(err.message);
}

function CreateInStorageOrderForm({ id, scope }: { id: number; scope: WarehouseScope }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const detail = useNoticeDetail(id, scope);
  const create = useCreateInStorageOrder();
  const d = detail.data;
  const [lines, setLines] = useState<EditableLine[] | null>(null);
  const current =
    lines ??
    (d?.inStorageNoticeGoods ?? []).map((g) => ({
      id: g.id,
      goodsName: g.goodsName,
      specificationModels: g.specificationModels,
      first: g.remainingWeight,
      second: g.remainingStorageNumber,
      reelNumber: g.reelNumber,
      // A line with nothing left is not received again.
      included: g.remainingWeight > 0 || g.remainingStorageNumber > 0,
      firstLimit: g.weight,
      firstRemaining: g.remainingWeight,
      secondLimit: g.storageNumber,
      secondRemaining: g.remainingStorageNumber,
    }));
  return (
    <Gate
      scope={scope}
      loading={detail.isPending}
      error={detail.error}
      missingId={false}
      created={d?.isCreate === 1 && !create.isSuccess}
      canOperate={d?.canOperate ?? false}
      ordersPath={WAREHOUSE_PAGES.inStorageOrders}
    >
      {d && (
        <OrderFormBody
          kind="inStorage"
          scope={scope}
          header={[
            { key: 'code', label: t('supervision.warehouse.noticeCode'), children: d.code },
            { key: 'contract', label: t('supervision.warehouse.contractCode'), children: orDash(d.contractRelevanceCode) },
            { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
            { key: 'supervise', label: t('supervision.warehouse.supervisor'), children: orDash(d.superviseName) },
            { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
            { key: 'date', label: t('supervision.warehouse.collectionTime'), children: orDash(d.collectionTime) },
            {
              key: 'totals',
              label: t('supervision.warehouse.announced'),
              span: 'filled',
              children: t('supervision.warehouse.announcedTotals', {
                count: d.goodsCount,
                quantity: formatQuantity(d.totalWeight),
                weight: formatQuantity(d.totalStorageNumber),
              }),
            },
          ]}
          dateLabel={t('supervision.warehouse.inStorageTime')}
          dateRequired={t('supervision.warehouse.inStorageTimeRequired')}
          lines={current}
          setLines={setLines}
          firstTitle={t('supervision.warehouse.receivedQuantity')}
          secondTitle={t('supervision.warehouse.receivedWeight')}
          submitting={create.isPending}
          onSubmit={(values, setError) =>
            create.mutate(
              {
                noticeId: id,
                scope,
                inStorageTime: values.date.format('YYYY-MM-DD'),
                remark: values.remark?.trim() ?? '',
                goods: current
                  .filter((l) => l.included)
                  .map((l) => ({ noticeGoodsId: l.id, weight: l.first, storageNumber: l.second, reelNumber: l.reelNumber.trim() || undefined })),
              },
              {
                onSuccess: (order) => {
                  message.success(t('supervision.warehouse.inStorageOrderCreated', { code: order.code }));
                  navigate(WAREHOUSE_PAGES.inStorageOrders);
                },
                onError: (err) => reportError(err, (m) => message.error(m), setError, 'inStorageTime'),
              },
            )
          }
        />
      )}
    </Gate>
  );
}

function CreateOutboundOrderForm({ id, scope }: { id: number; scope: WarehouseScope }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const detail = useInstructionDetail(id, scope);
  const create = useCreateOutboundOrder();
  const d = detail.data;
  const [lines, setLines] = useState<EditableLine[] | null>(null);
  const current =
    lines ??
    (d?.deliveryApplyGoods ?? []).map((g) => ({
      id: g.id,
      goodsName: g.goodsName,
      specificationModels: g.specificationModels,
      first: g.remainingDeliveryNumber,
      second: g.remainingDeliveryWeightNumber,
      reelNumber: g.reelNumber,
      included: g.remainingDeliveryNumber > 0 || g.remainingDeliveryWeightNumber > 0,
      firstLimit: g.deliveryNumber,
      firstRemaining: g.remainingDeliveryNumber,
      secondLimit: g.deliveryWeightNumber,
      secondRemaining: g.remainingDeliveryWeightNumber,
    }));
  return (
    <Gate
      scope={scope}
      loading={detail.isPending}
      error={detail.error}
      missingId={false}
      created={d?.isCreate === 1 && !create.isSuccess}
      canOperate={d?.canOperate ?? false}
      ordersPath={WAREHOUSE_PAGES.outboundOrders}
    >
      {d && (
        <OrderFormBody
          kind="outbound"
          scope={scope}
          header={[
            { key: 'code', label: t('supervision.warehouse.instructionCode'), children: d.code },
            { key: 'contract', label: t('supervision.warehouse.contractCode'), children: orDash(d.contractRelevanceCode) },
            { key: 'enterprise', label: t('supervision.warehouse.enterprise'), children: d.enterpriseName },
            { key: 'supervise', label: t('supervision.warehouse.supervisor'), children: orDash(d.superviseName) },
            { key: 'warehouse', label: t('supervision.warehouse.warehouse'), children: orDash(d.warehouseName) },
            { key: 'date', label: t('supervision.warehouse.planDeliveryTime'), children: orDash(d.planDeliveryTime) },
            { key: 'source', label: t('supervision.warehouse.dataSources'), children: orDash(d.dataSources) },
            {
              key: 'totals',
              label: t('supervision.warehouse.announced'),
              span: 'filled',
              children: t('supervision.warehouse.announcedTotals', {
                count: d.goodsCount,
                quantity: formatQuantity(d.totalDeliveryNumber),
                weight: formatQuantity(d.totalDeliveryWeightNumber),
              }),
            },
          ]}
          dateLabel={t('supervision.warehouse.deliveryTime')}
          dateRequired={t('supervision.warehouse.deliveryTimeRequired')}
          lines={current}
          setLines={setLines}
          firstTitle={t('supervision.warehouse.deliveryNumber')}
          secondTitle={t('supervision.warehouse.deliveryWeightNumber')}
          submitting={create.isPending}
          onSubmit={(values, setError) =>
            create.mutate(
              {
                instructionId: id,
                scope,
                deliveryTime: values.date.format('YYYY-MM-DD'),
                remark: values.remark?.trim() ?? '',
                goods: current.filter((l) => l.included).map((l) => ({
                  applyGoodsId: l.id,
                  deliveryNumber: l.first,
                  deliveryWeightNumber: l.second,
                  reelNumber: l.reelNumber.trim() || undefined,
                })),
              },
              {
                onSuccess: (order) => {
                  message.success(t('supervision.warehouse.outboundOrderCreated', { code: order.code }));
                  navigate(WAREHOUSE_PAGES.outboundOrders);
                },
                onError: (err) => reportError(err, (m) => message.error(m), setError, 'deliveryTime'),
              },
            )
          }
        />
      )}
    </Gate>
  );
}

export function CreateInStorageOrderPage() {
  const { t } = useTranslation();
  const { id, scope } = useTarget();
  return (
    <Shell title={t('supervision.warehouse.createInStorageOrderTitle')} scope={scope}>
      {id === null ? (
        <Gate scope={scope} loading={false} error={null} missingId created={false} canOperate={false} ordersPath="">
          {null}
        </Gate>
      ) : (
        <CreateInStorageOrderForm key={`${id}:${scope}`} id={id} scope={scope} />
      )}
    </Shell>
  );
}

export function CreateOutboundOrderPage() {
  const { t } = useTranslation();
  const { id, scope } = useTarget();
  return (
    <Shell title={t('supervision.warehouse.createOutboundOrderTitle')} scope={scope}>
      {id === null ? (
        <Gate scope={scope} loading={false} error={null} missingId created={false} canOperate={false} ordersPath="">
          {null}
        </Gate>
      ) : (
        <CreateOutboundOrderForm key={`${id}:${scope}`} id={id} scope={scope} />
      )}
    </Shell>
  );
}
