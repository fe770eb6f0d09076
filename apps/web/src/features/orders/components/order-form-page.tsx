// Create and edit a sales or purchase order: the counterparty, the financing need (sales) or payment order
// (purchase), the cycle in days, the amount, the delivery address (address book) and the goods lines chosen with
// the goods picker.
import { App, Button, Col, Form, Input, InputNumber, Radio, Result, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MESSAGES, MONEY_MAX, SaveSalesOrderBodySchema, type BusinessStatus, type DeliveryAddress } from '@tfb/contract';
import { schemaRule } from '../../../lib/form-rules';
import { AddressField } from '../../../components/business/address-field';
import { FormActions } from '../../../components/business/form-actions';
import { GoodsLinesField } from '../../../components/business/goods-lines-field';
import { goodsLinesProblem, linesForSave, linesFromServer, linesTotal, type GoodsLineValue } from '../../../components/business/goods-lines';
import { PageShell, RecordLoader, Section } from '../../../components/business/page-shell';
import { showSaveError } from '../../../components/business/save-error';
import { refOf, useStaleVersion } from '../../../components/business/stale-version';
import { StatusTag, isEditable } from '../../../components/business/status-tag';
import { useIdParam } from '../../../components/business/use-id-param';
import { useOrder } from '../api/get-order';
import type { OrderDetailView } from '../api/order-view';
import { useSaveOrder } from '../api/save-order';
import { orderPaths, type OrderKind } from '../order-kinds';

type FormValues = {
  counterparty: string;
  flag: number;
  days: number | null;
  money: number | null;
  deliveryAddress: DeliveryAddress | null;
  goods: GoodsLineValue[];
};

const FIELD_ALIASES = {
  enterpriseName: 'counterparty',
  supplierName: 'counterparty',
  moneyDemand: 'flag',
  isPrecondition: 'flag',
  salesDate: 'days',
  purchaseDate: 'days',
  deliveryAddressId: 'deliveryAddress',
};

function OrderForm({ kind, order, reload }: { kind: OrderKind; order: OrderDetailView | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveOrder();
  const stale = useStaleVersion(reload ?? (() => Promise.resolve()));
  const [saving, setSaving] = useState<BusinessStatus | null>(null);
  const paths = orderPaths(kind);
  const k = `biz.orders.${kind}`;

  const onSave = async (status: BusinessStatus) => {
    let v: FormValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setSaving(status);
    try {
      const saved = await save.mutateAsync({
        kind,
        ...refOf(order),
        input: {
          counterparty: v.counterparty.trim(),
          flag: v.flag,
          days: v.days ?? 0,
          money: v.money ?? 0,
          deliveryAddressId: v.deliveryAddress?.id ?? null,
          status,
          goods: linesForSave(v.goods),
        },
      });
      void message.success(order ? MESSAGES.editSuccess : MESSAGES.addSuccess);
      navigate(paths.detail(saved.id), { replace: true });
    } catch (err) {
      if (!stale.caught(err)) showSaveError(err, form, message, FIELD_ALIASES);
    } finally {
      setSaving(null);
    }
  };

  return (
    <PageShell
      title={order ? t(`${k}.editTitle`, { code: order.code }) : t(`${k}.createTitle`)}
      tags={order ? <StatusTag status={order.status} /> : null}
      backTo={order ? paths.detail(order.id) : paths.list}
      footer={<FormActions saving={saving} onCancel={() => navigate(order ? paths.detail(order.id) : paths.list)} onSave={(s) => void onSave(s)} />}
    >
      {stale.alert}
      <Form<FormValues>
        form={form}
        layout="vertical"
        scrollToFirstError
        initialValues={{
          counterparty: order?.counterparty ?? '',
          flag: order?.flag ?? 0,
          days: order?.days ?? null,
          money: order?.money ?? null,
          deliveryAddress: order?.deliveryAddress ?? null,
          goods: order ? linesFromServer(order.goods) : [],
        }}
      >
        <Section title={t('biz.section.basic')}>
          <Row gutter={24}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="counterparty" label={t(`${k}.counterparty`)} rules={[{ required: true, whitespace: true, message: t(`${k}.counterpartyRequired`) }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="flag" label={t(`${k}.flag`)}>
                <Radio.Group
                  optionType="button"
                  options={[0, 1].map((v) => ({ value: v, label: t(`${k}.flag_${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="days" label={t(`${k}.days`)} rules={[{ required: true, message: t(`${k}.daysRequired`) }]}>
                <InputNumber<number> min={0} max={36500} precision={0} style={{ width: '100%' }} suffix={t('biz.common.dayUnit')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item
                label={t('biz.orders.money')}
                // The label names the amount input (the inner item carries the field, hence its id).
                htmlFor="money"
                required
                extra={
                  <Button type="link" size="small" className="biz-link-inline" onClick={() => form.setFieldValue('money', linesTotal(form.getFieldValue('goods')).amount)}>
                    {t('biz.contracts.useGoodsTotal')}
                  </Button>
                }
              >
                <Form.Item
                  name="money"
                  noStyle
                  rules={[{ required: true, message: t('biz.contracts.moneyRequired') }, schemaRule(SaveSalesOrderBodySchema.shape.money)]}
                >
                  <InputNumber<number> min={0} max={MONEY_MAX} precision={2} style={{ width: '100%' }} suffix={t('biz.common.yuan')} />
                </Form.Item>
              </Form.Item>
            </Col>
          </Row>
        </Section>
        <Section title={t('biz.section.links')}>
          <Row gutter={24}>
            <Col xs={24} xl={12}>
              <Form.Item name="deliveryAddress" label={t('biz.contracts.deliveryAddress')}>
                <AddressField />
              </Form.Item>
            </Col>
          </Row>
        </Section>
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
            <GoodsLinesField />
          </Form.Item>
        </Section>
      </Form>
    </PageShell>
  );
}

export function OrderCreatePage({ kind }: { kind: OrderKind }) {
  return <OrderForm kind={kind} order={null} />;
}

export function OrderEditPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useIdParam();
  const query = useOrder(kind, id);
  const paths = orderPaths(kind);
  const k = `biz.orders.${kind}`;
  return (
    <RecordLoader id={id} query={query} title={t(`${k}.editTitle`, { code: '' })} backTo={paths.list}>
      {(o) =>
        isEditable(o.status) ? (
          <OrderForm key={`${o.id}:${o.version}`} reload={query.refetch} kind={kind} order={o} />
        ) : (
          <PageShell title={t(`${k}.editTitle`, { code: o.code })} tags={<StatusTag status={o.status} />} backTo={paths.list}>
            <Result
              status="info"
              title={t('biz.record.readOnly')}
              extra={
                <Button type="primary" onClick={() => navigate(paths.detail(o.id), { replace: true })}>
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
