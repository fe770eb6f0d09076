// Settlements: the list (search, type, status), the form (the settled contract chosen with the settlement
// contract picker and its contract-type filter; "copy from a settlement" with the settlement picker; type,
// amount, date, remark) and the detail.
import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Descriptions, Flex, Form, Input, InputNumber, Radio, Result, Row, Select, Tag, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  BUSINESS_MESSAGES,
  CONTRACT_TYPE_PREFIX,
  MESSAGES,
  MONEY_MAX,
  SaveSettlementBodySchema,
  formatAmount,
  settlementAmountProblem,
  type BusinessStatus,
  type ContractTypeKey,
  type SettlementRow,
} from '@tfb/contract';
import { DetailTabs } from '../../../components/business/audit-trail';
import { FormActions } from '../../../components/business/form-actions';
import { DATE_FORMAT, formatDate, formatDateTime, formatMoney, orDash } from '../../../components/business/format';
import { ListPage, keywordOf, useListState } from '../../../components/business/list-page';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { PickField } from '../../../components/business/pick-field';
import { showSaveError } from '../../../components/business/save-error';
import { refOf, useStaleVersion } from '../../../components/business/stale-version';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { ContractPicker, useContractTypeLabel } from '../../../components/widgets/pickers/contract-picker';
import { SettlePicker } from '../../../components/widgets/pickers/settle-picker';
import { limitRule, schemaRule, useRecheckWhenLimitChanges } from '../../../lib/form-rules';
import { SETTLEMENT_PATHS } from '../api/keys';
import { useSettlement } from '../api/get-settlement';
import { useSettlementContract } from '../api/get-settlement-contract';
import { useSettlements } from '../api/get-settlements';
import { useSaveSettlement } from '../api/save-settlement';
import { useCan } from '../../../lib/use-can';

/** Settlements are made on contracts (the picker's order entries are orders, which have no settlement). */
const SETTLEABLE_TYPES: readonly ContractTypeKey[] = (['CGHT', 'XSHT', 'WLHT', 'JGHT', 'HYHT', 'DBHT', 'QTHT'] as const).map(
  (s) => `${CONTRACT_TYPE_PREFIX}${s}` as const,
);

type SettleType = 1 | 2;

function SettleTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return (
    <Tag bordered={false} color={type === 1 ? 'green' : 'volcano'}>
      {t(`biz.settlements.type_${type}`, { defaultValue: String(type) })}
    </Tag>
  );
}

type Filters = { search?: string; status?: BusinessStatus; type?: SettleType };
type SearchValues = { keyword?: string; status?: BusinessStatus; type?: SettleType };

export function SettlementListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('funds:write');
  const typeLabel = useContractTypeLabel();
  const list = useListState<Filters>({});
  const query = useSettlements({ ...list.page, ...list.filters });
  const columns: TableColumnsType<SettlementRow> = [
    {
      title: t('biz.settlements.settleCode'),
      dataIndex: 'settleCode',
      width: 180,
      fixed: 'left',
      render: (code: string, s) => (
        <Typography.Link className="biz-cell__code" onClick={() => navigate(SETTLEMENT_PATHS.detail(s.id))}>
          {code}
        </Typography.Link>
      ),
    },
    {
      title: t('biz.settlements.contract'),
      key: 'contract',
      width: 190,
      render: (_, s) => (
        <Flex vertical gap={2}>
          <span className="biz-cell__code">{s.contractCode}</span>
          {s.contractType ? (
            <Typography.Text type="secondary" className="biz-cell__sub">
              {typeLabel(s.contractType)}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    { title: t('biz.settlements.enterpriseName'), dataIndex: 'enterpriseName', ellipsis: true },
    { title: t('biz.settlements.type'), dataIndex: 'type', width: 100, render: (v: number) => <SettleTypeTag type={v} /> },
    { title: t('biz.settlements.money'), dataIndex: 'money', width: 140, align: 'right', render: (n: number) => <span className="biz-num">{formatMoney(n)}</span> },
    { title: t('biz.settlements.settleDate'), dataIndex: 'settleDate', width: 110, render: formatDate },
    { title: t('biz.common.status'), dataIndex: 'status', width: 90, render: (s: string) => <StatusTag status={s} /> },
    {
      title: t('biz.common.actions'),
      key: 'actions',
      width: 110,
      fixed: 'right',
      render: (_, s) => (
        <Flex gap={4}>
          <Button type="link" size="small" onClick={() => navigate(SETTLEMENT_PATHS.detail(s.id))}>
            {t('biz.common.view')}
          </Button>
          {canWrite && isEditable(s.status) ? (
            <Button type="link" size="small" onClick={() => navigate(SETTLEMENT_PATHS.edit(s.id))}>
              {t('biz.common.edit')}
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
  return (
    <ListPage<SettlementRow, SearchValues>
      title={t('biz.settlements.title')}
      subtitle={t('biz.settlements.subtitle')}
      entityName={t('biz.settlements.entity')}
      createLabel={t('biz.settlements.create')}
      onCreate={canWrite ? () => navigate(SETTLEMENT_PATHS.add) : undefined}
      searchPlaceholder={t('biz.settlements.searchPlaceholder')}
      filters={
        <Form.Item name="type" label={t('biz.settlements.type')}>
          <Select
            allowClear
            className="biz-list__select"
            placeholder={t('biz.settlements.allTypes')}
            options={[1, 2].map((v) => ({ value: v, label: t(`biz.settlements.type_${v}`) }))}
          />
        </Form.Item>
      }
      onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword), status: v.status, type: v.type })}
      query={query}
      list={list}
      columns={columns}
      rowKey={(s) => s.id}
      scrollX={1080}
    />
  );
}

type ContractRef = { id: number; code: string; contractType: string; enterpriseName: string };

function SettleContractField({ value, onChange, id }: { value?: ContractRef | null; onChange?: (v: ContractRef | null) => void; id?: string }) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        placeholder={t('biz.settlements.contractPlaceholder')}
        display={
          value ? (
            <Flex gap={8} align="center" wrap>
              {value.contractType ? <Tag bordered={false}>{typeLabel(value.contractType)}</Tag> : null}
              <Typography.Text strong>{value.code}</Typography.Text>
              <Typography.Text type="secondary">{value.enterpriseName}</Typography.Text>
            </Flex>
          ) : null
        }
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      <ContractPicker
        open={open}
        variant="courier"
        contractTypes={SETTLEABLE_TYPES}
        onCancel={() => setOpen(false)}
        onOk={(c) => {
          setOpen(false);
          onChange?.({ id: c.id, code: c.code, contractType: c.contractType || c.type, enterpriseName: c.enterpriseName });
        }}
      />
    </>
  );
}

type FormValues = { contract: ContractRef | null; type: SettleType; money: number | null; settleDate: Dayjs | null; remark: string };

const contractOf = (s: SettlementRow): ContractRef | null =>
  s.contractId ? { id: s.contractId, code: s.contractCode, contractType: s.contractType, enterpriseName: s.enterpriseName } : null;

function SettlementForm({ settlement, reload }: { settlement: SettlementRow | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSettlement();
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState<BusinessStatus | null>(null);
  const [copyOpen, setCopyOpen] = useState(false);
  const contract = Form.useWatch('contract', form);
  // What the picked contract still allows, this settlement left out (the server refuses more with the same message).
  const contractQuery = useSettlementContract(contract?.id, settlement?.id ?? null);
  const limits = contract && contractQuery.data?.id === contract.id ? contractQuery.data.limits : undefined;
  useRecheckWhenLimitChanges(form, 'money', limits?.settlementRemaining);

  const onSave = async (status: BusinessStatus) => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    if (!v.contract) return;
    setSaving(status);
    try {
      const saved = await save.mutateAsync({
        ...refOf(settlement),
        body: {
          contractId: v.contract.id,
          type: v.type,
          money: v.money ?? 0,
          settleDate: v.settleDate ? v.settleDate.format(DATE_FORMAT) : null,
          remark: v.remark.trim(),
          status,
        },
      });
      void message.success(settlement ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(SETTLEMENT_PATHS.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message, { contractId: 'contract' });
    } finally {
      setSaving(null);
    }
  };

  return (
    <PageShell
      title={settlement ? t('biz.settlements.editTitle', { code: settlement.settleCode }) : t('biz.settlements.createTitle')}
      tags={settlement ? <StatusTag status={settlement.status} /> : null}
      backTo={settlement ? SETTLEMENT_PATHS.detail(settlement.id) : SETTLEMENT_PATHS.list}
      extra={
        <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)}>
          {t('biz.settlements.copyFrom')}
        </Button>
      }
      footer={
        <FormActions
          saving={saving}
          onCancel={() => navigate(settlement ? SETTLEMENT_PATHS.detail(settlement.id) : SETTLEMENT_PATHS.list)}
          onSave={(s) => void onSave(s)}
        />
      }
    >
      {stale.alert}
      <Form<FormValues>
        form={form}
        layout="vertical"
        scrollToFirstError
        initialValues={{
          contract: settlement ? contractOf(settlement) : null,
          type: (settlement?.type as SettleType | undefined) ?? 1,
          money: settlement?.money ?? null,
          settleDate: settlement?.settleDate ? dayjs(settlement.settleDate.slice(0, 10), DATE_FORMAT) : null,
          remark: settlement?.remark ?? '',
        }}
      >
        <Section title={t('biz.section.basic')}>
          <Row gutter={24}>
            <Col xs={24}>
              <Form.Item name="contract" label={t('biz.settlements.contract')} rules={[{ required: true, message: BUSINESS_MESSAGES.contractRequired }]}>
                <SettleContractField />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="type" label={t('biz.settlements.type')}>
                <Radio.Group optionType="button" options={[1, 2].map((v) => ({ value: v, label: t(`biz.settlements.type_${v}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="money"
                label={t('biz.settlements.money')}
                extra={
                  limits
                    ? t('biz.settlements.remaining', { remaining: formatAmount(limits.settlementRemaining), limit: formatAmount(limits.contractAmount) })
                    : undefined
                }
                rules={[
                  { required: true, message: t('biz.contracts.moneyRequired') },
                  schemaRule(SaveSettlementBodySchema.shape.money),
                  limitRule((v) => (limits ? settlementAmountProblem(v, { limit: limits.contractAmount, remaining: limits.settlementRemaining }) : null)),
                ]}
              >
                <InputNumber<number> min={0} max={MONEY_MAX} precision={2} style={{ width: '100%' }} suffix={t('biz.common.yuan')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="settleDate" label={t('biz.settlements.settleDate')}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="remark" label={t('biz.settlements.remark')}>
                <Input.TextArea maxLength={500} showCount autoSize={{ minRows: 3, maxRows: 6 }} />
              </Form.Item>
            </Col>
          </Row>
        </Section>
      </Form>
      <SettlePicker
        open={copyOpen}
        title={t('biz.settlements.copyFromTitle')}
        onCancel={() => setCopyOpen(false)}
        onOk={(s) => {
          setCopyOpen(false);
          form.setFieldsValue({ contract: contractOf(s), type: s.type === 2 ? 2 : 1, money: s.money });
          void message.info(t('biz.settlements.copied', { code: s.settleCode }));
        }}
      />
    </PageShell>
  );
}

export function SettlementCreatePage() {
  return <SettlementForm settlement={null} />;
}

export function SettlementEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useSettlement(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.settlements.editTitle', { code: '' })} backTo={SETTLEMENT_PATHS.list}>
      {(s) =>
        isEditable(s.status) ? (
          <SettlementForm key={`${s.id}:${s.version}`} reload={query.refetch} settlement={s} />
        ) : (
          <PageShell title={t('biz.settlements.editTitle', { code: s.settleCode })} tags={<StatusTag status={s.status} />} backTo={SETTLEMENT_PATHS.list}>
            <Result
              status="info"
              title={t('biz.record.readOnly')}
              extra={
                <Button type="primary" onClick={() => navigate(SETTLEMENT_PATHS.detail(s.id), { replace: true })}>
                  {t('biz.common.viewDetail')}
                </Button>
              }
            />
          </PageShell>
        )
      }
    </RecordLoader>
  );
}

export function SettlementDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canWrite = useCan('funds:write');
  const typeLabel = useContractTypeLabel();
  const id = useIdParam();
  const query = useSettlement(id);
  return (
    <RecordLoader id={id} query={query} title={t('biz.settlements.title')} backTo={SETTLEMENT_PATHS.list}>
      {(s) => (
        <PageShell
          title={`${t('biz.settlements.entity')} ${s.settleCode}`}
          tags={<StatusTag status={s.status} />}
          backTo={SETTLEMENT_PATHS.list}
          extra={
            canWrite && isEditable(s.status) ? (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(SETTLEMENT_PATHS.edit(s.id))}>
                {t('biz.common.edit')}
              </Button>
            ) : null
          }
        >
          <DetailTabs entity="settlement" id={s.id}>
            <Section title={t('biz.section.basic')}>
              <Descriptions
                bordered
                size="small"
                column={{ xs: 1, md: 2, xl: 3 }}
                items={[
                  { key: 'code', label: t('biz.settlements.settleCode'), children: s.settleCode },
                  { key: 'type', label: t('biz.settlements.type'), children: <SettleTypeTag type={s.type} /> },
                  { key: 'money', label: t('biz.settlements.money'), children: `${formatMoney(s.money)} ${t('biz.common.yuan')}` },
                  { key: 'contract', label: t('biz.settlements.contract'), children: s.contractCode },
                  { key: 'contractType', label: t('biz.settlements.contractType'), children: s.contractType ? typeLabel(s.contractType) : '—' },
                  { key: 'enterprise', label: t('biz.settlements.enterpriseName'), children: s.enterpriseName },
                  { key: 'date', label: t('biz.settlements.settleDate'), children: formatDate(s.settleDate) },
                  { key: 'createTime', label: t('biz.common.createTime'), children: formatDateTime(s.createTime) },
                  { key: 'updateTime', label: t('biz.common.updateTime'), children: formatDateTime(s.updateTime) },
                  { key: 'remark', label: t('biz.settlements.remark'), span: 3, children: orDash(s.remark) },
                ]}
              />
            </Section>
          </DetailTabs>
        </PageShell>
      )}
    </RecordLoader>
  );
}
