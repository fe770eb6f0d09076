// The delivery-address book dialog (spec 2.3 item 1, 4 Address default flag, 7.1): a 600 px dialog with a
// 450 px paged table, the default flag, a set-default tag, an edit tag and the nested create/update dialog.
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Modal, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_DIALOG_WIDTH, ADDRESS_PAGE_SIZE, ADDRESS_TABLE_HEIGHT, type DeliveryAddress } from '@tfb/contract';
import { ApiError } from '../../lib/api-client';
import { readSessionUser } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { ADDRESS_LIST_KEY, addressPageQueryOptions, setDefaultAddress } from './address-book-api';
import { AddressFormDialog, type AddressFormMode } from './address-form-dialog';
import { useLogListError } from './list-errors';
import { tablePagination, type PageState } from './paging';

export type AddressBookDialogProps = {
  open: boolean;
  onCancel: () => void;
  /** Called with the chosen address when the user confirms. */
  onSelect: (address: DeliveryAddress) => void;
  /** The address the form currently holds, pre-selected when it is on the page shown. */
  selectedId?: number | null;
  title?: string;
};

export const formatAddress = (a: Pick<DeliveryAddress, 'province' | 'city' | 'area' | 'detailedAddress'>): string =>
  [a.province, a.city === '市辖区' || a.city === a.province ? '' : a.city, a.area, a.detailedAddress].filter(Boolean).join(' ');

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
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const enterpriseId = readSessionUser()?.enterpriseId;
  // Adding, editing and the default flag change the address book: only for holders of customers write.
  const canWrite = useCan('customers:write');
  const [page, setPage] = useState<PageState>({ pageNumber: 0, pageSize: ADDRESS_PAGE_SIZE });
  const [chosen, setChosen] = useState<DeliveryAddress | null>(null);
  // The form's record stays set while the dialog closes, so its title and fields do not change mid-animation.
  const [formState, setFormState] = useState<{ open: boolean; mode: AddressFormMode; address: DeliveryAddress | null }>({
    open: false,
    mode: 'create',
    address: null,
  });
  const openForm = (mode: AddressFormMode, address: DeliveryAddress | null) => setFormState({ open: true, mode, address });
  const closeForm = () => setFormState((s) => ({ ...s, open: false }));

  const list = useQuery(addressPageQueryOptions(page.pageNumber, enterpriseId, page.pageSize));
  useLogListError(list.error);
  const rows = list.data?.content ?? [];
  const chosenId = chosen?.id ?? selectedId;

  const setDefault = useMutation({
    mutationFn: (id: number) => setDefaultAddress(id),
    onSuccess: () => {
      void message.success(t('widgets.address.setDefaultSuccess'));
      void queryClient.invalidateQueries({ queryKey: ADDRESS_LIST_KEY });
    },
    onError: (err) => {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    },
  });

  const columns: TableColumnsType<DeliveryAddress> = [
    { title: t('widgets.address.contacts'), dataIndex: 'contacts', width: 84, ellipsis: true },
    { title: t('widgets.address.contactsPhone'), dataIndex: 'contactsPhone', width: 118 },
    {
      title: t('widgets.address.address'),
      key: 'address',
      render: (_, a) => (
        <span>
          {a.isDefault === 1 ? (
            <Tag color="blue" style={{ marginInlineEnd: 4 }}>
              {t('widgets.address.default')}
            </Tag>
          ) : null}
          {formatAddress(a)}
        </span>
      ),
    },
    {
      title: t('widgets.common.actions'),
      key: 'actions',
      width: 140,
      render: (_, a) => (
        <Flex gap={4} wrap onClick={(e) => e.stopPropagation()}>
          {a.isDefault === 1 || !canWrite ? null : (
            <Tag
              color="processing"
              role="button"
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              onClick={() => setDefault.mutate(a.id)}
              onKeyDown={(e) => (e.key === 'Enter' ? setDefault.mutate(a.id) : undefined)}
            >
              {t('widgets.address.setDefault')}
            </Tag>
          )}
          {canWrite ? (
            <Tag
              role="button"
              tabIndex={0}
              style={{ cursor: 'pointer' }}
              onClick={() => openForm('update', a)}
              onKeyDown={(e) => (e.key === 'Enter' ? openForm('update', a) : undefined)}
            >
              {t('widgets.common.edit')}
            </Tag>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <Table<DeliveryAddress>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching || setDefault.isPending}
        scroll={{ y: ADDRESS_TABLE_HEIGHT }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: chosenId != null ? [chosenId] : [],
          onChange: (_keys, selected) => setChosen(selected[0] ?? null),
        }}
        onRow={(a) => ({ onClick: () => setChosen(a), onDoubleClick: () => onSelect(a), style: { cursor: 'pointer' } })}
        pagination={tablePagination(t, page, list.data, setPage)}
        locale={{ emptyText: t('widgets.address.empty') }}
      />
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        {canWrite ? (
          <Button icon={<PlusOutlined />} onClick={() => openForm('create', null)}>
            {t('widgets.address.add')}
          </Button>
        ) : (
          <span />
        )}
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
      <AddressFormDialog
        open={formState.open}
        mode={formState.mode}
        address={formState.address}
        onCancel={closeForm}
        onSaved={(saved) => {
          closeForm();
          setChosen(saved);
        }}
      />
    </>
  );
}
