// The delivery-address book dialog (spec 2.3 item 1, 4 Address default flag, 7.1): a 600 px dialog with a
// 450 px paged table, the default flag, a set-default tag, an edit tag and the nested create/update dialog.
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_DIALOG_WIDTH, ADDRESS_PAGE_SIZE, ADDRESS_TABLE_HEIGHT, type DeliveryAddress } from '@tfb/contract';
import { AddressBookTable } from './address-book-table';

export type AddressBookDialogProps = {
  open: boolean;
  onCancel: () => void;
  /** Called with the chosen address when the user confirms. */
  onSelect: (address: DeliveryAddress) => void;
  /** The address the form currently holds, pre-selected when it is on the page shown. */
  selectedId?: number | null;
  title?: string;
};

/**
 * Chooses a delivery address of the signed-in enterprise. Addresses can be created and edited in a nested
 * dialog and one can be made the default; the list reloads after each change.
 */
export function AddressBookDialog({ open, onCancel, onSelect, selectedId, title }: AddressBookDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title ?? t('widgets.address.title')}
      width={ADDRESS_DIALOG_WIDTH}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
    >
      {open ? <AddressBookBody onCancel={onCancel} onSelect={onSelect} selectedId={selectedId ?? null} /> : null}
    </Modal>
  );
}

function AddressBookBody({
  onCancel,
  onSelect,
  selectedId,
}: {
  onCancel: () => void;
  onSelect: (a: DeliveryAddress) => void;
  selectedId: number | null;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<DeliveryAddress | null>(null);
  const chosenId = chosen?.id ?? selectedId;
  return (
    <AddressBookTable
      pageSize={ADDRESS_PAGE_SIZE}
      scrollY={ADDRESS_TABLE_HEIGHT}
      selection={{ chosenId, onChoose: setChosen, onPick: onSelect }}
      onSaved={setChosen}
    >
      {({ table, addButton, rows }) => (
        <>
          {table}
          <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
            {addButton ?? <span />}
            <Flex gap={8} align="center">
              {chosen ? (
                <Typography.Text type="secondary" ellipsis style={{ maxWidth: 200 }}>
                  {chosen.contacts}
                </Typography.Text>
              ) : null}
              <Button onClick={onCancel}>{t('widgets.common.cancel')}</Button>
              <Button
                type="primary"
                disabled={!chosen && !rows.some((r) => r.id === selectedId)}
                onClick={() => {
                  const pick = chosen ?? rows.find((r) => r.id === selectedId);
                  if (pick) onSelect(pick);
                }}
              >
                {t('widgets.common.ok')}
              </Button>
            </Flex>
          </Flex>
        </>
      )}
    </AddressBookTable>
  );
}
