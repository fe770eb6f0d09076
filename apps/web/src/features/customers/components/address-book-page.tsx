// /customers/addresses: the enterprise's delivery-address book as a page. It is the address book the forms' picker
// dialog opens (the same table, form and calls, from the shared widget), framed as a page: no picking, more rows.
import { EnvironmentOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '@tfb/contract';
import { IconCard } from '../../../components/business/icon-card';
import { PageTitle } from '../../../components/page-title';
import { AddressBookTable } from '../../../components/widgets';

export function AddressBookPage() {
  const { t } = useTranslation();
  return (
    <AddressBookTable pageSize={DEFAULT_PAGE_SIZE}>
      {({ table, addButton }) => (
        <IconCard
          className="page-card"
          icon={<EnvironmentOutlined />}
          title={<PageTitle>{t('route.customers.addresses')}</PageTitle>}
          extra={addButton}
        >
          <Flex vertical gap={8}>
            <Typography.Text type="secondary">{t('customers.addresses.explain')}</Typography.Text>
            {table}
          </Flex>
        </IconCard>
      )}
    </AddressBookTable>
  );
}
