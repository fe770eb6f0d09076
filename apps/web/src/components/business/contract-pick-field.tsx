// The contract a loan application or a settlement is made on, chosen in the contract picker (contracts only: the
// picker's order entries are orders, which are neither financed nor settled). The form keeps enough of the
// contract to show it and sends its id.
import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPE_KEYS, contractTypeSuffix, type ContractTypeKey } from '@tfb/contract';
import { ContractPicker, useContractTypeLabel, type ContractPickerVariant } from '../widgets/pickers/contract-picker';
import { formatMoney } from './format';
import { PickField, PickedCode } from './pick-field';

/** The order types (sales and purchase orders) among the contract types. */
const ORDER_SUFFIXES: readonly string[] = ['XSDD', 'CGDD'];
const CONTRACT_TYPES: readonly ContractTypeKey[] = CONTRACT_TYPE_KEYS.filter((k) => !ORDER_SUFFIXES.includes(contractTypeSuffix(k)));

export type PickedContract = { id: number; code: string; enterpriseName: string; contractType?: string; money?: number };

export type ContractPickFieldProps = {
  value?: PickedContract | null;
  onChange?: (v: PickedContract | null) => void;
  id?: string;
  variant: Extract<ContractPickerVariant, 'fund' | 'courier'>;
  placeholder: string;
  /** Keep and show the contract's amount (a loan application is held to it). */
  withMoney?: boolean;
};

export function ContractPickField({ value, onChange, id, variant, placeholder, withMoney = false }: ContractPickFieldProps) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        placeholder={placeholder}
        display={
          value ? (
            <PickedCode tag={value.contractType ? typeLabel(value.contractType) : null} code={value.code} detail={value.enterpriseName}>
              {withMoney && value.money !== undefined ? (
                <Typography.Text className="biz-num">
                  {formatMoney(value.money)} {t('biz.common.yuan')}
                </Typography.Text>
              ) : null}
            </PickedCode>
          ) : null
        }
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      <ContractPicker
        open={open}
        variant={variant}
        contractTypes={CONTRACT_TYPES}
        onCancel={() => setOpen(false)}
        onOk={(c) => {
          setOpen(false);
          const picked = { id: c.id, code: c.code, enterpriseName: c.enterpriseName, contractType: c.contractType || c.type };
          onChange?.(withMoney ? { ...picked, money: c.money } : picked);
        }}
      />
    </>
  );
}
