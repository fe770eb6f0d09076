// The delivery-address book itself: the paged table of the enterprise's addresses with the default flag, the
// set-default and edit tags, the add button and the nested create/update dialog. The picker dialog (spec 2.3
// item 1) and the /customers/addresses page both render this one component; each lays out its own frame.
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type DeliveryAddress } from '@tfb/contract';
import { ApiError } from '../../lib/api-client';
import { readSessionUser } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { ADDRESS_LIST_KEY, addressPageQueryOptions, setDefaultAddress } from './address-book-api';
import { AddressFormDialog, type AddressFormMode } from './address-form-dialog';
import { formatAddress } from './format-address';
import { useLogListError } from './list-errors';
import { tablePagination, type PageState } from './paging';

export type AddressBookTableParts = {
  /** The table and the nested form dialog. */
  table: ReactNode;
  /** The add button, or null for a caller without customers:write. */
  addButton: ReactNode | null;
  /** The rows of the page shown. */
  rows: DeliveryAddress[];
};

export type AddressBookTableProps = {
  pageSize: number;
  /** The table body's height (a scrolling body); none for a page that grows with its rows. */
  scrollY?: number;
  /** Picking: a radio column, a click chooses, a double click picks. Without it the table only manages the book. */
  selection?: { chosenId: number | null; onChoose: (a: DeliveryAddress) => void; onPick: (a: DeliveryAddress) => void };
  /** Called with the address a create or update saved. */
  onSaved?: (a: DeliveryAddress) => void;
  /** Lays out the parts (the dialog puts the add button under the table, the page in its header). */
  children: (parts: AddressBookTableParts) => ReactNode;
};

export function AddressBookTable({ pageSize, scrollY, selection, onSaved, children }: AddressBookTableProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const enterpriseId = readSessionUser()?.enterpriseId;
  // Adding, editing and the default flag change the address book: only for holders of customers write.
  const canWrite = useCan('customers:write');
  const [page, setPage] = useState<PageState>({ pageNumber: 0, pageSize });
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

  const table = (
    <>
      <Table<DeliveryAddress>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching || setDefault.isPending}
        {...(scrollY ? { scroll: { y: scrollY } } : {})}
        {...(selection
          ? {
              rowSelection: {
                type: 'radio' as const,
                selectedRowKeys: selection.chosenId != null ? [selection.chosenId] : [],
                onChange: (_keys: unknown, selected: DeliveryAddress[]) => {
                  if (selected[0]) selection.onChoose(selected[0]);
                },
              },
              onRow: (a: DeliveryAddress) => ({
                onClick: () => selection.onChoose(a),
                onDoubleClick: () => selection.onPick(a),
                style: { cursor: 'pointer' },
              }),
            }
          : {})}
        pagination={tablePagination(t, page, list.data, setPage)}
        locale={{ emptyText: t('widgets.address.empty') }}
      />
      <AddressFormDialog
        open={formState.open}
        mode={formState.mode}
        address={formState.address}
        onCancel={closeForm}
        onSaved={(saved) => {
          closeForm();
          onSaved?.(saved);
        }}
      />
    </>
  );
  const addButton = canWrite ? (
    <Button icon={<PlusOutlined />} onClick={() => openForm('create', null)}>
      {t('widgets.address.add')}
    </Button>
  ) : null;
  return <>{children({ table, addButton, rows })}</>;
}
