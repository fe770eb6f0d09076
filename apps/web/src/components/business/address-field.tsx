// The delivery address of a business form (contracts, sales and purchase orders): chosen in the address-book
// dialog, shown as contact, phone and full address. The form sends only its id. The book (its table, its form and
// the region data) loads when the dialog is first opened, not with every form.
import { Flex, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryAddress } from '@tfb/contract';
import type { AddressBookDialogProps } from '../widgets/address-book-dialog';
import { formatAddress } from '../widgets/format-address';
import { PickDialogField, type PickControlProps } from './pick-field';

const AddressBookDialog = lazy(() => import('../widgets/address-book-dialog').then((m) => ({ default: m.AddressBookDialog })));

/** The address-book dialog, loaded the first time it opens (and kept, so it closes with its animation). */
function AddressBookOnDemand(props: AddressBookDialogProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AddressBookDialog {...props} />
    </Suspense>
  ) : null;
}

export function AddressText({ address }: { address: DeliveryAddress }) {
  return (
    <Flex vertical className="biz-address">
      <span>
        <Typography.Text strong>{address.contacts}</Typography.Text>{' '}
        <Typography.Text type="secondary">{address.contactsPhone}</Typography.Text>
      </span>
      <span>{formatAddress(address)}</span>
    </Flex>
  );
}

/** An antd Form control whose value is the chosen address (or null). */
export function AddressField(props: PickControlProps<DeliveryAddress>) {
  const { t } = useTranslation();
  return (
    <PickDialogField
      {...props}
      placeholder={t('biz.contracts.addressPlaceholder')}
      buttonLabel={props.value ? t('biz.contracts.changeAddress') : t('biz.contracts.chooseAddress')}
      display={(address) => <AddressText address={address} />}
      dialog={({ choose, ...dialog }) => <AddressBookOnDemand {...dialog} selectedId={props.value?.id ?? null} onSelect={choose} />}
    />
  );
}
