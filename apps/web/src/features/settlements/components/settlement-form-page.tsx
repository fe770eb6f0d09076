// Create and edit a settlement: the settled contract chosen with the settlement contract picker (and its
// contract-type filter), "copy from a settlement" with the settlement picker, type, amount (held to what the
// contract still allows), date and remark. Labels, rules and messages are the contract's (SaveSettlementBodySchema).
import { CopyOutlined } from '@ant-design/icons';
import { App, Button, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveSettlementBodySchema, type SaveSettlementBody, type SettlementRow } from '@tfb/contract';
import { type PickedContract } from '../../../components/business/contract-pick-field';
import { ContractItem, useContractRecordForm } from '../../../components/business/contract-record-form';
import { FieldItem } from '../../../components/business/field-item';
import { ChoiceItem, DateItem, MoneyInput } from '../../../components/business/form-items';
import { dayOf, dayText } from '../../../components/business/format';
import { FormSection, RecordFormPage, recordFormPages, recordValues, type RecordFormProps } from '../../../components/business/record-form';
import { SettlePicker } from '../../../components/widgets/pickers/settle-picker';
import { SETTLEMENTS } from '../api/settlements';

type SettleType = 1 | 2;

type FormValues = { contract: PickedContract | null; type: SettleType; money: number | null; settleDate: Dayjs | null; remark: string };

const fields = SaveSettlementBodySchema.shape;

const contractOf = (s: SettlementRow): PickedContract | null =>
  s.contractId ? { id: s.contractId, code: s.contractCode, contractType: s.contractType, enterpriseName: s.enterpriseName } : null;

function SettlementForm(props: RecordFormProps<SettlementRow>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settlement = props.record;
  const { state, hint, rule } = useContractRecordForm<FormValues, SaveSettlementBody, SettlementRow>(
    SETTLEMENTS,
    props,
    'settlement',
    (v, contractId, status) => ({
      contractId,
      type: v.type,
      money: v.money ?? 0,
      settleDate: dayText(v.settleDate),
      remark: v.remark.trim(),
      status,
    }),
  );
  const { form } = state;
  const [copyOpen, setCopyOpen] = useState(false);

  return (
    <RecordFormPage
      state={state}
      title={settlement ? t('biz.settlements.editTitle', { code: settlement.settleCode }) : t('biz.settlements.createTitle')}
      extra={
        <Button icon={<CopyOutlined />} onClick={() => setCopyOpen(true)}>
          {t('biz.settlements.copyFrom')}
        </Button>
      }
      initialValues={{
        contract: settlement ? contractOf(settlement) : null,
        type: (settlement?.type as SettleType | undefined) ?? 1,
        ...recordValues(settlement, { money: null, remark: '' }),
        settleDate: dayOf(settlement?.settleDate),
      }}
      dialogs={
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
      }
    >
      <FormSection>
        <ContractItem span="full" field={fields.contractId} variant="courier" placeholder={t('biz.settlements.contractPlaceholder')} />
        <ChoiceItem span="third" name="type" field={fields.type} values={[1, 2]} textKey="biz.settlements.type" />
        <FieldItem span="third" name="money" field={fields.money} extra={hint} moreRules={[rule]} input={() => <MoneyInput />} />
        <DateItem span="third" name="settleDate" field={fields.settleDate} />
        <FieldItem
          span="full"
          name="remark"
          field={fields.remark}
          input={(maxLength) => <Input.TextArea maxLength={maxLength} showCount autoSize={{ minRows: 3, maxRows: 6 }} />}
        />
      </FormSection>
    </RecordFormPage>
  );
}

export const { CreatePage: SettlementCreatePage, EditPage: SettlementEditPage } = recordFormPages(SETTLEMENTS, SettlementForm, (t, s) =>
  t('biz.settlements.editTitle', { code: s?.settleCode ?? '' }),
);
