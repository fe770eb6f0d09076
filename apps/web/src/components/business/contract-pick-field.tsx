// The contract a loan application or a settlement is made on, chosen in the contract picker (contracts only: the
// picker's order entries are orders, which are neither financed nor settled). The form keeps enough of the
// contract to show it and sends its id.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPE_KEYS, contractTypeSuffix, type ContractTypeKey } from '@tfb/contract';
import { ContractPicker, useContractTypeLabel, type ContractPickerVariant } from '../widgets/pickers/contract-picker';
import { formatMoney } from './format';
import { PickDialogField, PickedCode, type PickControlProps } from './pick-field';

/** The order types (sales and purchase orders) among the contract types. */
const ORDER_SUFFIXES: readonly string[] = ['XSDD', 'CGDD'];
const CONTRACT_TYPES: readonly ContractTypeKey[] = CONTRACT_TYPE_KEYS.filter((k) => !ORDER_SUFFIXES.includes(contractTypeSuffix(k)));

export type PickedContract = { id: number; code: string; enterpriseName: string; contractType?: string; money?: number };

export type ContractPickFieldProps = PickControlProps<PickedContract> & {
  variant: Extract<ContractPickerVariant, 'fund' | 'courier'>;
  placeholder: string;
  /** Keep and show the contract's amount (a loan application is held to it). */
  withMoney?: boolean;
};

export function ContractPickField({ variant, placeholder, withMoney = false, ...control }: ContractPickFieldProps) {
  const { t } = useTranslation();
  const typeLabel = useContractTypeLabel();
  return (
    <PickDialogField
      {...control}
      placeholder={placeholder}
      display={(v) => (
        <PickedCode tag={v.contractType ? typeLabel(v.contractType) : null} code={v.code} detail={v.enterpriseName}>
          {withMoney && v.money !== undefined ? (
            <Typography.Text className="biz-num">
              {formatMoney(v.money)} {t('biz.common.yuan')}
            </Typography.Text>
          ) : null}
        </PickedCode>
      )}
      dialog={({ choose, ...dialog }) => (
        <ContractPicker
          {...dialog}
          variant={variant}
          contractTypes={CONTRACT_TYPES}
          onOk={(c) => {
            const picked = { id: c.id, code: c.code, enterpriseName: c.enterpriseName, contractType: c.contractType || c.type };
            choose(withMoney ? { ...picked, money: c.money } : picked);
          }}
        />
      )}
    />
  );
}
