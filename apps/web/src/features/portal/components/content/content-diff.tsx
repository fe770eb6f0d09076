// Two copies of a content item side by side, one row per field, changed rows highlighted: the versions panel's
// diff (the server's, between two versions or a version and the live copy) and, after a save refused as stale, the
// comparison of the server's latest version with the user's unsaved values or with the version they started from.
import { useQuery } from '@tanstack/react-query';
import { Alert, Modal, Segmented, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContentDiff, ContentItem } from '@tfb/contract';
import { getRecord } from '../../../../components/business/record-api';
import { contentEndpoint, useContentDiff, type ContentScope, type DiffSide } from '../../api/content';
import { defOf, toContractValue, type ContentFormValues } from './content-model';
import { ContentValue } from './content-value';

export type DiffRow = { key: string; label: string; changed: boolean; before: ReactNode; after: ReactNode };

export function DiffTable({ rows, beforeTitle, afterTitle }: { rows: DiffRow[]; beforeTitle: string; afterTitle: string }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<DiffRow> = [
    {
      title: t('portal.content.diffField'),
      dataIndex: 'label',
      width: 160,
      render: (label: string, row) => (
        <>
          {label} {row.changed ? <Tag color="warning">{t('portal.content.changed')}</Tag> : null}
        </>
      ),
    },
    { title: beforeTitle, dataIndex: 'before', render: (v: ReactNode) => v },
    { title: afterTitle, dataIndex: 'after', render: (v: ReactNode) => v },
  ];
  return (
    <Table<DiffRow>
      rowKey="key"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows}
      rowClassName={(row) => (row.changed ? 'portal-diff__changed' : '')}
      aria-label={t('portal.content.diffTitle')}
    />
  );
}

/** The server's diff as rows; its labels are the fields' label keys. */
export function serverDiffRows(diff: ContentDiff, t: TFunction): DiffRow[] {
  return diff.fields.map((f) => ({
    key: f.key,
    label: t(f.label, { defaultValue: f.label }),
    changed: f.changed,
    before: f.before || '—',
    after: f.after || '—',
  }));
}

export const sideName = (t: TFunction, side: DiffSide) =>
  side === 'live' ? t('portal.content.liveCopy') : t('portal.content.versionN', { version: side });

/** The server's diff between two sides of an item. */
export function ServerDiff({ scope, id, from, to }: { scope: ContentScope; id: number; from: DiffSide; to: DiffSide }) {
  const { t } = useTranslation();
  const diff = useContentDiff(scope, id, { from, to });
  if (diff.error) return <Alert type="error" showIcon message={diff.error.message} />;
  if (!diff.data) return <Skeleton active />;
  return <DiffTable rows={serverDiffRows(diff.data, t)} beforeTitle={sideName(t, from)} afterTitle={sideName(t, to)} />;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type CompareProps = {
  scope: ContentScope;
  /** The item as the form opened it. */
  started: ContentItem;
  /** The form's unsaved values. */
  values: ContentFormValues;
  open: boolean;
  onClose: () => void;
};

/** After a stale save: the server's latest version against the unsaved values, or what changed since the version
 * the user started from. */
export function StaleCompareDialog({ scope, started, values, open, onClose }: CompareProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'mine' | 'since'>('mine');
  // Read apart from the form's record: the form keeps the user's values until they choose to reload.
  const latest = useQuery({
    queryKey: ['portal', scope.site, 'content', scope.type, 'latest', started.id],
    queryFn: () => getRecord(contentEndpoint(scope), started.id),
    enabled: open,
    staleTime: 0,
  });
  const item = latest.data;
  const context = {
    columnName: (id: number) => item?.columns[String(id)] ?? started.columns[String(id)],
    media: [...(item?.media ?? []), ...started.media],
  };
  const rows: DiffRow[] = item
    ? defOf(scope.type).fields.map((f) => {
        const mine = toContractValue(f, values[f.key]);
        const theirs = item.draft[f.key];
        return {
          key: f.key,
          label: t(f.label),
          changed: !same(mine, theirs),
          before: <ContentValue field={f} value={theirs} context={context} />,
          after: <ContentValue field={f} value={mine} context={context} />,
        };
      })
    : [];
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={900} title={t('portal.content.compareTitle')} destroyOnHidden>
      <Segmented
        value={mode}
        onChange={(v) => setMode(v as 'mine' | 'since')}
        options={[
          { value: 'mine', label: t('portal.content.compareMine') },
          { value: 'since', label: t('portal.content.compareSince', { version: started.version }) },
        ]}
      />
      <div className="portal-diff__body">
        {latest.error ? <Alert type="error" showIcon message={latest.error.message} /> : null}
        {!item ? (
          <Skeleton active />
        ) : mode === 'mine' ? (
          <DiffTable
            rows={rows}
            beforeTitle={t('portal.content.serverLatest', { version: item.version })}
            afterTitle={t('portal.content.yourValues')}
          />
        ) : (
          <ServerDiff scope={scope} id={started.id} from={started.version} to={item.version} />
        )}
      </div>
    </Modal>
  );
}
