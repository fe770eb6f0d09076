// The enterprise's delivery applications (提货申请, P28): the list (/warehouse/delivery-applications), the create page
// (…/add: an approved loan chosen with the loan-application picker, spec 7.2 findPageLoansList, and for each pledged
// goods line at most what the repaid share of the loans still releases) and the detail page (…/detail?id=, with its
// approval block and, once approved, the delivery instruction it became).
import { PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
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
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  DELIVERY_DATA_SOURCE_APPLY,
  WAREHOUSE_FLOW_MESSAGES,
  WAREHOUSE_FLOW_PAGES,
  WAREHOUSE_FLOW_PATHS,
  exceedsQuantity,
  type DeliveryApplication,
  type LoanPickRow,
  type Releasable,
  type ReleasableLine,
} from '@tfb/contract';
import { formatDate, formatDateTime, formatMoney, formatQuantity, orDash } from '../../../components/business/format';
import { PageShell } from '../../../components/business/page-shell';
import { PickDialogField, PickedCode } from '../../../components/business/pick-field';
import { showSaveError } from '../../../components/business/save-error';
import { ExportButton } from '../../../components/business/export-button';
import { StatusTag } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { PageTitle } from '../../../components/page-title';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { LoanPicker } from '../../../components/widgets/pickers';
import { tableLoading } from '../../../components/widgets/table-loading';
import { ApiError } from '../../../lib/api-client';
import { contractMessage } from '../../../lib/form-rules';
import { useCreateApplication } from '../api/create-application';
import { useApplication } from '../api/get-application';
import { useApplications } from '../api/get-applications';
import { useReleasable } from '../api/get-releasable';
import { ListToolbar, WarehouseSelect, type ListFilter } from './shared';
import './warehouse-flows.css';

// ---- List ----

export function ApplicationListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filter, setFilter] = useState<ListFilter>({});
  const applications = useApplications({ ...paging, ...filter });
  const columns: TableColumnsType<DeliveryApplication> = [
    {
      key: 'code',
      title: t('flows.applications.code'),
      render: (_, r) => (
        <Typography.Link onClick={() => navigate(`${WAREHOUSE_FLOW_PAGES.applicationDetail}?id=${r.id}`)}>{r.code}</Typography.Link>
      ),
      width: 210,
    },
    { key: 'loan', title: t('flows.applications.loan'), dataIndex: 'applicationFormNum', width: 180 },
    { key: 'contract', title: t('flows.common.contractCode'), dataIndex: 'contractCode', width: 190 },
    { key: 'warehouse', title: t('flows.common.warehouse'), dataIndex: 'warehouseName', width: 150, ellipsis: true },
    { key: 'date', title: t('flows.applications.planDeliveryTime'), render: (_, r) => formatDate(r.planDeliveryTime), width: 120 },
    {
      key: 'goods',
      title: t('flows.common.goods'),
      render: (_, r) => r.deliveryApplyGoods.map((g) => `${g.goodsName} ×${formatQuantity(g.deliveryNumber)}`).join('；'),
      width: 200,
      ellipsis: true,
    },
    { key: 'status', title: t('flows.common.status'), render: (_, r) => <StatusTag status={r.status} />, width: 100 },
    { key: 'instruction', title: t('flows.applications.instruction'), render: (_, r) => orDash(r.instructionCode), width: 190 },
  ];
  return (
    <Card
      variant="borderless"
      className="page-card flows-page"
      title={<PageTitle>{t('route.warehouse.deliveryApplications')}</PageTitle>}
      extra={
        <Flex gap={8}>
          <ExportButton list={WAREHOUSE_FLOW_PATHS.applyPage} filter={filter} sheet={t('route.warehouse.deliveryApplications')} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(WAREHOUSE_FLOW_PAGES.applicationAdd)}>
            {t('flows.applications.add')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('flows.applications.subtitle')}</Typography.Paragraph>
      <ListToolbar
        placeholder={t('flows.applications.searchPlaceholder')}
        onSearch={(f) => {
          setFilter(f);
          setPaging((p) => ({ ...p, pageNumber: 0 }));
        }}
      />
      <Table<DeliveryApplication>
        rowKey="id"
        size="middle"
        columns={columns}
        scroll={{ x: 1340 }}
        dataSource={applications.data?.content ?? []}
        {...tableLoading(applications.isFetching, applications.data?.content.length ?? 0)}
        pagination={tablePagination(t, paging, applications.data, setPaging)}
      />
    </Card>
  );
}

// ---- Create ----

type ApplyForm = { loan: LoanPickRow | null; warehouseId?: number; planDeliveryTime?: Dayjs; remark?: string };
type LineValues = Record<number, { deliveryNumber?: number | null; deliveryWeightNumber?: number | null; reelNumber?: string }>;

const lineProblem = (r: Releasable, line: ReleasableLine, n: number | null | undefined): string | null =>
  n !== null && n !== undefined && exceedsQuantity(n, line.remaining)
    ? WAREHOUSE_FLOW_MESSAGES.releaseExceedsRepaid(line.goodsName, line.pledged, r.repaidRatio, line.remaining)
    : null;

function ReleaseSummary({ r }: { r: Releasable }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      size="small"
      className="flows-summary"
      column={{ xs: 1, md: 4 }}
      items={[
        { key: 'contract', label: t('flows.common.contractCode'), children: r.contractCode },
        {
          key: 'approved',
          label: t('flows.applications.approvedAmount'),
          children: `${formatMoney(r.approvedAmount)} ${t('biz.common.yuan')}`,
        },
        { key: 'repaid', label: t('flows.applications.repaidAmount'), children: `${formatMoney(r.repaidAmount)} ${t('biz.common.yuan')}` },
        { key: 'ratio', label: t('flows.applications.repaidRatio'), children: `${(r.repaidRatio * 100).toFixed(2)}%` },
      ]}
    />
  );
}

export function ApplicationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<ApplyForm>();
  const loan = Form.useWatch('loan', form) ?? null;
  const releasable = useReleasable(loan?.id ?? null);
  const r = releasable.data;
  const [lines, setLines] = useState<LineValues>({});
  const create = useCreateApplication();
  const setLine = (id: number, patch: LineValues[number]) => setLines((ls) => ({ ...ls, [id]: { ...ls[id], ...patch } }));
  const loanProblem =
    releasable.error instanceof ApiError
      ? releasable.error.message
      : r && r.loanStatus !== 'approved'
        ? contractMessage(t, WAREHOUSE_FLOW_MESSAGES.loanNotApproved)
        : null;

  const submit = async (v: ApplyForm) => {
    if (!r || loanProblem) {
      message.error(loanProblem ?? contractMessage(t, WAREHOUSE_FLOW_MESSAGES.loanRequired));
      return;
    }
    const picked = r.goods.filter((g) => (lines[g.contractGoodsId]?.deliveryNumber ?? 0) > 0);
    if (picked.length === 0) {
      message.error(contractMessage(t, WAREHOUSE_FLOW_MESSAGES.goodsRequired));
      return;
    }
    const problem = picked.map((g) => lineProblem(r, g, lines[g.contractGoodsId]?.deliveryNumber)).find((p) => p !== null);
    if (problem) {
      message.error(problem);
      return;
    }
    try {
      const a = await create.mutateAsync({
        loanId: r.loanId,
        warehouseId: v.warehouseId!,
        planDeliveryTime: v.planDeliveryTime!.format('YYYY-MM-DD'),
        remark: v.remark ?? '',
        goods: picked.map((g) => {
          const l = lines[g.contractGoodsId]!;
          return {
            contractGoodsId: g.contractGoodsId,
            deliveryNumber: l.deliveryNumber!,
            deliveryWeightNumber: l.deliveryWeightNumber ?? 0,
            reelNumber: l.reelNumber ?? '',
          };
        }),
      });
      message.success(t('flows.applications.created', { code: a.code }));
      navigate(`${WAREHOUSE_FLOW_PAGES.applicationDetail}?id=${a.id}`);
    } catch (err) {
      showSaveError(err, form, message);
    }
  };

  const columns: TableColumnsType<ReleasableLine> = [
    { key: 'name', title: t('flows.common.goodsName'), dataIndex: 'goodsName', ellipsis: true },
    {
      key: 'pledged',
      title: t('flows.applications.pledged'),
      align: 'right',
      width: 110,
      render: (_, g) => `${formatQuantity(g.pledged)} ${g.unit}`,
    },
    { key: 'released', title: t('flows.applications.released'), align: 'right', width: 110, render: (_, g) => formatQuantity(g.released) },
    {
      key: 'remaining',
      title: t('flows.applications.remaining'),
      align: 'right',
      width: 120,
      render: (_, g) => formatQuantity(g.remaining),
    },
    {
      key: 'n',
      title: t('flows.applications.deliveryNumber'),
      width: 230,
      render: (_, g) => {
        const problem = r ? lineProblem(r, g, lines[g.contractGoodsId]?.deliveryNumber) : null;
        return (
          <Form.Item className="flows-line-input" validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
            <InputNumber<number>
              aria-label={`${g.goodsName} ${t('flows.applications.deliveryNumber')}`}
              min={0}
              precision={3}
              disabled={g.remaining <= 0}
              value={lines[g.contractGoodsId]?.deliveryNumber ?? null}
              onChange={(v) => setLine(g.contractGoodsId, { deliveryNumber: v })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        );
      },
    },
    {
      key: 'w',
      title: t('flows.applications.deliveryWeightNumber'),
      width: 140,
      render: (_, g) => (
        <InputNumber<number>
          aria-label={`${g.goodsName} ${t('flows.applications.deliveryWeightNumber')}`}
          min={0}
          precision={3}
          value={lines[g.contractGoodsId]?.deliveryWeightNumber ?? null}
          onChange={(v) => setLine(g.contractGoodsId, { deliveryWeightNumber: v })}
          style={{ width: '100%' }}
        />
      ),
    },
  ];

  return (
    <PageShell
      title={t('flows.applications.addTitle')}
      backTo={WAREHOUSE_FLOW_PAGES.applications}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={() => navigate(WAREHOUSE_FLOW_PAGES.applications)}>{t('flows.common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('flows.common.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<ApplyForm> form={form} layout="vertical" initialValues={{ loan: null }} onFinish={(v) => void submit(v)} className="flows-form">
        <Form.Item
          name="loan"
          label={t('flows.applications.loan')}
          rules={[{ required: true, message: contractMessage(t, WAREHOUSE_FLOW_MESSAGES.loanRequired) }]}
        >
          <PickDialogField<LoanPickRow>
            placeholder={t('flows.applications.loanPlaceholder')}
            display={(v) => <PickedCode code={v.applicationFormNum} detail={`${v.corporateName} · ${v.contractNum || '—'}`} />}
            dialog={({ choose, ...dialog }) => <LoanPicker {...dialog} onOk={choose} />}
          />
        </Form.Item>
        {loanProblem ? <Alert type="warning" showIcon title={loanProblem} className="flows-alert" /> : null}
        {r && !loanProblem ? <ReleaseSummary r={r} /> : null}
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
            name="planDeliveryTime"
            label={t('flows.applications.planDeliveryTime')}
            className="flows-form__half"
            rules={[{ required: true, message: contractMessage(t, WAREHOUSE_FLOW_MESSAGES.planDeliveryTimeRequired) }]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('flows.applications.pledgedGoods')} extra={t('flows.applications.lineHint')}>
          {loan && !loanProblem ? (
            <Table<ReleasableLine>
              rowKey="contractGoodsId"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={r?.goods ?? []}
              {...tableLoading(releasable.isFetching, r?.goods.length ?? 0, t('flows.notices.noGoods'))}
            />
          ) : (
            <Typography.Text type="secondary">{t('flows.applications.pickLoanFirst')}</Typography.Text>
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

export function ApplicationDetailPage({ extra }: { extra?: (application: DeliveryApplication) => ReactNode }) {
  const { t } = useTranslation();
  const id = useIdParam();
  const application = useApplication(id);
  const a = application.data;
  if (id === null || application.isError) return <Result status="404" title={t('flows.common.notFound')} />;
  if (!a) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <PageShell
        title={t('flows.applications.detailTitle')}
        tags={<StatusTag status={a.status} />}
        backTo={WAREHOUSE_FLOW_PAGES.applications}
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'code', label: t('flows.applications.code'), children: a.code },
            { key: 'loan', label: t('flows.applications.loan'), children: a.applicationFormNum },
            { key: 'contract', label: t('flows.common.contractCode'), children: a.contractCode },
            { key: 'enterprise', label: t('flows.common.enterpriseName'), children: a.enterpriseName },
            { key: 'warehouse', label: t('flows.common.warehouse'), children: a.warehouseName },
            { key: 'supervisor', label: t('flows.common.supervisor'), children: orDash(a.superviseName) },
            { key: 'date', label: t('flows.applications.planDeliveryTime'), children: formatDate(a.planDeliveryTime) },
            {
              key: 'instruction',
              label: t('flows.applications.instruction'),
              children: a.instructionCode ? (
                <Flex gap={8} align="center">
                  <Typography.Text strong>{a.instructionCode}</Typography.Text>
                  <Tag color="blue" variant="filled">
                    {DELIVERY_DATA_SOURCE_APPLY}
                  </Tag>
                </Flex>
              ) : (
                t('flows.applications.noInstructionYet')
              ),
            },
            { key: 'by', label: t('flows.common.createUser'), children: orDash(a.createUserName) },
            { key: 'time', label: t('flows.common.createTime'), children: formatDateTime(a.createTime) },
            { key: 'remark', label: t('flows.common.remark'), children: orDash(a.remark), span: 2 },
          ]}
        />
        <Typography.Title level={5} className="flows-section">
          {t('flows.common.goods')}
        </Typography.Title>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={a.deliveryApplyGoods}
          columns={[
            { key: 'name', title: t('flows.common.goodsName'), dataIndex: 'goodsName' },
            { key: 'spec', title: t('flows.common.spec'), render: (_, g) => orDash(g.specificationModels) },
            { key: 'n', title: t('flows.applications.deliveryNumber'), align: 'right', render: (_, g) => formatQuantity(g.deliveryNumber) },
            {
              key: 'w',
              title: t('flows.applications.deliveryWeightNumber'),
              align: 'right',
              render: (_, g) => formatQuantity(g.deliveryWeightNumber),
            },
          ]}
        />
      </PageShell>
      {extra?.(a)}
    </Flex>
  );
}
