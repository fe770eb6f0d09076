// 指标体系 (/portalWebsites/indexSystem): the enterprise's indicator tree as an outline or a mind map over one local
// model (the shared tree editor of components/mind-map, as the portal's column settings use it), with a detail panel
// holding the selected indicator's form and its version history. Edits accumulate locally and set the page's edit
// flag (leaving asks first, spec 2.1); while it is set the tree is autosaved as the server-side draft every few
// seconds, and opening the page offers a draft newer than the tree. 保存 sends the whole tree in one PUT against the
// version it started from; 409 offers a reload.
import {
  ApartmentOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SaveOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { indicatorTreeQueryOptions } from '../../../components/business/get-indicator-tree';
import {
  Alert,
  App as AntApp,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Flex,
  Result,
  Row,
  Segmented,
  Skeleton,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INDICATOR_ACCESS, INDICATOR_MESSAGES, type IndicatorDraft, type IndicatorOwner, type IndicatorTree } from '@tfb/contract';
import { formatDateTime } from '../../../components/business/format';
import { StaleVersionAlert } from '../../../components/business/stale-version';
import { LazyMindMap } from '../../../components/mind-map/lazy-mind-map';
import { Outline, OutlineTitle } from '../../../components/mind-map/outline';
import { childrenOf, sameTree, type ShapeNode } from '../../../components/mind-map/tree-model';
import { useDraftAutosave } from '../../../components/mind-map/use-draft-autosave';
import { PageTitle } from '../../../components/page-title';
import { ApiError } from '../../../lib/api-client';
import { contractMessage } from '../../../lib/form-rules';
import { setMindMapEditing } from '../../../lib/leave-guard';
import { useCan } from '../../../lib/use-can';
import {
  deleteIndicatorDraft,
  indicatorEditorQueryOptions,
  indicatorOwnersQueryOptions,
  saveIndicatorDraft,
  saveIndicatorTree,
  type IndicatorEditorData,
} from '../api/indicators';
import { IndicatorForm } from './indicator-form';
import {
  IndicatorDraftTreeSchema,
  firstInvalid,
  fromTree,
  indicatorModel,
  type IndicatorEditResult,
  type IndicatorNode,
} from './indicator-tree-model';
import { IndicatorVersions } from './indicator-versions';
import './indicator-system.css';

export const INDICATOR_SYSTEM_PATH = '/portalWebsites/indexSystem';

const STATUS_COLORS = { draft: 'default', active: 'green', retired: 'red' } as const;

export function IndicatorSystemPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canEdit = useCan(INDICATOR_ACCESS.write);
  const options = indicatorEditorQueryOptions(canEdit);
  const query = useQuery(options);
  const owners = useQuery(indicatorOwnersQueryOptions());
  const reload = useCallback(
    async (dropDraft: boolean) => {
      if (dropDraft) await deleteIndicatorDraft().catch(() => undefined);
      await queryClient.refetchQueries({ queryKey: options.queryKey });
    },
    [queryClient, options.queryKey],
  );
  const title = t('route.portal.indexSystem');
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
          subTitle={query.error instanceof ApiError ? query.error.message : t('indicators.loadFailed')}
          extra={<Button onClick={() => void query.refetch()}>{t('indicators.retry')}</Button>}
        />
      </Card>
    );
  }
  return <IndicatorEditor key={query.dataUpdatedAt} data={query.data} owners={owners.data ?? []} reload={reload} canEdit={canEdit} />;
}

/** A draft is offered when it was saved after the tree last changed. */
function draftNewerThanTree(draft: IndicatorDraft | null, tree: IndicatorTree): draft is IndicatorDraft {
  if (!draft) return false;
  if (draft.baseVersion >= tree.version) return true;
  const latest = tree.indicators.reduce((max, i) => (i.updateTime > max ? i.updateTime : max), '');
  return new Date(draft.savedTime).getTime() > new Date(latest).getTime();
}

const isStaleTree = (err: unknown) => err instanceof ApiError && err.status === 409 && err.message === INDICATOR_MESSAGES.staleTree;

/** The node a save's field error names (`indicators.<index>.<field>`). */
function nodeOfError(err: unknown, nodes: readonly IndicatorNode[]): string | null {
  if (!(err instanceof ApiError)) return null;
  const index = err.fieldErrors.map((e) => /^indicators\.(\d+)\./.exec(e.field)?.[1]).find((i) => i !== undefined);
  return index === undefined ? null : (nodes[Number(index)]?.key ?? null);
}

type EditorProps = {
  data: IndicatorEditorData;
  owners: readonly IndicatorOwner[];
  reload: (dropDraft: boolean) => Promise<void>;
  canEdit: boolean;
};

/** Without the write permission the tree is shown read-only (no tools, no draft, a disabled form). */
function IndicatorEditor({ data, owners, reload, canEdit }: EditorProps) {
  const { t } = useTranslation();
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(() => ({ version: data.tree.version, nodes: fromTree(data.tree) }));
  const [nodes, setNodes] = useState<IndicatorNode[]>(base.nodes);
  const [selectedKey, setSelectedKey] = useState<string | null>(base.nodes[0]?.key ?? null);
  const [expandedKeys, setExpandedKeys] = useState<string[]>(() => base.nodes.map((c) => c.key));
  const [view, setView] = useState<'outline' | 'mindMap'>('outline');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [draftOffer, setDraftOffer] = useState(() => (draftNewerThanTree(data.draft, data.tree) ? data.draft : null));
  /** The tree as the server last answered it (versions and names of the saved indicators). */
  const [savedTree, setSavedTree] = useState(data.tree);
  const dirty = !sameTree(nodes, base.nodes);

  useEffect(() => setMindMapEditing(INDICATOR_SYSTEM_PATH, dirty), [dirty]);
  useEffect(() => () => setMindMapEditing(INDICATOR_SYSTEM_PATH, false), []);

  const { draftSavedAt, markSaved } = useDraftAutosave({
    dirty,
    nodes,
    baseVersion: base.version,
    saved: base.nodes,
    saveDraft: (baseVersion, now) => saveIndicatorDraft({ baseVersion, tree: { indicators: now } }).then((d) => d?.savedTime ?? null),
  });

  const apply = (result: IndicatorEditResult, select?: string | null): boolean => {
    if (!result.ok) {
      setRefusal(contractMessage(t, result.message));
      return false;
    }
    setRefusal(null);
    setNodes(result.nodes);
    if (select !== undefined) setSelectedKey(select);
    return true;
  };

  const selected = nodes.find((c) => c.key === selectedKey) ?? null;
  const saved = useMemo(() => new Map(savedTree.indicators.map((i) => [i.id, i])), [savedTree]);
  const namesById = useMemo(() => new Map(savedTree.indicators.map((i) => [i.id, i.name])), [savedTree]);
  const add = (parentKey: string | null, afterKey?: string) => {
    const r = indicatorModel.add(nodes, parentKey, t('indicators.newName'), { afterKey });
    if (apply(r, r.key) && parentKey) setExpandedKeys((keys) => (keys.includes(parentKey) ? keys : [...keys, parentKey]));
  };
  const shift = (by: -1 | 1) => {
    if (!selected) return;
    const at = childrenOf(nodes, selected.parentKey).indexOf(selected);
    apply(indicatorModel.move(nodes, selected.key, selected.parentKey, at + by));
  };
  const onShape = (shape: ShapeNode[]) => apply(indicatorModel.applyShape(nodes, shape));
  const tagsOf = useCallback((n: IndicatorNode) => [n.code, t(`indicators.statuses.${n.status}`)], [t]);

  const restoreDraft = (draft: IndicatorDraft) => {
    const parsed = IndicatorDraftTreeSchema.safeParse(draft.tree);
    setDraftOffer(null);
    if (!parsed.success) {
      setRefusal(t('indicators.draftUnreadable'));
      return;
    }
    setBase((b) => ({ ...b, version: draft.baseVersion }));
    setNodes(parsed.data.indicators);
    setExpandedKeys(parsed.data.indicators.map((c) => c.key));
    setSelectedKey(parsed.data.indicators[0]?.key ?? null);
  };
  const discardDraft = () => {
    setDraftOffer(null);
    void deleteIndicatorDraft().catch(() => undefined);
  };

  const save = async () => {
    const invalid = firstInvalid(nodes);
    if (invalid) {
      setSelectedKey(invalid.key);
      setRefusal(contractMessage(t, invalid.message));
      return;
    }
    setSaving(true);
    try {
      const tree = await saveIndicatorTree({ baseVersion: base.version, indicators: nodes });
      const fresh = fromTree(tree);
      // The server dropped the draft with the save.
      markSaved(fresh);
      setBase({ version: tree.version, nodes: fresh });
      setSavedTree(tree);
      setNodes(fresh);
      setExpandedKeys((keys) => [...new Set([...keys, ...fresh.map((c) => c.key)])]);
      // A new indicator's key becomes its id's: select it by its code.
      const code = nodes.find((n) => n.key === selectedKey)?.code;
      setSelectedKey((key) =>
        fresh.some((c) => c.key === key) ? key : (fresh.find((c) => c.code === code)?.key ?? fresh[0]?.key ?? null),
      );
      setRefusal(null);
      // Widgets that pick an indicator read the saved tree.
      void queryClient.invalidateQueries({ queryKey: indicatorTreeQueryOptions().queryKey });
      void message.success(t('indicators.saved'));
    } catch (err) {
      if (isStaleTree(err)) setStale(true);
      else {
        const key = nodeOfError(err, nodes);
        if (key) setSelectedKey(key);
        setRefusal(err instanceof Error ? contractMessage(t, err.message) : String(err));
      }
    } finally {
      setSaving(false);
    }
  };

  const onReload = () => {
    setReloading(true);
    void reload(true).finally(() => setReloading(false));
  };

  const savedSelected = selected?.id === undefined ? undefined : saved.get(selected.id);
  const detail = selected ? (
    <Tabs
      items={[
        {
          key: 'form',
          label: t('indicators.form'),
          children: (
            <IndicatorForm
              key={selected.key}
              node={selected}
              owners={owners}
              disabled={!canEdit}
              onChange={(values) => apply(indicatorModel.update(nodes, selected.key, values))}
            />
          ),
        },
        {
          key: 'versions',
          label: t('indicators.versions.title'),
          children: savedSelected ? (
            <IndicatorVersions
              key={`${savedSelected.id}-${savedSelected.version}`}
              indicatorId={savedSelected.id}
              currentVersion={savedSelected.version}
              owners={owners}
              namesById={namesById}
              restoreBlocked={dirty ? t('indicators.versions.saveFirst') : null}
              canEdit={canEdit}
              onRestored={() => void reload(false)}
            />
          ) : (
            <Empty description={t('indicators.versions.notSaved')} />
          ),
        },
      ]}
    />
  ) : (
    <Empty description={t('indicators.noSelection')} />
  );

  const status = dirty ? <Tag color="orange">{t('indicators.unsaved')}</Tag> : <Tag color="green">{t('indicators.allSaved')}</Tag>;

  return (
    <Card
      variant="borderless"
      className="page-card indicator-system"
      title={
        <Flex align="center" gap={8} wrap>
          <PageTitle>{t('route.portal.indexSystem')}</PageTitle>
          {status}
          {dirty && draftSavedAt ? (
            <Typography.Text type="secondary" className="indicator-system__draft-time">
              {t('indicators.draftSaved', { time: formatDateTime(draftSavedAt) })}
            </Typography.Text>
          ) : null}
        </Flex>
      }
      extra={
        <Space wrap>
          <Segmented
            aria-label={t('indicators.view')}
            value={view}
            onChange={(v) => setView(v as 'outline' | 'mindMap')}
            options={[
              { value: 'outline', label: t('indicators.outline'), icon: <UnorderedListOutlined /> },
              { value: 'mindMap', label: t('indicators.mindMap'), icon: <ApartmentOutlined /> },
            ]}
          />
          {canEdit ? (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => void save()}>
              {t('indicators.save')}
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
            message={t('indicators.draftFound', { user: draftOffer.userName, time: formatDateTime(draftOffer.savedTime) })}
            action={
              <Space>
                <Button size="small" type="primary" onClick={() => restoreDraft(draftOffer)}>
                  {t('indicators.restoreDraft')}
                </Button>
                <Button size="small" onClick={discardDraft}>
                  {t('indicators.discardDraft')}
                </Button>
              </Space>
            }
          />
        ) : null}
        {stale ? (
          <StaleVersionAlert message={contractMessage(t, INDICATOR_MESSAGES.staleTree)} onReload={onReload} reloading={reloading} />
        ) : null}
        {refusal ? <Alert type="error" showIcon role="alert" message={refusal} closable onClose={() => setRefusal(null)} /> : null}
        {view === 'mindMap' ? (
          <>
            <Flex align="center" justify="space-between" gap={8} wrap>
              {canEdit ? <Typography.Text type="secondary">{t('indicators.mindMapHint')}</Typography.Text> : <span />}
              <Button icon={<EditOutlined />} disabled={!selected} onClick={() => setDrawerOpen(true)}>
                {t('indicators.openDetail')}
              </Button>
            </Flex>
            <Suspense fallback={<Skeleton active />}>
              <LazyMindMap
                nodes={nodes}
                rootTopic={t('route.portal.indexSystem')}
                label={t('indicators.mindMap')}
                newTopicName={t('indicators.newName')}
                tagsOf={tagsOf}
                editable={canEdit}
                onShape={onShape}
                onSelect={setSelectedKey}
              />
            </Suspense>
            <Drawer
              open={drawerOpen && selected !== null}
              onClose={() => setDrawerOpen(false)}
              title={selected ? `${selected.name} · ${selected.code}` : t('indicators.form')}
              size="large"
            >
              {detail}
            </Drawer>
          </>
        ) : (
          <Row gutter={[24, 16]}>
            <Col xs={24} lg={11} xl={10}>
              {canEdit ? (
                <Flex wrap gap={8} className="indicator-system__tools">
                  <Button icon={<PlusOutlined />} onClick={() => add(null)}>
                    {t('indicators.addRoot')}
                  </Button>
                  <Button disabled={!selected} onClick={() => selected && add(selected.key)}>
                    {t('indicators.addChild')}
                  </Button>
                  <Button disabled={!selected} onClick={() => selected && add(selected.parentKey, selected.key)}>
                    {t('indicators.addSibling')}
                  </Button>
                  <Button icon={<ArrowUpOutlined />} disabled={!selected} onClick={() => shift(-1)}>
                    {t('indicators.moveUp')}
                  </Button>
                  <Button icon={<ArrowDownOutlined />} disabled={!selected} onClick={() => shift(1)}>
                    {t('indicators.moveDown')}
                  </Button>
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    disabled={!selected}
                    onClick={() => selected && apply(indicatorModel.remove(nodes, selected.key), null)}
                  >
                    {t('indicators.remove')}
                  </Button>
                </Flex>
              ) : null}
              {nodes.length === 0 ? (
                <Empty description={t('indicators.empty')} />
              ) : (
                <Outline
                  nodes={nodes}
                  label={t('indicators.outline')}
                  renderTitle={(n) => (
                    <OutlineTitle name={n.name} muted={n.status === 'retired'}>
                      <Typography.Text type="secondary" className="indicator-system__code">
                        {n.code}
                      </Typography.Text>
                      <Tag color={STATUS_COLORS[n.status]} variant="filled">
                        {t(`indicators.statuses.${n.status}`)}
                      </Tag>
                    </OutlineTitle>
                  )}
                  selectedKey={selectedKey}
                  expandedKeys={expandedKeys}
                  onExpand={setExpandedKeys}
                  onSelect={setSelectedKey}
                  onMove={canEdit ? (key, parentKey, position) => apply(indicatorModel.move(nodes, key, parentKey, position)) : undefined}
                />
              )}
            </Col>
            <Col xs={24} lg={13} xl={14}>
              <section className="indicator-system__detail" aria-label={t('indicators.detail')}>
                <Typography.Title level={5}>{selected ? `${selected.name} · ${selected.code}` : t('indicators.detail')}</Typography.Title>
                {detail}
              </section>
            </Col>
          </Row>
        )}
      </Flex>
    </Card>
  );
}
