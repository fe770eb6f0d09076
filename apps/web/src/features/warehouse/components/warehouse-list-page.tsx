// The two regulated-warehouse list pages (spec 2.3 item 11, 6, 7.3): tab 1 in-storage notices, tab 2 delivery
// instructions. Switching tabs remounts the tab, which resets its paging and search and reloads it.
// - /warehouse/regulated (scope 'operator'): the enterprise's rows; actions only for the warehouse-operator
//   organisation;
// - /warehouse/external (scope 'warehouse'): the caller's own warehouse and enterprise (a supervisor's own delivery
//   instructions); actions for everyone there.
import { ExportOutlined, ImportOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Result, Skeleton, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAREHOUSE_PAGES, type WarehouseScope } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { useSessionUser } from '../../../lib/session';
import { useCan } from '../../../lib/use-can';
import { useWarehousePermissions } from '../api/get-warehouse-permissions';
import { InstructionPanel } from './instruction-panel';
import { NoticePanel } from './notice-panel';
import { showsWarehouseActions } from './warehouse-access';
import './warehouse.css';

type TabKey = 'notices' | 'instructions';

type ListTabsProps = {
  scope: WarehouseScope;
  canAct: boolean;
  warehouseId?: number;
  enterpriseId?: string;
  superviseId?: string;
};

function ListTabs(props: ListTabsProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('notices');
  return (
    <Tabs
      activeKey={tab}
      onChange={(k) => setTab(k as TabKey)}
      destroyOnHidden
      items={[
        { key: 'notices', label: t('supervision.warehouse.tabNotices'), children: <NoticePanel {...props} /> },
        { key: 'instructions', label: t('supervision.warehouse.tabInstructions'), children: <InstructionPanel {...props} /> },
      ]}
    />
  );
}

function OrderLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex gap={8}>
      <Button icon={<ImportOutlined />} onClick={() => navigate(WAREHOUSE_PAGES.inStorageOrders)}>
        {t('supervision.warehouse.inStorageOrders')}
      </Button>
      <Button icon={<ExportOutlined />} onClick={() => navigate(WAREHOUSE_PAGES.outboundOrders)}>
        {t('supervision.warehouse.outboundOrders')}
      </Button>
    </Flex>
  );
}

function PageCard({ titleKey, subtitleKey, children }: { titleKey: string; subtitleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card
      variant="borderless"
      className="page-card warehouse-page"
      title={
        <Flex vertical className="warehouse-page__title">
          <PageTitle>{t(titleKey)}</PageTitle>
          <Typography.Text type="secondary" className="warehouse-page__subtitle">
            {t(subtitleKey)}
          </Typography.Text>
        </Flex>
      }
      extra={<OrderLinks />}
    >
      {children}
    </Card>
  );
}

/** The first list: the enterprise's open notices and instructions. */
export function RegulatedWarehousePage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  // Print and create-order need warehouse write in the permission table, besides the list's own rule.
  const canAct = useCan('warehouse:write') && showsWarehouseActions('operator', user);
  return (
    <PageCard titleKey="supervision.warehouse.regulatedTitle" subtitleKey="supervision.warehouse.regulatedSubtitle">
      {!canAct && (
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          className="warehouse-page__notice"
          title={t('supervision.warehouse.operatorOnlyHint')}
        />
      )}
      <ListTabs scope="operator" canAct={canAct} />
    </PageCard>
  );
}

/** The second list: the caller's own warehouse; everyone there may act. */
export function WarehouseWorkPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const canWrite = useCan('warehouse:write');
  const permissions = useWarehousePermissions();
  const own = permissions.data?.warehouse;
  return (
    <PageCard titleKey="supervision.warehouse.externalTitle" subtitleKey="supervision.warehouse.externalSubtitle">
      {permissions.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !own || own.warehouseId === null || !user ? (
        <Result status="info" title={t('supervision.warehouse.noWarehouse')} subTitle={t('supervision.warehouse.noWarehouseHint')} />
      ) : (
        <>
          <Alert
            type="success"
            showIcon
            className="warehouse-page__notice"
            title={t('supervision.warehouse.ownWarehouse', { name: own.warehouseName ?? '' })}
            description={own.superviseId ? t('supervision.warehouse.supervisorHint') : undefined}
          />
          <ListTabs
            scope="warehouse"
            canAct={canWrite && showsWarehouseActions('warehouse', user)}
            warehouseId={own.warehouseId}
            enterpriseId={user.enterpriseId}
            superviseId={own.superviseId ?? undefined}
          />
        </>
      )}
    </PageCard>
  );
}
