// Form controls of the contract form that choose a record in a shared picker: the project and the order (the
// delivery address is the shared AddressField). Each holds enough of the record to show it; the form sends only
// the id.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickField, PickedCode } from '../../../components/business/pick-field';
import { OrderPicker, type OrderKind } from '../../../components/widgets/pickers/order-picker';
import { ProjectPicker } from '../../../components/widgets/pickers/project-picker';

export type ProjectRef = { id: number; code: string; name?: string };

type ControlProps<V> = { value?: V | null; onChange?: (v: V | null) => void; id?: string; disabled?: boolean };

export function ProjectField({ value, onChange, id, disabled, contractType }: ControlProps<ProjectRef> & { contractType: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        disabled={disabled}
        placeholder={t('biz.contracts.projectPlaceholder')}
        display={value ? <PickedCode code={value.code} detail={value.name} /> : null}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      <ProjectPicker
        open={open}
        contractType={contractType}
        onCancel={() => setOpen(false)}
        onOk={(p) => {
          setOpen(false);
          onChange?.({ id: p.id, code: p.projectCode, name: p.projectName });
        }}
      />
    </>
  );
}

export type OrderRef = { kind: OrderKind; id: number; code: string; counterparty?: string };

export function OrderField({ value, onChange, id, disabled, kind }: ControlProps<OrderRef> & { kind: OrderKind }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        disabled={disabled}
        placeholder={t(`biz.contracts.orderPlaceholder_${kind}`)}
        display={value ? <PickedCode tag={t(`widgets.pickers.order.${value.kind}`)} code={value.code} detail={value.counterparty} /> : null}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      <OrderPicker
        open={open}
        kind={kind}
        onCancel={() => setOpen(false)}
        onOk={(row, picked) => {
          setOpen(false);
          onChange?.(
            'order_code' in row
              ? { kind: picked, id: row.id, code: row.order_code, counterparty: row.enterprise_name }
              : { kind: picked, id: row.id, code: row.purchase_order_code, counterparty: row.supplier_name },
          );
        }}
      />
    </>
  );
}
