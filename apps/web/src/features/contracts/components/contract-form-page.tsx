// Create and edit a contract of one type. Purchase and sales contracts carry goods lines (goods picker, or
// for a sales contract the lines of its sales order), the order (order picker), the delivery address
// (address book); every type has its project (project picker: type 1 for purchase contracts, else 2) and its
// documents (document table; the contract form's table is the first upload table: 200 MB).
import { ImportOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Form, Input, InputNumber, Radio, Result, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  MESSAGES,
  MONEY_MAX,
  SaveContractBodySchema,
  type BusinessStatus,
  type ContractDetail,
  type DeliveryAddress,
  type SaveContractBody,
} from '@tfb/contract';
import { schemaRule } from '../../../lib/form-rules';
import { AddressField } from '../../../components/business/address-field';
import { FormActions } from '../../../components/business/form-actions';
import { DATE_FORMAT } from '../../../components/business/format';
import { GoodsLinesField } from '../../../components/business/goods-lines-field';
import { copyLines, goodsLinesProblem, linesForSave, linesFromServer, linesTotal, type GoodsLineValue } from '../../../components/business/goods-lines';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { showSaveError } from '../../../components/business/save-error';
import { refOf, useStaleVersion } from '../../../components/business/stale-version';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { DocumentUploadTable, documentRowsForSave, documentRowsProblem, type DocumentRowValue } from '../../../components/widgets/document-upload-table';
import { OrderGoodsPicker } from '../../../components/widgets/pickers/order-goods-picker';
import { useContract } from '../api/get-contract';
import { useSaveContract } from '../api/save-contract';
import { contractPaths, contractTypeOf, isTradeKind, type ContractKind } from '../contract-kinds';
import { OrderField, ProjectField, type OrderRef, type ProjectRef } from './contract-fields';
import { WrongKind } from './contract-detail-page';

type FormValues = {
  contractName: string;
  contractRelevanceCode: string;
  enterpriseName: string;
  money: number | null;
  signDate: Dayjs | null;
  signType: number;
  project: ProjectRef | null;
  order: OrderRef | null;
  deliveryAddress: DeliveryAddress | null;
  goods: GoodsLineValue[];
  documents: DocumentRowValue[];
};

const initialValues = (c: ContractDetail | null): FormValues => ({
  contractName: c?.contractName ?? '',
  contractRelevanceCode: c?.contractRelevanceCode ?? '',
  enterpriseName: c?.enterpriseName ?? '',
  money: c?.money ?? null,
  signDate: c?.signDate ? dayjs(c.signDate, DATE_FORMAT) : null,
  signType: c?.signType ?? 0,
  project: c?.projectId ? { id: c.projectId, code: c.projectCode ?? String(c.projectId) } : null,
  order: c?.salesOrderId
    ? { kind: 'sales', id: c.salesOrderId, code: c.salesOrderCode ?? String(c.salesOrderId) }
    : c?.purchaseOrderId
      ? { kind: 'purchase', id: c.purchaseOrderId, code: c.purchaseOrderCode ?? String(c.purchaseOrderId) }
      : null,
  deliveryAddress: c?.deliveryAddress ?? null,
  goods: c ? linesFromServer(c.goods) : [],
  documents: c?.documents ?? [],
});

function ContractForm({ kind, contract, reload }: { kind: ContractKind; contract: ContractDetail | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveContract();
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState<BusinessStatus | null>(null);
  const [orderGoodsOpen, setOrderGoodsOpen] = useState(false);
  const paths = contractPaths(kind);
  const contractType = contractTypeOf(kind);
  const trade = isTradeKind(kind);
  const signType = Form.useWatch('signType', form) ?? 0;
  const order = Form.useWatch('order', form);

  const onSave = async (status: BusinessStatus) => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    const body: SaveContractBody = {
      contractType,
      contractName: v.contractName.trim(),
      contractRelevanceCode: v.contractRelevanceCode.trim(),
      enterpriseName: v.enterpriseName.trim(),
      money: v.money ?? 0,
      signType: v.signType,
      signDate: v.signDate ? v.signDate.format(DATE_FORMAT) : null,
      projectId: v.project?.id ?? null,
      salesOrderId: trade && v.order?.kind === 'sales' ? v.order.id : null,
      purchaseOrderId: trade && v.order?.kind === 'purchase' ? v.order.id : null,
      deliveryAddressId: trade ? (v.deliveryAddress?.id ?? null) : null,
      status,
      goods: trade ? linesForSave(v.goods) : [],
      documents: documentRowsForSave(v.documents),
    };
    setSaving(status);
    try {
      const saved = await save.mutateAsync({ ...refOf(contract), body });
      void message.success(contract ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(paths.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message, { projectId: 'project', salesOrderId: 'order', purchaseOrderId: 'order', deliveryAddressId: 'deliveryAddress' });
    } finally {
      setSaving(null);
    }
  };

  const title = contract ? `${t(`biz.route.contract.${kind}.edit`)} ${contract.code}` : t(`biz.route.contract.${kind}.add`);

  return (
    <PageShell
      title={title}
      tags={contract ? <StatusTag status={contract.status} /> : null}
      backTo={contract ? paths.detail(contract.id) : paths.list}
      footer={<FormActions saving={saving} onCancel={() => navigate(contract ? paths.detail(contract.id) : paths.list)} onSave={(s) => void onSave(s)} />}
    >
      {stale.alert}
      <Form<FormValues> form={form} layout="vertical" initialValues={initialValues(contract)} scrollToFirstError>
        <Section title={t('biz.section.basic')}>
          <Row gutter={24}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="contractName" label={t('biz.contracts.contractName')}>
                <Input maxLength={100} placeholder={t('biz.contracts.contractNamePlaceholder')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="contractRelevanceCode" label={t('biz.contracts.contractRelevanceCode')} tooltip={t('biz.contracts.contractRelevanceCodeHint')}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                name="enterpriseName"
                label={t(`biz.contracts.counterparty_${kind === 'purchase' ? 'purchase' : kind === 'sales' ? 'sales' : 'other'}`)}
                rules={[{ required: true, whitespace: true, message: t('biz.contracts.enterpriseRequired') }]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label={t('biz.contracts.money')}
                // The label names the amount input (the inner item carries the field, hence its id).
                htmlFor="money"
                required
                extra={
                  trade ? (
                    <Button type="link" size="small" className="biz-link-inline" onClick={() => form.setFieldValue('money', linesTotal(form.getFieldValue('goods')).amount)}>
                      {t('biz.contracts.useGoodsTotal')}
                    </Button>
                  ) : undefined
                }
              >
                <Form.Item
                  name="money"
                  noStyle
                  rules={[{ required: true, message: t('biz.contracts.moneyRequired') }, schemaRule(SaveContractBodySchema.shape.money)]}
                >
                  <InputNumber<number> min={0} max={MONEY_MAX} precision={2} style={{ width: '100%' }} suffix={t('biz.common.yuan')} />
                </Form.Item>
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="signDate" label={t('biz.contracts.signDate')}>
                <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="signType" label={t('biz.contracts.signType')} tooltip={t('biz.contracts.signTypeHint')}>
                <Radio.Group
                  optionType="button"
                  options={[
                    { value: 0, label: t('biz.contracts.signType_0') },
                    { value: 1, label: t('biz.contracts.signType_1') },
                  ]}
                />
              </Form.Item>
            </Col>
          </Row>
        </Section>

        <Section title={t('biz.section.links')}>
          <Row gutter={24}>
            <Col xs={24} xl={12}>
              <Form.Item name="project" label={t('biz.contracts.project')}>
                <ProjectField contractType={contractType} />
              </Form.Item>
            </Col>
            {trade ? (
              <Col xs={24} xl={12}>
                <Form.Item name="order" label={t(`biz.contracts.order_${kind === 'sales' ? 'sales' : 'purchase'}`)}>
                  <OrderField kind={kind === 'sales' ? 'sales' : 'purchase'} />
                </Form.Item>
              </Col>
            ) : null}
            {trade ? (
              <Col xs={24} xl={12}>
                <Form.Item name="deliveryAddress" label={t('biz.contracts.deliveryAddress')}>
                  <AddressField />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </Section>

        {trade ? (
          <Section title={t('biz.section.goods')}>
            <Form.Item
              name="goods"
              rules={[
                {
                  validator: async (_, lines: GoodsLineValue[]) => {
                    const problem = goodsLinesProblem(lines);
                    if (problem) throw new Error(t(`biz.goodsLines.${problem}`));
                  },
                },
              ]}
            >
              <GoodsLinesField
                extraActions={
                  kind === 'sales' ? (
                    <Button icon={<ImportOutlined />} disabled={order?.kind !== 'sales'} title={order ? undefined : t('biz.contracts.importNeedsOrder')} onClick={() => setOrderGoodsOpen(true)}>
                      {t('biz.contracts.importOrderGoods')}
                    </Button>
                  ) : null
                }
              />
            </Form.Item>
          </Section>
        ) : null}

        <Section title={t('biz.section.documents')}>
          <Form.Item
            name="documents"
            rules={[
              {
                validator: async (_, rows: DocumentRowValue[]) => {
                  const problem = documentRowsProblem(rows);
                  if (problem) throw new Error(t(`widgets.document.${problem}`));
                },
              },
            ]}
          >
            <DocumentUploadTable signType={signType} variant="large" />
          </Form.Item>
        </Section>
      </Form>
      {kind === 'sales' ? (
        <OrderGoodsPicker
          open={orderGoodsOpen}
          orderId={order?.kind === 'sales' ? order.id : null}
          onCancel={() => setOrderGoodsOpen(false)}
          onOk={(rows) => {
            setOrderGoodsOpen(false);
            const current: GoodsLineValue[] = form.getFieldValue('goods') ?? [];
            form.setFieldValue('goods', [...current, ...copyLines(rows)]);
            void form.validateFields(['goods']).catch(() => undefined);
          }}
        />
      ) : null}
    </PageShell>
  );
}

export function ContractCreatePage({ kind }: { kind: ContractKind }) {
  return <ContractForm kind={kind} contract={null} />;
}

export function ContractEditPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useContract(id);
  const paths = contractPaths(kind);
  return (
    <RecordLoader id={id} query={query} title={t(`biz.route.contract.${kind}.edit`)} backTo={paths.list}>
      {(c) =>
        c.contractType !== contractTypeOf(kind) ? (
          <WrongKind contract={c} page="edit" />
        ) : isEditable(c.status) ? (
          <ContractForm key={`${c.id}:${c.version}`} reload={query.refetch} kind={kind} contract={c} />
        ) : (
          <PageShell title={`${t(`biz.route.contract.${kind}.edit`)} ${c.code}`} tags={<StatusTag status={c.status} />} backTo={paths.list}>
            <Result
              status="info"
              title={t('biz.record.readOnly')}
              extra={
                <Button type="primary" onClick={() => navigate(paths.detail(c.id), { replace: true })}>
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
