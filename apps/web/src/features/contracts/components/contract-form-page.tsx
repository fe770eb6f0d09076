// Create and edit a contract of one type. Purchase and sales contracts carry goods lines (goods picker, or
// for a sales contract the lines of its sales order), the order (order picker), the delivery address
// (address book); every type has its project (project picker: type 1 for purchase contracts, else 2) and its
// documents (document table; the contract form's table is the first upload table: 200 MB).
import { ImportOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveContractBodySchema, type ContractDetail, type DeliveryAddress, type SaveContractBody } from '@tfb/contract';
import { AddressField } from '../../../components/business/address-field';
import { RecordEditPage } from '../../../components/business/edit-gate';
import { FieldItem } from '../../../components/business/field-item';
import { AmountItem, ChoiceItem, DateItem, DocumentsItem, GoodsLinesItem } from '../../../components/business/form-items';
import { DATE_FORMAT, dayText } from '../../../components/business/format';
import { copyLines, linesForSave, linesFromServer, type GoodsLineValue } from '../../../components/business/goods-lines';
import { Section } from '../../../components/business/page-shell';
import { pickedId } from '../../../components/business/pick-field';
import { FormSection, RecordFormPage, recordValues, useRecordForm } from '../../../components/business/record-form';
import { documentRowsForSave, type DocumentRowValue } from '../../../components/widgets/document-upload-table';
import { OrderGoodsPicker } from '../../../components/widgets/pickers/order-goods-picker';
import { contractRecords } from '../api/contracts';
import { contractTypeOf, isTradeKind, type ContractKind } from '../contract-kinds';
import { OrderField, ProjectField, type OrderRef, type ProjectRef } from './contract-fields';
import { elsewhere } from './contract-detail-page';
import { CounterpartyInput } from '../../../components/business/counterparty-input';

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
  ...recordValues(c, {
    contractName: '',
    contractRelevanceCode: '',
    enterpriseName: '',
    money: null,
    signType: 0,
    deliveryAddress: null,
    documents: [],
  }),
  signDate: c?.signDate ? dayjs(c.signDate, DATE_FORMAT) : null,
  project: c?.projectId ? { id: c.projectId, code: c.projectCode ?? String(c.projectId) } : null,
  order: c?.salesOrderId
    ? { kind: 'sales', id: c.salesOrderId, code: c.salesOrderCode ?? String(c.salesOrderId) }
    : c?.purchaseOrderId
      ? { kind: 'purchase', id: c.purchaseOrderId, code: c.purchaseOrderCode ?? String(c.purchaseOrderId) }
      : null,
  goods: c ? linesFromServer(c.goods) : [],
});

const fields = SaveContractBodySchema.shape;

function ContractForm({
  kind,
  contract,
  reload,
}: {
  kind: ContractKind;
  contract: ContractDetail | null;
  reload?: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [orderGoodsOpen, setOrderGoodsOpen] = useState(false);
  const contractType = contractTypeOf(kind);
  const trade = isTradeKind(kind);
  const state = useRecordForm<FormValues, SaveContractBody, ContractDetail>({
    kind: contractRecords(kind),
    record: contract,
    reload,
    fieldAliases: { projectId: 'project', salesOrderId: 'order', purchaseOrderId: 'order', deliveryAddressId: 'deliveryAddress' },
    toBody: (v, status) => ({
      contractType,
      contractName: v.contractName.trim(),
      contractRelevanceCode: v.contractRelevanceCode.trim(),
      enterpriseName: v.enterpriseName.trim(),
      money: v.money ?? 0,
      signType: v.signType,
      signDate: dayText(v.signDate),
      projectId: v.project?.id ?? null,
      salesOrderId: trade && v.order?.kind === 'sales' ? v.order.id : null,
      purchaseOrderId: trade && v.order?.kind === 'purchase' ? v.order.id : null,
      deliveryAddressId: trade ? (v.deliveryAddress?.id ?? null) : null,
      status,
      goods: trade ? linesForSave(v.goods) : [],
      documents: documentRowsForSave(v.documents),
    }),
  });
  const { form } = state;
  const signType = Form.useWatch('signType', form) ?? 0;
  const order = Form.useWatch('order', form);
  const orderKind = kind === 'sales' ? 'sales' : 'purchase';

  return (
    <RecordFormPage
      state={state}
      title={contract ? `${t(`biz.route.contract.${kind}.edit`)} ${contract.code}` : t(`biz.route.contract.${kind}.add`)}
      initialValues={initialValues(contract)}
      dialogs={
        kind === 'sales' ? (
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
        ) : null
      }
    >
      <FormSection>
        <FieldItem
          span="third"
          name="contractName"
          field={fields.contractName}
          input={(maxLength) => <Input maxLength={maxLength} placeholder={t('biz.contracts.contractNamePlaceholder')} />}
        />
        <FieldItem
          span="third"
          name="contractRelevanceCode"
          field={fields.contractRelevanceCode}
          tooltip={t('biz.contracts.contractRelevanceCodeHint')}
        />
        <FieldItem
          span="third"
          name="enterpriseName"
          field={fields.enterpriseName}
          input={(max) => <CounterpartyInput maxLength={max} />}
          label={t(`biz.contracts.counterparty_${kind === 'purchase' ? 'purchase' : kind === 'sales' ? 'sales' : 'other'}`)}
        />
        <AmountItem span="third" field={fields.money} withGoodsTotal={trade} />
        <DateItem span="third" name="signDate" field={fields.signDate} />
        <ChoiceItem
          span="third"
          name="signType"
          field={fields.signType}
          tooltip={t('biz.contracts.signTypeHint')}
          values={[0, 1]}
          textKey="biz.contracts.signType"
        />
      </FormSection>

      <FormSection title={t('biz.section.links')}>
        <FieldItem
          span="wide"
          name="project"
          field={fields.projectId}
          toContract={pickedId}
          input={() => <ProjectField contractType={contractType} />}
        />
        {trade ? (
          <FieldItem
            span="wide"
            name="order"
            field={orderKind === 'sales' ? fields.salesOrderId : fields.purchaseOrderId}
            toContract={pickedId}
            input={() => <OrderField kind={orderKind} />}
          />
        ) : null}
        {trade ? (
          <FieldItem
            span="wide"
            name="deliveryAddress"
            field={fields.deliveryAddressId}
            toContract={pickedId}
            input={() => <AddressField />}
          />
        ) : null}
      </FormSection>

      {trade ? (
        <Section title={t('biz.section.goods')}>
          <GoodsLinesItem
            extraActions={
              kind === 'sales' ? (
                <Button
                  icon={<ImportOutlined />}
                  disabled={order?.kind !== 'sales'}
                  title={order ? undefined : t('biz.contracts.importNeedsOrder')}
                  onClick={() => setOrderGoodsOpen(true)}
                >
                  {t('biz.contracts.importOrderGoods')}
                </Button>
              ) : null
            }
          />
        </Section>
      ) : null}

      <Section title={t('biz.section.documents')}>
        <DocumentsItem signType={signType} />
      </Section>
    </RecordFormPage>
  );
}

export const ContractCreatePage = ({ kind }: { kind: ContractKind }) => <ContractForm kind={kind} contract={null} />;

export function ContractEditPage({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const title = (c: ContractDetail | null) =>
    c ? `${t(`biz.route.contract.${kind}.edit`)} ${c.code}` : t(`biz.route.contract.${kind}.edit`);
  return (
    <RecordEditPage kind={contractRecords(kind)} title={title} elsewhere={elsewhere(kind, 'edit')}>
      {(c, reload) => <ContractForm kind={kind} contract={c} reload={reload} />}
    </RecordEditPage>
  );
}
