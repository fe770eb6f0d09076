// The delivery address of a business form (contracts, sales and purchase orders): chosen in the address-book
// dialog, shown as contact, phone and full address. The form sends only its id.
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DeliveryAddress } from '@tfb/contract';
import { AddressBookDialog, formatAddress } from '../widgets/address-book-dialog';
import { PickDialogField, type PickControlProps } from './pick-field';

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
      dialog={({ choose, ...dialog }) => <AddressBookDialog {...dialog} selectedId={props.value?.id ?? null} onSelect={choose} />}
    />
  );
}
