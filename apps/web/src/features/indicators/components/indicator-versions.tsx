// An indicator's version history: each version with who and when, what it did (created, changed, restored) and the
// fields it changed (before → after, in words); restoring one makes it the current state as a new version.
import { HistoryOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Empty, Flex, Popconfirm, Skeleton, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IndicatorChange, IndicatorOwner, MeasureUnit } from '@tfb/contract';
import { formatDateTime } from '../../../components/business/format';
import { ApiError } from '../../../lib/api-client';
import { contractMessage } from '../../../lib/form-rules';
import { datasetNames } from '../../../components/charts/names';
import { indicatorDatasetsQueryOptions, indicatorVersionsQueryOptions, restoreIndicatorVersion } from '../api/indicators';

type Props = {
  indicatorId: number;
  /** The indicator's version as saved (what a restore names, so a stale one is refused). */
  currentVersion: number;
  owners: readonly IndicatorOwner[];
  /** The names of the saved indicators by id (a change of parent names them). */
  namesById: ReadonlyMap<number, string>;
  /** Why restoring is not possible now (unsaved edits), or null. */
  restoreBlocked: string | null;
  canEdit: boolean;
  onRestored: () => void;
};

const ACTION_COLORS = { create: 'green', update: 'blue', restore: 'purple' } as const;
const ENUM_FIELDS = {
  frequency: 'frequencies',
  aggregation: 'aggregations',
  status: 'statuses',
} as const;

export function IndicatorVersions({ indicatorId, currentVersion, owners, namesById, restoreBlocked, canEdit, onRestored }: Props) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const query = useQuery(indicatorVersionsQueryOptions(indicatorId));
  const datasets = useQuery(indicatorDatasetsQueryOptions()).data ?? [];
  const names = datasetNames(t);
  const restore = useMutation({
    mutationFn: (version: number) => restoreIndicatorVersion(indicatorId, version, currentVersion),
    onSuccess: () => {
      void message.success(t('indicators.versions.restored'));
      onRestored();
    },
  });

  const shown = (c: IndicatorChange, value: IndicatorChange['before']): string => {
    if (value === null || value === '') return t('indicators.versions.empty');
    if (c.field === 'ownerId') return owners.find((o) => o.id === value)?.name ?? String(value);
    if (c.field === 'parentId') return namesById.get(Number(value)) ?? `#${value}`;
    if (c.field === 'datasetId') {
      const d = datasets.find((x) => x.id === value);
      return d ? names.dataset(d) : names.dataset({ id: String(value), name: null });
    }
    if (c.field === 'field') return names.measure(String(value));
    if (c.field === 'unit') return names.unit(value as MeasureUnit);
    if (c.field in ENUM_FIELDS) return t(`indicators.${ENUM_FIELDS[c.field as keyof typeof ENUM_FIELDS]}.${value}`);
    return String(value);
  };
  const label = (field: IndicatorChange['field']) => t(`dataPortal.indicator.${field === 'ownerId' ? 'owner' : field}`);

  if (query.isPending) return <Skeleton active />;
  if (query.isError) return <Alert type="error" showIcon message={t('indicators.versions.loadFailed')} />;
  if (query.data.length === 0) return <Empty description={t('indicators.versions.none')} />;
  return (
    <Flex vertical gap={12}>
      {restore.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={restore.error instanceof ApiError ? contractMessage(t, restore.error.message) : String(restore.error)}
        />
      ) : null}
      <Timeline
        items={query.data.map((v) => ({
          key: v.version,
          color: ACTION_COLORS[v.action],
          children: (
            <section className="indicator-version" aria-label={t('indicators.versions.version', { version: v.version })}>
              <Flex align="center" gap={8} wrap>
                <Typography.Text strong>{t('indicators.versions.version', { version: v.version })}</Typography.Text>
                <Tag color={ACTION_COLORS[v.action]}>
                  {v.action === 'restore' && v.restoredFrom !== null
                    ? t('indicators.versions.restoredFrom', { version: v.restoredFrom })
                    : t(`indicators.versions.actions.${v.action}`)}
                </Tag>
                <Typography.Text type="secondary">
                  {v.userName} · {formatDateTime(v.time)}
                </Typography.Text>
                {canEdit && v.version !== currentVersion ? (
                  <Popconfirm
                    title={t('indicators.versions.restoreConfirm', { version: v.version })}
                    okText={t('indicators.versions.restore')}
                    cancelText={t('indicators.cancel')}
                    disabled={restoreBlocked !== null}
                    onConfirm={() => restore.mutate(v.version)}
                  >
                    <Button
                      size="small"
                      icon={<HistoryOutlined />}
                      disabled={restoreBlocked !== null}
                      title={restoreBlocked ?? undefined}
                      loading={restore.isPending && restore.variables === v.version}
                    >
                      {t('indicators.versions.restore')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Flex>
              {v.action === 'create' ? null : (
                <Table
                  className="indicator-version__changes"
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={v.changes}
                  columns={[
                    { title: t('indicators.versions.field'), dataIndex: 'field', width: '24%', render: (_, c) => label(c.field) },
                    { title: t('indicators.versions.before'), dataIndex: 'before', render: (_, c) => shown(c, c.before) },
                    { title: t('indicators.versions.after'), dataIndex: 'after', render: (_, c) => shown(c, c.after) },
                  ]}
                />
              )}
            </section>
          ),
        }))}
      />
    </Flex>
  );
}
