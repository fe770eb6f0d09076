// The two regulated-warehouse list pages (spec 2.3 item 11, 6, 7.3): tab 1 in-storage notices, tab 2 delivery
// instructions. Switching tabs remounts the tab, which resets its paging and search and reloads it.
// - /warehouse/regulated (scope 'operator'): the enterprise's rows; actions only for the warehouse-operator
//   organisation;
// - /warehouse/external (scope 'warehouse'): the caller's own warehouse and enterprise (a supervisor's own delivery
//   instructions); actions for everyone there.
import { ExportOutlined, ImportOutlined, InfoCircleOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Result, Skeleton, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WAREHOUSE_ACCESS, WAREHOUSE_DOCUMENT_KINDS, type WarehouseKindName } from '@tfb/contract';
import { ListCard } from '../../../components/business/page-shell';
import { useSessionUser } from '../../../lib/session';
import { useCan } from '../../../lib/use-can';
import { useWarehousePermissions } from '../api/get-warehouse-permissions';
import './warehouse.css';
import { SourcePanel, type SourcePanelProps } from './source-panel';

const ORDERS_ICON = { inStorage: <ImportOutlined />, outbound: <ExportOutlined /> } satisfies Record<WarehouseKindName, ReactNode>;

type ListTabsProps = Omit<SourcePanelProps, 'kind' | 'onCanOperate'> & {
  /** The first list says, above its tabs, who may act when the list's reply says the caller may not. */
  operatorHint?: boolean;
};

function ListTabs({ operatorHint, ...panel }: ListTabsProps) {
  const { t } = useTranslation();
  const canWrite = useCan(WAREHOUSE_ACCESS.write);
  const [tab, setTab] = useState<WarehouseKindName>(WAREHOUSE_DOCUMENT_KINDS[0].kind);
  const [canOperate, setCanOperate] = useState<boolean | null>(null);
  return (
    <>
      {operatorHint && canOperate !== null && !(canWrite && canOperate) && (
        <Alert
          type="info"
          showIcon
          icon={<InfoCircleOutlined />}
          className="warehouse-page__notice"
          title={t('supervision.warehouse.operatorOnlyHint')}
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as WarehouseKindName)}
        destroyOnHidden
        items={WAREHOUSE_DOCUMENT_KINDS.map((kind) => ({
          key: kind.kind,
          label: t(kind.labels.tab),
          children: <SourcePanel kind={kind} onCanOperate={setCanOperate} {...panel} />,
        }))}
      />
    </>
  );
}

function OrderLinks() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex gap={8}>
      {WAREHOUSE_DOCUMENT_KINDS.map((kind) => (
        <Button key={kind.kind} icon={ORDERS_ICON[kind.kind]} onClick={() => navigate(kind.order.listPage)}>
          {t(kind.labels.orders)}
        </Button>
      ))}
    </Flex>
  );
}

function PageCard({ titleKey, subtitleKey, children }: { titleKey: string; subtitleKey: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <ListCard title={t(titleKey)} subtitle={t(subtitleKey)} extra={<OrderLinks />}>
      {children}
    </ListCard>
  );
}

/** The first list: the enterprise's open notices and instructions; the server says whether the caller may act. */
export function RegulatedWarehousePage() {
  return (
    <PageCard titleKey="supervision.warehouse.regulatedTitle" subtitleKey="supervision.warehouse.regulatedSubtitle">
      <ListTabs scope="operator" operatorHint />
    </PageCard>
  );
}

/** The second list: the caller's own warehouse; everyone there may act. */
export function WarehouseWorkPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
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
            warehouseId={own.warehouseId}
            enterpriseId={user.enterpriseId}
            superviseId={own.superviseId ?? undefined}
          />
        </>
      )}
    </PageCard>
  );
}
