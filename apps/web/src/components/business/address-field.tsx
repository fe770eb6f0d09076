// The delivery address of a business form (contracts, sales and purchase orders): chosen in the address-book
// dialog, shown as contact, phone and full address. The form sends only its id.
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryAddress } from '@tfb/contract';
import { AddressBookDialog, formatAddress } from '../widgets/address-book-dialog';
import { PickField } from './pick-field';

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

type AddressFieldProps = {
  value?: DeliveryAddress | null;
  onChange?: (v: DeliveryAddress | null) => void;
  id?: string;
  disabled?: boolean;
};

/** An antd Form control whose value is the chosen address (or null). */
export function AddressField({ value, onChange, id, disabled }: AddressFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickField
        id={id}
        disabled={disabled}
        placeholder={t('biz.contracts.addressPlaceholder')}
        buttonLabel={value ? t('biz.contracts.changeAddress') : t('biz.contracts.chooseAddress')}
        display={value ? <AddressText address={value} /> : null}
        onOpen={() => setOpen(true)}
        onClear={() => onChange?.(null)}
      />
      <AddressBookDialog
        open={open}
        selectedId={value?.id ?? null}
        onCancel={() => setOpen(false)}
        onSelect={(a) => {
          setOpen(false);
          onChange?.(a);
        }}
      />
    </>
  );
}
