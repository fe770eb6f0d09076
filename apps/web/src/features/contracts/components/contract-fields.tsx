// Form controls of the contract form that choose a record in a shared picker: the project and the order (the
// delivery address is the shared AddressField). Each holds enough of the record to show it; the form sends only
// the id.
import { useTranslation } from 'react-i18next';
import { PickDialogField, PickedCode, type PickControlProps } from '../../../components/business/pick-field';
import { OrderPicker, type OrderKind } from '../../../components/widgets/pickers/order-picker';
import { ProjectPicker } from '../../../components/widgets/pickers/project-picker';

export type ProjectRef = { id: number; code: string; name?: string };

export function ProjectField({ contractType, ...control }: PickControlProps<ProjectRef> & { contractType: string }) {
  const { t } = useTranslation();
  return (
    <PickDialogField
      {...control}
      placeholder={t('biz.contracts.projectPlaceholder')}
      display={(v) => <PickedCode code={v.code} detail={v.name} />}
      dialog={({ choose, ...dialog }) => (
        <ProjectPicker
          {...dialog}
          contractType={contractType}
          onOk={(p) => choose({ id: p.id, code: p.projectCode, name: p.projectName })}
        />
      )}
    />
  );
}

export type OrderRef = { kind: OrderKind; id: number; code: string; counterparty?: string };

export function OrderField({ kind, ...control }: PickControlProps<OrderRef> & { kind: OrderKind }) {
  const { t } = useTranslation();
  return (
    <PickDialogField
      {...control}
      placeholder={t(`biz.contracts.orderPlaceholder_${kind}`)}
      display={(v) => <PickedCode tag={t(`widgets.pickers.order.${v.kind}`)} code={v.code} detail={v.counterparty} />}
      dialog={({ choose, ...dialog }) => (
        <OrderPicker
          {...dialog}
          kind={kind}
          onOk={(row, picked) =>
            choose(
              'order_code' in row
                ? { kind: picked, id: row.id, code: row.order_code, counterparty: row.enterprise_name }
                : { kind: picked, id: row.id, code: row.purchase_order_code, counterparty: row.supplier_name },
            )
          }
        />
      )}
    />
  );
}
