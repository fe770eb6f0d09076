// One customer in a drawer: its registration facts, contacts, bank accounts and the risk warnings that name it
// (each opens the company risk dialog with the warning's records).
import { AlertOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Divider, Drawer, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_TYPE_TITLES, type CompanyRiskRecord, type CustomerBankAccount, type CustomerContact, type RiskType } from '@tfb/contract';
import { formatDateTime } from '../../../components/business/format';
import type { WarningDetailDialogProps, WarningRef } from '../../../components/warning-detail';
import { warningDetailProps } from '../../../components/warning-detail';
import { useCan } from '../../../lib/use-can';
import { useCustomer, useCustomerRisks } from '../api/customers';
import { regionText } from './region-text';

export type CustomerDetailDrawerProps = {
  id: number | null;
  onClose: () => void;
  onEdit?: ((id: number) => void) | undefined;
  RiskDialog?: ComponentType<WarningDetailDialogProps> | undefined;
};

export function CustomerDetailDrawer({ id, onClose, onEdit, RiskDialog }: CustomerDetailDrawerProps) {
  const { t } = useTranslation();
  const customer = useCustomer(id);
  const canReadRisk = useCan('risk:read');
  const c = customer.data;
  const risks = useCustomerRisks(c?.name, id !== null && canReadRisk);
  const [opened, setOpened] = useState<WarningRef | null>(null);
  // A search by name also finds companies whose names contain it: keep the customer's own.
  const warnings = (risks.data?.content ?? []).filter((r) => r.companyName === c?.name);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={c?.name ?? t('customers.enterprises.detailTitle')}
      extra={
        c && onEdit ? (
          <Button icon={<EditOutlined />} onClick={() => onEdit(c.id)}>
            {t('widgets.common.edit')}
          </Button>
        ) : null
      }
    >
      {customer.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !c ? (
        <Empty description={t('customers.enterprises.loadFailed')} />
      ) : (
        <Flex vertical gap={8}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'name', label: t('customers.enterprises.name'), children: c.name, span: 2 },
              {
                key: 'code',
                label: t('customers.enterprises.creditCode'),
                children: (
                  <Typography.Text copyable className="customer-code">
                    {c.creditCode}
                  </Typography.Text>
                ),
              },
              { key: 'legal', label: t('customers.enterprises.legalRepresentative'), children: c.legalRepresentative },
              { key: 'region', label: t('customers.enterprises.region'), children: regionText(c) || '—' },
              { key: 'address', label: t('customers.enterprises.detailedAddress'), children: c.detailedAddress || '—' },
              { key: 'remark', label: t('customers.enterprises.remark'), children: c.remark || '—', span: 2 },
              { key: 'created', label: t('biz.common.createTime'), children: formatDateTime(c.createTime) },
              { key: 'updated', label: t('biz.common.updateTime'), children: formatDateTime(c.updateTime) },
            ]}
          />
          <Divider titlePlacement="start" plain>
            {t('customers.enterprises.contacts')}
          </Divider>
          <Table<CustomerContact>
            size="small"
            rowKey={(r) => `${r.name}-${r.phone}`}
            pagination={false}
            dataSource={c.contacts}
            locale={{ emptyText: t('customers.enterprises.noContacts') }}
            columns={[
              { title: t('customers.enterprises.contactName'), dataIndex: 'name', width: 120 },
              { title: t('customers.enterprises.contactPhone'), dataIndex: 'phone', width: 150 },
              { title: t('customers.enterprises.contactPosition'), dataIndex: 'position', render: (v: string) => v || '—' },
              { title: t('customers.enterprises.contactEmail'), dataIndex: 'email', render: (v: string) => v || '—' },
            ]}
          />
          <Divider titlePlacement="start" plain>
            {t('customers.enterprises.bankAccounts')}
          </Divider>
          <Table<CustomerBankAccount>
            size="small"
            rowKey={(r) => r.accountNumber}
            pagination={false}
            dataSource={c.bankAccounts}
            locale={{ emptyText: t('customers.enterprises.noBankAccounts') }}
            columns={[
              { title: t('customers.enterprises.bankName'), dataIndex: 'bankName' },
              { title: t('customers.enterprises.accountName'), dataIndex: 'accountName' },
              {
                title: t('customers.enterprises.accountNumber'),
                dataIndex: 'accountNumber',
                render: (v: string) => <Typography.Text className="customer-code">{v}</Typography.Text>,
              },
            ]}
          />
          {canReadRisk ? (
            <>
              <Divider titlePlacement="start" plain>
                <Flex gap={6} align="center">
                  <AlertOutlined />
                  {t('customers.enterprises.riskWarnings')}
                </Flex>
              </Divider>
              <Table<CompanyRiskRecord>
                size="small"
                rowKey="id"
                loading={risks.isFetching}
                pagination={warnings.length > 10 ? { pageSize: 10, size: 'small' } : false}
                dataSource={warnings}
                locale={{ emptyText: t('customers.enterprises.noRiskWarnings') }}
                columns={[
                  {
                    title: t('supervision.risk.type'),
                    key: 'type',
                    width: 160,
                    render: (_, r) => (
                      <Tag color="volcano" variant="filled">
                        {t(`supervision.risk.types.t${r.riskType}`, { defaultValue: RISK_TYPE_TITLES[r.riskType as RiskType] })}
                      </Tag>
                    ),
                  },
                  { title: t('supervision.risk.warnRule'), dataIndex: 'warnRule' },
                  { title: t('supervision.risk.warnDate'), dataIndex: 'warnDate', width: 110 },
                  {
                    title: t('widgets.common.actions'),
                    key: 'actions',
                    width: 90,
                    render: (_, r) =>
                      RiskDialog ? (
                        <Button
                          type="link"
                          size="small"
                          icon={<EyeOutlined />}
                          onClick={() => setOpened({ warnDate: r.warnDate, warnRule: r.warnRule, companyName: r.companyName })}
                        >
                          {t('supervision.risk.view')}
                        </Button>
                      ) : null,
                  },
                ]}
              />
            </>
          ) : null}
        </Flex>
      )}
      {RiskDialog ? <RiskDialog {...warningDetailProps(opened, () => setOpened(null))} /> : null}
    </Drawer>
  );
}
