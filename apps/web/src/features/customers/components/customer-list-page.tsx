// /customers/enterprises: the enterprises the signed-in enterprise trades with. Search (name, credit code, legal
// representative), a paged table, add / edit in a dialog, the detail in a drawer (contacts, bank accounts and the
// risk warnings naming the customer, each opening the company risk dialog the route table hands in), and delete,
// which the server refuses while a contract, order or project names the customer.
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { App, Button, Flex, Popconfirm, Typography, type TableColumnsType } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_PATHS, type CustomerDetail, type CustomerRow } from '@tfb/contract';
import { keywordOf, ListPage, useListState } from '../../../components/business/list-page';
import type { WarningDetailDialogProps } from '../../../components/warning-detail';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { getCustomer, useCustomers, useDeleteCustomer } from '../api/customers';
import { CustomerDetailDrawer } from './customer-detail-drawer';
import { CustomerFormDialog } from './customer-form-dialog';
import { regionText } from './region-text';
import './customers.css';

export type CustomerListPageProps = {
  /** The company risk dialog (the risk feature's), opened from a risk warning in the detail. */
  RiskDialog?: ComponentType<WarningDetailDialogProps>;
};

export function CustomerListPage({ RiskDialog }: CustomerListPageProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('customers:write');
  const list = useListState<{ search?: string }>({});
  const query = useCustomers({ ...list.page, search: list.filters.search });
  const remove = useDeleteCustomer();
  const [form, setForm] = useState<{ open: boolean; customer: CustomerDetail | null }>({ open: false, customer: null });
  const [detailId, setDetailId] = useState<number | null>(null);

  const edit = async (id: number) => {
    try {
      setForm({ open: true, customer: await getCustomer(id) });
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };
  const del = async (row: CustomerRow) => {
    try {
      await remove.mutateAsync(row.id);
      void message.success(t('customers.enterprises.deleted', { name: row.name }));
      if (detailId === row.id) setDetailId(null);
    } catch (err) {
      // The server names why (e.g. the count of business records naming the customer).
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };

  const columns: TableColumnsType<CustomerRow> = [
    {
      title: t('customers.enterprises.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) => (
        <Typography.Link onClick={() => setDetailId(r.id)} strong>
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('customers.enterprises.creditCode'),
      dataIndex: 'creditCode',
      width: 200,
      render: (v: string) => <Typography.Text className="customer-code">{v}</Typography.Text>,
    },
    { title: t('customers.enterprises.legalRepresentative'), dataIndex: 'legalRepresentative', width: 120, ellipsis: true },
    { title: t('customers.enterprises.region'), key: 'region', width: 200, ellipsis: true, render: (_, r) => regionText(r) || '—' },
    {
      title: t('customers.enterprises.mainContact'),
      key: 'contact',
      width: 200,
      render: (_, r) => (r.mainContact ? `${r.mainContact.name} ${r.mainContact.phone}` : '—'),
    },
    {
      title: t('widgets.common.actions'),
      key: 'actions',
      width: canWrite ? 250 : 90,
      fixed: 'right',
      render: (_, r) => (
        <Flex gap={0} wrap>
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => setDetailId(r.id)}>
            {t('customers.enterprises.view')}
          </Button>
          {canWrite ? (
            <>
              <Button type="link" size="small" icon={<EditOutlined />} onClick={() => void edit(r.id)}>
                {t('widgets.common.edit')}
              </Button>
              <Popconfirm
                title={t('customers.enterprises.deleteConfirm', { name: r.name })}
                okText={t('customers.enterprises.delete')}
                cancelText={t('widgets.common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => del(r)}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  {t('customers.enterprises.delete')}
                </Button>
              </Popconfirm>
            </>
          ) : null}
        </Flex>
      ),
    },
  ];

  return (
    <>
      <ListPage<CustomerRow, { keyword?: string }>
        title={t('route.customers.enterprises')}
        subtitle={t('customers.enterprises.subtitle')}
        createLabel={t('customers.enterprises.add')}
        {...(canWrite ? { onCreate: () => setForm({ open: true, customer: null }) } : {})}
        searchPlaceholder={t('customers.enterprises.searchPlaceholder')}
        statusFilter={false}
        exporter={{ list: CUSTOMER_PATHS.list, filter: list.filters }}
        onSearch={(v) => list.setFilters({ search: keywordOf(v.keyword) })}
        query={query}
        list={list}
        columns={columns}
        rowKey={(r) => r.id}
        scrollX={1100}
        entityName={t('customers.enterprises.entity')}
      />
      <CustomerFormDialog
        open={form.open}
        customer={form.customer}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={(saved) => {
          setForm((f) => ({ ...f, open: false }));
          setDetailId(saved.id);
        }}
      />
      <CustomerDetailDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        onEdit={canWrite ? (id) => void edit(id) : undefined}
        RiskDialog={RiskDialog}
      />
    </>
  );
}
