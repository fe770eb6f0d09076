// The enterprise's in-storage notices (P28): the list (/warehouse/notices), the create page (…/add: a purchase
// contract chosen with the in-storage contract picker, spec 7.2, its goods lines up to what each has not yet been
// noticed for, a warehouse and the planned date) and the detail page (…/detail?id=, with its approval block).
import { App, Form, Input, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  WAREHOUSE_FLOW_MESSAGES,
  WAREHOUSE_FLOW_PAGES,
  WAREHOUSE_FLOW_PATHS,
  contractTypeSuffix,
  exceedsQuantity,
  type ContractEntry,
  type ContractGoodsLine,
  type EnterpriseNotice,
} from '@tfb/contract';
import { formatDate, formatDateTime, formatQuantity, orDash } from '../../../components/business/format';
import { PickDialogField, PickedCode } from '../../../components/business/pick-field';
import { showSaveError } from '../../../components/business/save-error';
import { StatusTag } from '../../../components/business/status-tag';
import { ContractPicker, useContractTypeLabel } from '../../../components/widgets/pickers';
import { contractMessage } from '../../../lib/form-rules';
import { useCreateNotice } from '../api/create-notice';
import { useContractGoods } from '../api/get-contract-goods';
import { useNotice } from '../api/get-notice';
import { useNotices } from '../api/get-notices';
import { FlowCreatePage, FlowDetailPage, FlowListPage, LineNumber, LineQuantity, linesToSend, useLineValues } from './flow-pages';

// ---- List ----

export function NoticeListPage() {
  const { t } = useTranslation();
  return (
    <FlowListPage<EnterpriseNotice>
      title={t('route.warehouse.notices')}
      subtitle={t('flows.notices.subtitle')}
      searchPlaceholder={t('flows.notices.searchPlaceholder')}
      addLabel={t('flows.notices.add')}
      listPath={WAREHOUSE_FLOW_PATHS.noticePage}
      addPage={WAREHOUSE_FLOW_PAGES.noticeAdd}
      detailPage={WAREHOUSE_FLOW_PAGES.noticeDetail}
      useList={useNotices}
      code={{ title: t('flows.notices.code'), width: 200 }}
      columns={[
        {
          key: 'contract',
          title: t('flows.common.contractCode'),
          render: (_, r) => orDash(r.contractCode || r.contractRelevanceCode),
          width: 190,
        },
        { key: 'enterprise', title: t('flows.common.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
        { key: 'warehouse', title: t('flows.common.warehouse'), dataIndex: 'warehouseName', ellipsis: true },
        { key: 'date', title: t('flows.notices.collectionTime'), render: (_, r) => formatDate(r.collectionTime), width: 120 },
        {
          key: 'goods',
          title: t('flows.common.goods'),
          render: (_, r) => r.inStorageNoticeGoods.map((g) => `${g.goodsName} ×${formatQuantity(g.weight)}`).join('；'),
          ellipsis: true,
        },
        { key: 'status', title: t('flows.common.status'), render: (_, r) => <StatusTag status={r.status} />, width: 100 },
        { key: 'time', title: t('flows.common.createTime'), render: (_, r) => formatDateTime(r.createTime), width: 170 },
      ]}
    />
  );
}

// ---- Create ----

type NoticeForm = { contract: ContractEntry | null; warehouseId?: number; collectionTime?: Dayjs; remark?: string };
type NoticeLine = { weight: number | null; storageNumber: number | null; reelNumber: string };

/** Why a line's quantity may not be noticed (the server's message), or null. */
const lineProblem = (line: ContractGoodsLine, weight: number | null | undefined): string | null =>
  weight !== null && weight !== undefined && exceedsQuantity(weight, line.remaining)
    ? WAREHOUSE_FLOW_MESSAGES.noticeExceedsContract(line.goodsName, line.quantity, line.remaining)
    : null;

export function NoticeCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const typeLabel = useContractTypeLabel();
  const [form] = Form.useForm<NoticeForm>();
  const contract = Form.useWatch('contract', form) ?? null;
  const isContract = contract !== null && contractTypeSuffix(contract.contractType || contract.type) === 'CGHT';
  const goods = useContractGoods(isContract ? contract.id : null);
  const { lines, setLine } = useLineValues<NoticeLine>();
  const create = useCreateNotice();

  const submit = async (v: NoticeForm) => {
    const picked = linesToSend(
      goods.data?.goods ?? [],
      lines,
      (l) => l?.weight,
      lineProblem,
      (m) => void message.error(m),
      t,
    );
    if (!picked) return;
    try {
      const notice = await create.mutateAsync({
        contractId: contract!.id,
        warehouseId: v.warehouseId!,
        collectionTime: v.collectionTime!.format('YYYY-MM-DD'),
        remark: v.remark ?? '',
        goods: picked.map((g) => {
          const l = lines[g.contractGoodsId]!;
          return {
            contractGoodsId: g.contractGoodsId,
            weight: l.weight!,
            storageNumber: l.storageNumber ?? 0,
            reelNumber: l.reelNumber ?? '',
          };
        }),
      });
      message.success(t('flows.notices.created', { code: notice.code }));
      navigate(`${WAREHOUSE_FLOW_PAGES.noticeDetail}?id=${notice.id}`);
    } catch (err) {
      showSaveError(err, form, message);
    }
  };

  const columns: TableColumnsType<ContractGoodsLine> = [
    { key: 'name', title: t('flows.common.goodsName'), dataIndex: 'goodsName', ellipsis: true },
    { key: 'spec', title: t('flows.common.spec'), render: (_, g) => orDash(g.specificationModels), width: 130 },
    {
      key: 'left',
      title: t('flows.notices.remaining'),
      width: 220,
      render: (_, g) =>
        t('flows.notices.remainingOf', { remaining: formatQuantity(g.remaining), quantity: formatQuantity(g.quantity), unit: g.unit }),
    },
    {
      key: 'weight',
      title: t('flows.common.quantity'),
      width: 230,
      render: (_, g) => (
        <LineQuantity
          label={`${g.goodsName} ${t('flows.common.quantity')}`}
          problem={lineProblem(g, lines[g.contractGoodsId]?.weight)}
          disabled={g.remaining <= 0}
          value={lines[g.contractGoodsId]?.weight}
          onChange={(v) => setLine(g.contractGoodsId, { weight: v })}
        />
      ),
    },
    {
      key: 'storageNumber',
      title: t('flows.common.weight'),
      width: 150,
      render: (_, g) => (
        <LineNumber
          label={`${g.goodsName} ${t('flows.common.weight')}`}
          value={lines[g.contractGoodsId]?.storageNumber}
          onChange={(v) => setLine(g.contractGoodsId, { storageNumber: v })}
        />
      ),
    },
    {
      key: 'reel',
      title: t('flows.common.reelNumber'),
      width: 150,
      render: (_, g) => (
        <Input
          aria-label={`${g.goodsName} ${t('flows.common.reelNumber')}`}
          maxLength={64}
          value={lines[g.contractGoodsId]?.reelNumber ?? ''}
          onChange={(e) => setLine(g.contractGoodsId, { reelNumber: e.target.value })}
        />
      ),
    },
  ];

  return (
    <FlowCreatePage<NoticeForm, ContractGoodsLine>
      form={form}
      title={t('flows.notices.addTitle')}
      listPage={WAREHOUSE_FLOW_PAGES.notices}
      submitting={create.isPending}
      onFinish={(v) => void submit(v)}
      initialValues={{ contract: null }}
      reference={
        <Form.Item
          name="contract"
          label={t('flows.common.contract')}
          rules={[
            { required: true, message: contractMessage(t, WAREHOUSE_FLOW_MESSAGES.contractRequired) },
            {
              validator: async (_, v: ContractEntry | null) => {
                if (v && contractTypeSuffix(v.contractType || v.type) !== 'CGHT') throw new Error(t('flows.notices.contractOnly'));
              },
            },
          ]}
        >
          <PickDialogField<ContractEntry>
            placeholder={t('flows.notices.contractPlaceholder')}
            display={(v) => <PickedCode tag={typeLabel(v.contractType || v.type)} code={v.code} detail={v.enterpriseName} />}
            dialog={({ choose, ...dialog }) => <ContractPicker {...dialog} variant="inStorage" onOk={choose} />}
          />
        </Form.Item>
      }
      date={{ name: 'collectionTime', label: t('flows.notices.collectionTime'), message: WAREHOUSE_FLOW_MESSAGES.collectionTimeRequired }}
      goods={{
        label: t('flows.common.goods'),
        hint: t('flows.notices.lineHint'),
        rows: isContract ? (goods.data?.goods ?? []) : null,
        fetching: goods.isFetching,
        columns,
        pickFirst: t('flows.notices.pickContractFirst'),
      }}
    />
  );
}

// ---- Detail ----

export function NoticeDetailPage({ extra }: { extra?: (notice: EnterpriseNotice) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <FlowDetailPage<EnterpriseNotice, EnterpriseNotice['inStorageNoticeGoods'][number]>
      title={t('flows.notices.detailTitle')}
      listPage={WAREHOUSE_FLOW_PAGES.notices}
      useDocument={useNotice}
      extra={extra}
      items={(n) => [
        { key: 'code', label: t('flows.notices.code'), children: n.code },
        { key: 'contract', label: t('flows.common.contractCode'), children: orDash(n.contractCode) },
        { key: 'paper', label: t('flows.common.contractRelevanceCode'), children: orDash(n.contractRelevanceCode) },
        { key: 'enterprise', label: t('flows.common.enterpriseName'), children: n.enterpriseName },
        { key: 'warehouse', label: t('flows.common.warehouse'), children: n.warehouseName },
        { key: 'supervisor', label: t('flows.common.supervisor'), children: orDash(n.superviseName) },
        { key: 'date', label: t('flows.notices.collectionTime'), children: formatDate(n.collectionTime) },
        {
          key: 'received',
          label: t('flows.notices.inStorage'),
          children:
            n.status === 'rejected' ? t('flows.notices.withdrawn') : n.isCreate ? t('flows.notices.received') : t('flows.notices.waiting'),
        },
        { key: 'by', label: t('flows.common.createUser'), children: orDash(n.createUserName) },
        { key: 'time', label: t('flows.common.createTime'), children: formatDateTime(n.createTime) },
        { key: 'remark', label: t('flows.common.remark'), children: orDash(n.remark), span: 2 },
      ]}
      goods={(n) => n.inStorageNoticeGoods}
      goodsColumns={[
        { key: 'name', title: t('flows.common.goodsName'), dataIndex: 'goodsName' },
        { key: 'spec', title: t('flows.common.spec'), render: (_, g) => orDash(g.specificationModels) },
        { key: 'q', title: t('flows.common.quantity'), align: 'right', render: (_, g) => formatQuantity(g.weight) },
        { key: 'w', title: t('flows.common.weight'), align: 'right', render: (_, g) => formatQuantity(g.storageNumber) },
        { key: 'reel', title: t('flows.common.reelNumber'), render: (_, g) => orDash(g.reelNumber) },
      ]}
    />
  );
}
