// The enterprise's delivery applications (提货申请, P28): the list (/warehouse/delivery-applications), the create page
// (…/add: an approved loan chosen with the loan-application picker, spec 7.2 findPageLoansList, and for each pledged
// goods line at most what the repaid share of the loans still releases) and the detail page (…/detail?id=, with its
// approval block and, once approved, the delivery instruction it became).
import { Alert, App, Descriptions, Flex, Form, Tag, Typography, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
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
import { PickDialogField, PickedCode } from '../../../components/business/pick-field';
import { showSaveError } from '../../../components/business/save-error';
import { StatusTag } from '../../../components/business/status-tag';
import { LoanPicker } from '../../../components/widgets/pickers';
import { ApiError } from '../../../lib/api-client';
import { contractMessage } from '../../../lib/form-rules';
import { useCreateApplication } from '../api/create-application';
import { useApplication } from '../api/get-application';
import { useApplications } from '../api/get-applications';
import { useReleasable } from '../api/get-releasable';
import { FlowCreatePage, FlowDetailPage, FlowListPage, LineNumber, LineQuantity, linesToSend, useLineValues } from './flow-pages';

// ---- List ----

export function ApplicationListPage() {
  const { t } = useTranslation();
  return (
    <FlowListPage<DeliveryApplication>
      title={t('route.warehouse.deliveryApplications')}
      subtitle={t('flows.applications.subtitle')}
      searchPlaceholder={t('flows.applications.searchPlaceholder')}
      addLabel={t('flows.applications.add')}
      listPath={WAREHOUSE_FLOW_PATHS.applyPage}
      addPage={WAREHOUSE_FLOW_PAGES.applicationAdd}
      detailPage={WAREHOUSE_FLOW_PAGES.applicationDetail}
      useList={useApplications}
      code={{ title: t('flows.applications.code'), width: 180 }}
      columns={[
        { key: 'loan', title: t('flows.applications.loan'), dataIndex: 'applicationFormNum', width: 160, ellipsis: true },
        { key: 'contract', title: t('flows.common.contractCode'), dataIndex: 'contractCode', width: 170, ellipsis: true },
        { key: 'warehouse', title: t('flows.common.warehouse'), dataIndex: 'warehouseName', ellipsis: true },
        { key: 'date', title: t('flows.applications.planDeliveryTime'), render: (_, r) => formatDate(r.planDeliveryTime), width: 110 },
        {
          key: 'goods',
          title: t('flows.common.goods'),
          render: (_, r) => r.deliveryApplyGoods.map((g) => `${g.goodsName} ×${formatQuantity(g.deliveryNumber)}`).join('；'),
          ellipsis: true,
        },
        { key: 'status', title: t('flows.common.status'), render: (_, r) => <StatusTag status={r.status} />, width: 120 },
        { key: 'instruction', title: t('flows.applications.instruction'), render: (_, r) => orDash(r.instructionCode), width: 170 },
      ]}
    />
  );
}

// ---- Create ----

type ApplyForm = { loan: LoanPickRow | null; warehouseId?: number; planDeliveryTime?: Dayjs; remark?: string };
type ApplyLine = { deliveryNumber: number | null; deliveryWeightNumber: number | null };

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
  const { lines, setLine } = useLineValues<ApplyLine>();
  const create = useCreateApplication();
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
    const picked = linesToSend(
      r.goods,
      lines,
      (l) => l?.deliveryNumber,
      (g, n) => lineProblem(r, g, n),
      (m) => void message.error(m),
      t,
    );
    if (!picked) return;
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
            reelNumber: '',
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
      render: (_, g) => (
        <LineQuantity
          label={`${g.goodsName} ${t('flows.applications.deliveryNumber')}`}
          problem={r ? lineProblem(r, g, lines[g.contractGoodsId]?.deliveryNumber) : null}
          disabled={g.remaining <= 0}
          value={lines[g.contractGoodsId]?.deliveryNumber}
          onChange={(v) => setLine(g.contractGoodsId, { deliveryNumber: v })}
        />
      ),
    },
    {
      key: 'w',
      title: t('flows.applications.deliveryWeightNumber'),
      width: 140,
      render: (_, g) => (
        <LineNumber
          label={`${g.goodsName} ${t('flows.applications.deliveryWeightNumber')}`}
          value={lines[g.contractGoodsId]?.deliveryWeightNumber}
          onChange={(v) => setLine(g.contractGoodsId, { deliveryWeightNumber: v })}
        />
      ),
    },
  ];

  return (
    <FlowCreatePage<ApplyForm, ReleasableLine>
      form={form}
      title={t('flows.applications.addTitle')}
      listPage={WAREHOUSE_FLOW_PAGES.applications}
      submitting={create.isPending}
      onFinish={(v) => void submit(v)}
      initialValues={{ loan: null }}
      reference={
        <>
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
        </>
      }
      date={{
        name: 'planDeliveryTime',
        label: t('flows.applications.planDeliveryTime'),
        message: WAREHOUSE_FLOW_MESSAGES.planDeliveryTimeRequired,
      }}
      goods={{
        label: t('flows.applications.pledgedGoods'),
        hint: t('flows.applications.lineHint'),
        rows: loan && !loanProblem ? (r?.goods ?? []) : null,
        fetching: releasable.isFetching,
        columns,
        pickFirst: t('flows.applications.pickLoanFirst'),
      }}
    />
  );
}

// ---- Detail ----

export function ApplicationDetailPage({ extra }: { extra?: (application: DeliveryApplication) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <FlowDetailPage<DeliveryApplication, DeliveryApplication['deliveryApplyGoods'][number]>
      title={t('flows.applications.detailTitle')}
      listPage={WAREHOUSE_FLOW_PAGES.applications}
      useDocument={useApplication}
      extra={extra}
      items={(a) => [
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
      goods={(a) => a.deliveryApplyGoods}
      goodsColumns={[
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
  );
}
