// The 变更记录 (change history) of a record: who changed it, when, how (created, edited, submitted, approved …)
// and each field's old and new value, labelled in the user's language. DetailTabs puts a detail page's sections
// under a 详情 tab and the history under a second one.
import { Alert, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTRACT_TYPE_NAMES,
  DEFAULT_PAGE_SIZE,
  contractTypeSuffix,
  type AuditAction,
  type AuditChange,
  type AuditEntity,
  type AuditEntry,
  type AuditValue,
} from '@tfb/contract';
import { formatDateTime } from './format';
import { useAuditTrail } from './get-audit-trail';

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  submit: 'processing',
  approve: 'success',
  reject: 'error',
  setDefault: 'gold',
  unsetDefault: 'default',
};

/** Coded values shown by their names, as on the record's own screens (the key depends on the record kind). */
const CODED: Partial<Record<AuditEntity, Record<string, (v: string) => string>>> = {
  contract: { signType: (v) => `biz.contracts.signType_${v}` },
  salesOrder: { moneyDemand: (v) => `biz.orders.sales.flag_${v}` },
  purchaseOrder: { isPrecondition: (v) => `biz.orders.purchase.flag_${v}` },
  project: { type: (v) => `biz.projects.type_${v}` },
  settlement: { type: (v) => `biz.settlements.type_${v}` },
};

function ChangeValue({ entity, field, value }: { entity: AuditEntity; field: string; value: AuditValue }) {
  const { t } = useTranslation();
  if (value === null || value === '') return <Typography.Text type="secondary">{t('audit.emptyValue')}</Typography.Text>;
  const v = String(value);
  if (field === 'status') return <>{t(`biz.status.${v}`, { defaultValue: v })}</>;
  const suffix = contractTypeSuffix(v);
  if (field === 'contractType' && Object.hasOwn(CONTRACT_TYPE_NAMES, suffix))
    return <>{CONTRACT_TYPE_NAMES[suffix as keyof typeof CONTRACT_TYPE_NAMES]}</>;
  const key = CODED[entity]?.[field];
  return <>{key ? t(key(v), { defaultValue: v }) : v}</>;
}

function Changes({ entity, diff }: { entity: AuditEntity; diff: AuditChange[] }) {
  const { t } = useTranslation();
  if (diff.length === 0) return <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>;
  return (
    <ul className="biz-audit__changes">
      {diff.map((c) => (
        <li key={c.field}>
          <Typography.Text strong>{t(`audit.fields.${c.field}`, { defaultValue: c.field })}</Typography.Text>
          {'：'}
          <ChangeValue entity={entity} field={c.field} value={c.from} />
          {' → '}
          <ChangeValue entity={entity} field={c.field} value={c.to} />
        </li>
      ))}
    </ul>
  );
}

export function AuditTrail({ entity, id }: { entity: AuditEntity; id: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNumber: 0, pageSize: DEFAULT_PAGE_SIZE });
  const query = useAuditTrail({ entity, id, ...page });
  const columns: TableColumnsType<AuditEntry> = [
    { title: t('audit.time'), dataIndex: 'createTime', width: 150, render: (v: string) => formatDateTime(v) },
    { title: t('audit.user'), dataIndex: 'userName', width: 120 },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      width: 120,
      render: (a: AuditAction) => (
        <Tag bordered={false} color={ACTION_COLORS[a]}>
          {t(`audit.actions.${a}`)}
        </Tag>
      ),
    },
    { title: t('audit.changes'), dataIndex: 'diff', render: (d: AuditChange[]) => <Changes entity={entity} diff={d} /> },
  ];
  if (query.error) return <Alert type="error" showIcon message={t('audit.loadFailed')} description={query.error.message} />;
  return (
    <Table<AuditEntry>
      size="small"
      rowKey="id"
      className="biz-audit"
      columns={columns}
      dataSource={query.data?.content ?? []}
      loading={query.isFetching}
      locale={{ emptyText: t('audit.empty') }}
      scroll={{ x: 720 }}
      pagination={{
        current: page.pageNumber + 1,
        pageSize: page.pageSize,
        total: query.data?.totalElements ?? 0,
        showSizeChanger: true,
        hideOnSinglePage: true,
        onChange: (current, pageSize) => setPage({ pageNumber: pageSize === page.pageSize ? current - 1 : 0, pageSize }),
      }}
    />
  );
}

/** A detail page's body: the record under 详情, its change history under 变更记录 (loaded when first opened). */
export function DetailTabs({ entity, id, children }: { entity: AuditEntity; id: number; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Tabs
      className="biz-detail-tabs"
      destroyOnHidden
      items={[
        { key: 'detail', label: t('audit.tabDetail'), children },
        { key: 'history', label: t('audit.tabHistory'), children: <AuditTrail entity={entity} id={id} /> },
      ]}
    />
  );
}
