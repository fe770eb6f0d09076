// 栏目设置 of both portal sites (P19): the site's column tree as an outline or a mind map over one local model.
// Edits accumulate locally and set the page's edit flag (leaving asks first, spec 2.1); while the flag is set the
// tree is autosaved as the site's server-side draft every few seconds, and opening the page offers a draft newer
// than the tree. 保存 sends the whole tree in one PUT against the version it started from; 409 offers a reload.
import {
  ApartmentOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App as AntApp, Button, Card, Col, Empty, Flex, Result, Row, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PORTAL_MESSAGES, portalAccess, type ColumnDraft, type ColumnTree, type PortalSite } from '@tfb/contract';
import { formatDateTime } from '../../../components/business/format';
import { StaleVersionAlert } from '../../../components/business/stale-version';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { contractMessage } from '../../../lib/form-rules';
import { LazyMindMap } from '../../../components/mind-map/lazy-mind-map';
import { useDraftAutosave } from '../../../components/mind-map/use-draft-autosave';
import { setMindMapEditing } from '../../../lib/leave-guard';
import { useCan } from '../../../lib/use-can';
import { columnEditorQueryOptions, deleteColumnDraft, saveColumnDraft, saveColumnTree, type ColumnEditorData } from '../api/column-tree';
import { ColumnForm } from './column-form';
import { ColumnOutline } from './column-outline';
import {
  ColumnDraftTreeSchema,
  addColumn,
  applyShape,
  childrenOf,
  firstInvalid,
  fromTree,
  moveColumn,
  removeColumn,
  sameTree,
  updateColumn,
  type ColumnNode,
  type EditResult,
  type ShapeNode,
} from './column-tree-model';
import './column-settings.css';

export { DRAFT_AUTOSAVE_MS } from '../../../components/mind-map/use-draft-autosave';

type Props = { site: PortalSite; path: string };

export function ColumnSettingsPage({ site, path }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(portalAccess(site).admin);
  const options = columnEditorQueryOptions(site, canEdit);
  const query = useQuery(options);
  // Reloading drops the local edits and their draft, then reads the tree afresh.
  const reload = useCallback(async () => {
    await deleteColumnDraft(site).catch(() => undefined);
    await queryClient.refetchQueries({ queryKey: options.queryKey });
  }, [queryClient, site, options.queryKey]);
  const title = t('route.portal.columnSettings');
  if (query.isPending) {
    return (
      <Card variant="borderless" className="page-card" title={<PageTitle>{title}</PageTitle>}>
        <Skeleton active />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless" className="page-card">
        <Result
          status="error"
          title={<PageTitle>{title}</PageTitle>}
          subTitle={query.error instanceof ApiError ? query.error.message : t('portal.columns.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('portal.columns.retry')}</Button>}
        />
      </Card>
    );
  }
  return <ColumnEditor key={query.dataUpdatedAt} site={site} path={path} data={query.data} reload={reload} canEdit={canEdit} />;
}

/** A draft is offered when it was saved after the tree last changed. */
function draftNewerThanTree(draft: ColumnDraft | null, tree: ColumnTree): draft is ColumnDraft {
  if (!draft) return false;
  if (draft.baseVersion >= tree.version) return true;
  const latest = tree.columns.reduce((max, c) => (c.updateTime > max ? c.updateTime : max), '');
  return new Date(draft.savedTime).getTime() > new Date(latest).getTime();
}

const isStaleTree = (err: unknown) => err instanceof ApiError && err.status === 409 && err.message === PORTAL_MESSAGES.staleTree;

/** The node a save's field error names (`columns.<index>.<field>`). */
function nodeOfError(err: unknown, columns: readonly ColumnNode[]): string | null {
  if (!(err instanceof ApiError)) return null;
  const index = err.fieldErrors.map((e) => /^columns\.(\d+)\./.exec(e.field)?.[1]).find((i) => i !== undefined);
  return index === undefined ? null : (columns[Number(index)]?.key ?? null);
}

type EditorProps = { site: PortalSite; path: string; data: ColumnEditorData; reload: () => Promise<void>; canEdit: boolean };

/** Without the site's admin permission the tree is shown read-only (no tools, no draft, a disabled form). */
function ColumnEditor({ site, path, data, reload, canEdit }: EditorProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const [base, setBase] = useState(() => ({ version: data.tree.version, columns: fromTree(data.tree) }));
  const [columns, setColumns] = useState<ColumnNode[]>(base.columns);
  const [selectedKey, setSelectedKey] = useState<string | null>(base.columns[0]?.key ?? null);
  const [expandedKeys, setExpandedKeys] = useState<string[]>(() => base.columns.map((c) => c.key));
  const [view, setView] = useState<'outline' | 'mindMap'>('outline');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draftOffer, setDraftOffer] = useState(() => (draftNewerThanTree(data.draft, data.tree) ? data.draft : null));
  const dirty = !sameTree(columns, base.columns);

  useEffect(() => setMindMapEditing(path, dirty), [path, dirty]);
  useEffect(() => () => setMindMapEditing(path, false), [path]);

  // The autosave: every few seconds while the tree holds edits the last draft does not.
  const { draftSavedAt, markSaved } = useDraftAutosave({
    dirty,
    nodes: columns,
    baseVersion: base.version,
    saved: base.columns,
    saveDraft: (baseVersion, now) => saveColumnDraft(site, { baseVersion, tree: { columns: now } }).then((d) => d?.savedTime ?? null),
  });

  const apply = (result: EditResult, select?: string | null): boolean => {
    if (!result.ok) {
      setRefusal(contractMessage(t, result.message));
      return false;
    }
    setRefusal(null);
    setColumns(result.columns);
    if (select !== undefined) setSelectedKey(select);
    return true;
  };

  const selected = columns.find((c) => c.key === selectedKey) ?? null;
  const add = (parentKey: string | null, afterKey?: string) => {
    const r = addColumn(columns, parentKey, t('portal.columns.newName'), { afterKey });
    if (apply(r, r.key) && parentKey) setExpandedKeys((keys) => (keys.includes(parentKey) ? keys : [...keys, parentKey]));
  };
  const shift = (by: -1 | 1) => {
    if (!selected) return;
    const at = childrenOf(columns, selected.parentKey).indexOf(selected);
    apply(moveColumn(columns, selected.key, selected.parentKey, at + by));
  };
  const onShape = (shape: ShapeNode[]) => apply(applyShape(columns, shape));
  const tagsOf = useCallback(
    (c: ColumnNode) => [t(`portal.column.kinds.${c.kind}`), ...(c.visible ? [] : [t('portal.columns.hidden')])],
    [t],
  );

  const restoreDraft = (draft: ColumnDraft) => {
    const parsed = ColumnDraftTreeSchema.safeParse(draft.tree);
    setDraftOffer(null);
    if (!parsed.success) {
      setRefusal(t('portal.columns.draftUnreadable'));
      return;
    }
    setBase((b) => ({ ...b, version: draft.baseVersion }));
    setColumns(parsed.data.columns);
    setExpandedKeys(parsed.data.columns.map((c) => c.key));
    setSelectedKey(parsed.data.columns[0]?.key ?? null);
  };
  const discardDraft = () => {
    setDraftOffer(null);
    void deleteColumnDraft(site).catch(() => undefined);
  };

  const save = async () => {
    const invalid = firstInvalid(columns);
    if (invalid) {
      setSelectedKey(invalid.key);
      setRefusal(contractMessage(t, invalid.message));
      return;
    }
    setSaving(true);
    try {
      const tree = await saveColumnTree(site, { baseVersion: base.version, columns });
      const fresh = fromTree(tree);
      // The server dropped the draft with the save.
      markSaved(fresh);
      setBase({ version: tree.version, columns: fresh });
      setColumns(fresh);
      setExpandedKeys((keys) => [...new Set([...keys, ...fresh.map((c) => c.key)])]);
      setSelectedKey((key) => (fresh.some((c) => c.key === key) ? key : (fresh[0]?.key ?? null)));
      setRefusal(null);
      void message.success(t('portal.columns.saved'));
    } catch (err) {
      if (isStaleTree(err)) setStale(true);
      else {
        const key = nodeOfError(err, columns);
        if (key) setSelectedKey(key);
        setRefusal(err instanceof Error ? contractMessage(t, err.message) : String(err));
      }
    } finally {
      setSaving(false);
    }
  };

  const onReload = () => {
    setReloading(true);
    void reload().finally(() => setReloading(false));
  };

  const status = dirty ? <Tag color="orange">{t('portal.columns.unsaved')}</Tag> : <Tag color="green">{t('portal.columns.allSaved')}</Tag>;

  return (
    <Card
      variant="borderless"
      className="page-card column-settings"
      title={
        <Flex align="center" gap={8} wrap>
          <PageTitle>{t('route.portal.columnSettings')}</PageTitle>
          {status}
          {dirty && draftSavedAt ? (
            <Typography.Text type="secondary" className="column-settings__draft-time">
              {t('portal.columns.draftSaved', { time: formatDateTime(draftSavedAt) })}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={
        <Space wrap>
          <Segmented
            aria-label={t('portal.columns.view')}
            value={view}
            onChange={(v) => setView(v as 'outline' | 'mindMap')}
            options={[
              { value: 'outline', label: t('portal.columns.outline'), icon: <UnorderedListOutlined /> },
              { value: 'mindMap', label: t('portal.columns.mindMap'), icon: <ApartmentOutlined /> },
            ]}
          />
          {canEdit ? (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()}>
              {t('portal.columns.save')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Flex vertical gap={12}>
        {draftOffer ? (
          <Alert
            type="info"
            showIcon
            message={t('portal.columns.draftFound', { user: draftOffer.userName, time: formatDateTime(draftOffer.savedTime) })}
            action={
              <Space>
                <Button size="small" type="primary" onClick={() => restoreDraft(draftOffer)}>
                  {t('portal.columns.restoreDraft')}
                </Button>
                <Button size="small" onClick={discardDraft}>
                  {t('portal.columns.discardDraft')}
                </Button>
              </Space>
            }
          />
        ) : null}
        {stale ? (
          <StaleVersionAlert message={contractMessage(t, PORTAL_MESSAGES.staleTree)} onReload={onReload} reloading={reloading} />
        ) : null}
        {refusal ? <Alert type="error" showIcon role="alert" message={refusal} closable onClose={() => setRefusal(null)} /> : null}
        {view === 'mindMap' ? (
          <>
            {canEdit ? <Typography.Text type="secondary">{t('portal.columns.mindMapHint')}</Typography.Text> : null}
            <Suspense fallback={<Skeleton active />}>
              <LazyMindMap
                nodes={columns}
                rootTopic={t(`route.${site}`)}
                label={t('portal.columns.mindMap')}
                newTopicName={t('portal.columns.newName')}
                tagsOf={tagsOf}
                editable={canEdit}
                onShape={onShape}
                onSelect={setSelectedKey}
              />
            </Suspense>
          </>
        ) : (
          <Row gutter={[24, 16]}>
            <Col xs={24} lg={11} xl={10}>
              {canEdit ? (
                <Flex wrap gap={8} className="column-settings__tools">
                  <Button icon={<PlusOutlined />} onClick={() => add(null)}>
                    {t('portal.columns.addRoot')}
                  </Button>
                  <Button disabled={!selected} onClick={() => selected && add(selected.key)}>
                    {t('portal.columns.addChild')}
                  </Button>
                  <Button disabled={!selected} onClick={() => selected && add(selected.parentKey, selected.key)}>
                    {t('portal.columns.addSibling')}
                  </Button>
                  <Button icon={<ArrowUpOutlined />} disabled={!selected} onClick={() => shift(-1)}>
                    {t('portal.columns.moveUp')}
                  </Button>
                  <Button icon={<ArrowDownOutlined />} disabled={!selected} onClick={() => shift(1)}>
                    {t('portal.columns.moveDown')}
                  </Button>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    disabled={!selected}
                    onClick={() => selected && apply(removeColumn(columns, selected.key), null)}
                  >
                    {t('portal.columns.remove')}
                  </Button>
                </Flex>
              ) : null}
              {columns.length === 0 ? (
                <Empty description={t('portal.columns.empty')} />
              ) : (
                <ColumnOutline
                  columns={columns}
                  selectedKey={selectedKey}
                  expandedKeys={expandedKeys}
                  onExpand={setExpandedKeys}
                  onSelect={setSelectedKey}
                  onMove={canEdit ? (key, parentKey, position) => apply(moveColumn(columns, key, parentKey, position)) : undefined}
                />
              )}
            </Col>
            <Col xs={24} lg={13} xl={14}>
              <section className="column-settings__form" aria-label={t('portal.columns.form')}>
                <Typography.Title level={5}>{selected ? selected.name : t('portal.columns.form')}</Typography.Title>
                {selected ? (
                  <ColumnForm
                    key={selected.key}
                    node={selected}
                    onChange={(values) => apply(updateColumn(columns, selected.key, values))}
                  />
                ) : (
                  <Empty description={t('portal.columns.noSelection')} />
                )}
              </section>
            </Col>
          </Row>
        )}
      </Flex>
    </Card>
  );
}
