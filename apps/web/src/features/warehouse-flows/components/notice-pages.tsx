// The enterprise's in-storage notices (P28): the list (/warehouse/notices), the create page (…/add: a purchase
// contract chosen with the in-storage contract picker, spec 7.2, its goods lines up to what each has not yet been
// noticed for, a warehouse and the planned date) and the detail page (…/detail?id=, with its approval block).
import { PlusOutlined } from '@ant-design/icons';
import {
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
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
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
import { ExportButton } from '../../../components/business/export-button';
import { formatDate, formatDateTime, formatQuantity, orDash } from '../../../components/business/format';
import { PageShell } from '../../../components/business/page-shell';
import { PickDialogField, PickedCode } from '../../../components/business/pick-field';
import { showSaveError } from '../../../components/business/save-error';
import { StatusTag } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { PageTitle } from '../../../components/page-title';
import { FIRST_PAGE, tablePagination, type PageState } from '../../../components/widgets/paging';
import { ContractPicker, useContractTypeLabel } from '../../../components/widgets/pickers';
import { tableLoading } from '../../../components/widgets/table-loading';
import { contractMessage } from '../../../lib/form-rules';
import { useCreateNotice } from '../api/create-notice';
import { useContractGoods } from '../api/get-contract-goods';
import { useNotice } from '../api/get-notice';
import { useNotices } from '../api/get-notices';
import { ListToolbar, WarehouseSelect, type ListFilter } from './shared';
import './warehouse-flows.css';

// ---- List ----

export function NoticeListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filter, setFilter] = useState<ListFilter>({});
  const notices = useNotices({ ...paging, ...filter });
  const columns: TableColumnsType<EnterpriseNotice> = [
    {
      key: 'code',
      title: t('flows.notices.code'),
      render: (_, r) => (
        <Typography.Link onClick={() => navigate(`${WAREHOUSE_FLOW_PAGES.noticeDetail}?id=${r.id}`)}>{r.code}</Typography.Link>
      ),
      width: 200,
    },
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
  ];
  return (
    <Card
      variant="borderless"
      className="page-card flows-page"
      title={<PageTitle>{t('route.warehouse.notices')}</PageTitle>}
      extra={
        <Flex gap={8}>
          <ExportButton list={WAREHOUSE_FLOW_PATHS.noticePage} filter={filter} sheet={t('route.warehouse.notices')} />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(WAREHOUSE_FLOW_PAGES.noticeAdd)}>
            {t('flows.notices.add')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{t('flows.notices.subtitle')}</Typography.Paragraph>
      <ListToolbar
        placeholder={t('flows.notices.searchPlaceholder')}
        onSearch={(f) => {
          setFilter(f);
          setPaging((p) => ({ ...p, pageNumber: 0 }));
        }}
      />
      <Table<EnterpriseNotice>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={notices.data?.content ?? []}
        {...tableLoading(notices.isFetching, notices.data?.content.length ?? 0)}
        pagination={tablePagination(t, paging, notices.data, setPaging)}
      />
    </Card>
  );
}

// ---- Create ----

type NoticeForm = { contract: ContractEntry | null; warehouseId?: number; collectionTime?: Dayjs; remark?: string };
type LineValues = Record<number, { weight?: number | null; storageNumber?: number | null; reelNumber?: string }>;

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
  const [lines, setLines] = useState<LineValues>({});
  const create = useCreateNotice();
  const setLine = (id: number, patch: LineValues[number]) => setLines((ls) => ({ ...ls, [id]: { ...ls[id], ...patch } }));

  const submit = async (v: NoticeForm) => {
    const contractGoods = goods.data?.goods ?? [];
    const picked = contractGoods.filter((g) => (lines[g.contractGoodsId]?.weight ?? 0) > 0);
    if (picked.length === 0) {
      message.error(contractMessage(t, WAREHOUSE_FLOW_MESSAGES.goodsRequired));
      return;
    }
    const problem = picked.map((g) => lineProblem(g, lines[g.contractGoodsId]?.weight)).find((p) => p !== null);
    if (problem) {
      message.error(problem);
      return;
    }
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
      render: (_, g) => {
        const problem = lineProblem(g, lines[g.contractGoodsId]?.weight);
        return (
          <Form.Item className="flows-line-input" validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
            <InputNumber<number>
              aria-label={`${g.goodsName} ${t('flows.common.quantity')}`}
              min={0}
              precision={3}
              disabled={g.remaining <= 0}
              value={lines[g.contractGoodsId]?.weight ?? null}
              onChange={(v) => setLine(g.contractGoodsId, { weight: v })}
              style={{ width: '100%' }}
            />
          </Form.Item>
        );
      },
    },
    {
      key: 'storageNumber',
      title: t('flows.common.weight'),
      width: 150,
      render: (_, g) => (
        <InputNumber<number>
          aria-label={`${g.goodsName} ${t('flows.common.weight')}`}
          min={0}
          precision={3}
          value={lines[g.contractGoodsId]?.storageNumber ?? null}
          onChange={(v) => setLine(g.contractGoodsId, { storageNumber: v })}
          style={{ width: '100%' }}
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
    <PageShell
      title={t('flows.notices.addTitle')}
      backTo={WAREHOUSE_FLOW_PAGES.notices}
      footer={
        <Flex gap={8} justify="end">
          <Button onClick={() => navigate(WAREHOUSE_FLOW_PAGES.notices)}>{t('flows.common.cancel')}</Button>
          <Button type="primary" loading={create.isPending} onClick={() => form.submit()}>
            {t('flows.common.submit')}
          </Button>
        </Flex>
      }
    >
      <Form<NoticeForm>
        form={form}
        layout="vertical"
        initialValues={{ contract: null }}
        onFinish={(v) => void submit(v)}
        className="flows-form"
      >
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
            name="collectionTime"
            label={t('flows.notices.collectionTime')}
            className="flows-form__half"
            rules={[{ required: true, message: contractMessage(t, WAREHOUSE_FLOW_MESSAGES.collectionTimeRequired) }]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('flows.common.goods')} extra={t('flows.notices.lineHint')}>
          {isContract ? (
            <Table<ContractGoodsLine>
              rowKey="contractGoodsId"
              size="small"
              pagination={false}
              columns={columns}
              dataSource={goods.data?.goods ?? []}
              {...tableLoading(goods.isFetching, goods.data?.goods.length ?? 0, t('flows.notices.noGoods'))}
            />
          ) : (
            <Typography.Text type="secondary">{t('flows.notices.pickContractFirst')}</Typography.Text>
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

export function NoticeDetailPage({ extra }: { extra?: (notice: EnterpriseNotice) => ReactNode }) {
  const { t } = useTranslation();
  const id = useIdParam();
  const notice = useNotice(id);
  const n = notice.data;
  if (id === null || notice.isError) return <Result status="404" title={t('flows.common.notFound')} />;
  if (!n) return <Skeleton active />;
  return (
    <Flex vertical gap={16}>
      <PageShell title={t('flows.notices.detailTitle')} tags={<StatusTag status={n.status} />} backTo={WAREHOUSE_FLOW_PAGES.notices}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
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
                n.status === 'rejected'
                  ? t('flows.notices.withdrawn')
                  : n.isCreate
                    ? t('flows.notices.received')
                    : t('flows.notices.waiting'),
            },
            { key: 'by', label: t('flows.common.createUser'), children: orDash(n.createUserName) },
            { key: 'time', label: t('flows.common.createTime'), children: formatDateTime(n.createTime) },
            { key: 'remark', label: t('flows.common.remark'), children: orDash(n.remark), span: 2 },
          ]}
        />
        <Typography.Title level={5} className="flows-section">
          {t('flows.common.goods')}
        </Typography.Title>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={n.inStorageNoticeGoods}
          columns={[
            { key: 'name', title: t('flows.common.goodsName'), dataIndex: 'goodsName' },
            { key: 'spec', title: t('flows.common.spec'), render: (_, g) => orDash(g.specificationModels) },
            { key: 'q', title: t('flows.common.quantity'), align: 'right', render: (_, g) => formatQuantity(g.weight) },
            { key: 'w', title: t('flows.common.weight'), align: 'right', render: (_, g) => formatQuantity(g.storageNumber) },
            { key: 'reel', title: t('flows.common.reelNumber'), render: (_, g) => orDash(g.reelNumber) },
          ]}
        />
      </PageShell>
      {extra?.(n)}
    </Flex>
  );
}
