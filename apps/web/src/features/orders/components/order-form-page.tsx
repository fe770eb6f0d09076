// Create and edit a sales or purchase order: the counterparty, the financing need (sales) or payment order
// (purchase), the cycle in days, the amount, the delivery address (address book) and the goods lines chosen with
// the goods picker. Labels, rules and messages are the contract's (SaveSalesOrderBodySchema, SavePurchaseOrderBodySchema).
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_DAYS_MAX, type DeliveryAddress } from '@tfb/contract';
import { AddressField } from '../../../components/business/address-field';
import { RecordEditPage } from '../../../components/business/edit-gate';
import { FieldItem } from '../../../components/business/field-item';
import { AmountItem, ChoiceItem, GoodsLinesItem } from '../../../components/business/form-items';
import { linesForSave, linesFromServer, type GoodsLineValue } from '../../../components/business/goods-lines';
import { Section } from '../../../components/business/page-shell';
import { pickedId } from '../../../components/business/pick-field';
import { FormSection, RecordFormPage, recordValues, useRecordForm } from '../../../components/business/record-form';
import { ORDERS } from '../api/orders';
import { ORDER_FIELD_ALIASES, orderBody, type OrderBody, type OrderDetailView } from '../api/order-view';
import { ORDER_FORM_FIELDS, type OrderKind } from '../order-kinds';
import { CounterpartyInput } from '../../../components/business/counterparty-input';

type FormValues = {
  counterparty: string;
  flag: number;
  days: number | null;
  money: number | null;
  deliveryAddress: DeliveryAddress | null;
  goods: GoodsLineValue[];
};

function OrderForm({ kind, order, reload }: { kind: OrderKind; order: OrderDetailView | null; reload?: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const fields = ORDER_FORM_FIELDS[kind];
  const k = `biz.orders.${kind}`;
  const state = useRecordForm<FormValues, OrderBody, OrderDetailView>({
    kind: ORDERS[kind],
    record: order,
    reload,
    fieldAliases: ORDER_FIELD_ALIASES,
    toBody: (v, status) =>
      orderBody(kind, {
        counterparty: v.counterparty.trim(),
        flag: v.flag,
        days: v.days ?? 0,
        money: v.money ?? 0,
        deliveryAddressId: v.deliveryAddress?.id ?? null,
        status,
        goods: linesForSave(v.goods),
      }),
  });

  return (
    <RecordFormPage
      state={state}
      title={order ? t(`${k}.editTitle`, { code: order.code }) : t(`${k}.createTitle`)}
      initialValues={{
        ...recordValues(order, { counterparty: '', flag: 0, days: null, money: null, deliveryAddress: null }),
        goods: order ? linesFromServer(order.goods) : [],
      }}
    >
      <FormSection>
        <FieldItem span="third" name="counterparty" field={fields.counterparty} input={(max) => <CounterpartyInput maxLength={max} />} />
        <ChoiceItem span="third" name="flag" field={fields.flag} values={[0, 1]} textKey={`${k}.flag`} />
        <FieldItem
          span="third"
          name="days"
          field={fields.days}
          input={() => (
            <InputNumber<number> min={0} max={ORDER_DAYS_MAX} precision={0} style={{ width: '100%' }} suffix={t('biz.common.dayUnit')} />
          )}
        />
        <AmountItem span="third" field={fields.money} withGoodsTotal />
      </FormSection>
      <FormSection title={t('biz.section.links')}>
        <FieldItem span="wide" name="deliveryAddress" field={fields.deliveryAddress} toContract={pickedId} input={() => <AddressField />} />
      </FormSection>
      <Section title={t('biz.section.goods')}>
        <GoodsLinesItem />
      </Section>
    </RecordFormPage>
  );
}

export const OrderCreatePage = ({ kind }: { kind: OrderKind }) => <OrderForm kind={kind} order={null} />;

export function OrderEditPage({ kind }: { kind: OrderKind }) {
  const { t } = useTranslation();
  const title = (o: OrderDetailView | null) => t(`biz.orders.${kind}.editTitle`, { code: o?.code ?? '' });
  return (
    <RecordEditPage kind={ORDERS[kind]} title={title}>
      {(o, reload) => <OrderForm kind={kind} order={o} reload={reload} />}
    </RecordEditPage>
  );
}
