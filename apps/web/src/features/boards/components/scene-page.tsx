// The visualisation scenes page (/portalWebsites/visualScene): the enterprise's scenes, one open in the designer —
// its 1920×1080 stage drawn at the page's width, edited like a board (the same widget editor; positions on the
// stage's grid) — a full-screen preview, and its public share links (create, copy, revoke).
import {
  AppstoreAddOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  ExpandOutlined,
  LayoutOutlined,
  PlusOutlined,
  SaveOutlined,
  ShareAltOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Drawer, Empty, Flex, List, Popconfirm, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { shareSceneUrl, type ChartData } from '@tfb/contract';
import { PageTitle } from '../../../components/page-title';
import { useCan } from '../../../lib/use-can';
import {
  dashboardDataQueryOptions,
  dashboardListQueryOptions,
  dashboardQueryOptions,
  sceneSharesQueryOptions,
  useCreateDashboard,
  useCreateShare,
  useDeleteDashboard,
  useRevokeShare,
  useUpdateDashboard,
} from '../api/dashboards';
import { useDashboardDraft } from '../model/use-dashboard-draft';
import { widgetTitle } from '../model/widget-options';
import { DashboardForm, type DashboardFormValues } from './dashboard-form';
import { SceneStage } from './scene-stage';
import { WidgetEditor, type WidgetDraft } from './widget-editor';
import '../boards.css';

const absolute = (path: string) => new URL(path, window.location.origin).toString();

function SharePanel({ sceneId, canWrite }: { sceneId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const shares = useQuery(sceneSharesQueryOptions(sceneId));
  const create = useCreateShare();
  const revoke = useRevokeShare();
  const copy = (url: string) =>
    navigator.clipboard.writeText(url).then(
      () => void message.success(t('boards.share.copied')),
      () => void message.info(url),
    );
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary">{t('boards.share.explain')}</Typography.Paragraph>
      {canWrite && (
        <Button
          type="primary"
          icon={<ShareAltOutlined />}
          loading={create.isPending}
          onClick={() => void create.mutateAsync(sceneId).then((s) => copy(absolute(shareSceneUrl(s.token))))}
        >
          {t('boards.share.create')}
        </Button>
      )}
      <List
        loading={shares.isPending}
        locale={{ emptyText: t('boards.share.none') }}
        dataSource={shares.data ?? []}
        renderItem={(s) => {
          const url = absolute(shareSceneUrl(s.token));
          return (
            <List.Item
              actions={[
                <Button key="copy" size="small" icon={<CopyOutlined />} onClick={() => void copy(url)}>
                  {t('boards.share.copy')}
                </Button>,
                ...(canWrite
                  ? [
                      <Popconfirm
                        key="revoke"
                        title={t('boards.share.revokeConfirm')}
                        okText={t('boards.share.revoke')}
                        cancelText={t('boards.cancel')}
                        onConfirm={() =>
                          revoke.mutateAsync({ id: sceneId, shareId: s.id }).then(() => void message.success(t('boards.share.revoked')))
                        }
                      >
                        <Button size="small" danger icon={<StopOutlined />}>
                          {t('boards.share.revoke')}
                        </Button>
                      </Popconfirm>,
                    ]
                  : []),
              ]}
            >
              <List.Item.Meta
                title={
                  <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis className="boards-share__url">
                    {url}
                  </Typography.Link>
                }
                description={t('boards.share.createdBy', { user: s.createdBy, time: dayjs(s.createdAt).format('YYYY-MM-DD HH:mm') })}
              />
            </List.Item>
          );
        }}
      />
    </Flex>
  );
}

export function ScenePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('portalWebsites:write');
  const [params, setParams] = useSearchParams();
  const list = useQuery(dashboardListQueryOptions('scene'));
  const scenes = list.data ?? [];
  const selectedId = Number(params.get('id')) || scenes[0]?.id;
  const scene = useQuery({ ...dashboardQueryOptions('scene', selectedId ?? 0), enabled: selectedId !== undefined });
  const dashboard = scene.data;
  const draft = useDashboardDraft('scene', dashboard);
  const data = useQuery({
    ...dashboardDataQueryOptions('scene', dashboard?.id ?? 0, dashboard?.version ?? 0, undefined),
    enabled: dashboard !== undefined,
    refetchInterval: dashboard?.refreshSeconds ? dashboard.refreshSeconds * 1000 : false,
  });
  const charts = useMemo(() => new Map<string, ChartData>((data.data?.charts ?? []).map((c) => [c.id, c])), [data.data]);
  const create = useCreateDashboard('scene');
  const update = useUpdateDashboard('scene');
  const remove = useDeleteDashboard('scene');
  const [form, setForm] = useState<'create' | 'rename' | null>(null);
  const [editor, setEditor] = useState<{ widget: WidgetDraft; isNew: boolean } | null>(null);
  const [sharing, setSharing] = useState(false);
  const [preview, setPreview] = useState(false);
  const open = (id: number) => setParams({ id: String(id) }, { replace: true });
  const title = dashboard ? widgetTitle(dashboard.title, i18n.language) : '';

  const submitForm = async (values: DashboardFormValues) => {
    try {
      if (form === 'create') {
        const created = await create.mutateAsync({
          title: values.title,
          filter: { period: values.period, warehouseId: null, enterpriseId: null },
          ...(values.refreshSeconds ? { refreshSeconds: values.refreshSeconds } : {}),
        });
        open(created.id);
        draft.setEditing(true);
      } else if (dashboard) {
        await update.mutateAsync({
          id: dashboard.id,
          body: {
            version: dashboard.version,
            title: values.title,
            filter: { ...dashboard.filter, period: values.period },
            widgets: dashboard.widgets,
            ...(values.refreshSeconds ? { refreshSeconds: values.refreshSeconds } : {}),
          },
        });
      }
      setForm(null);
      void message.success(t('boards.saved'));
    } catch (err) {
      draft.failed(err);
    }
  };

  const header = (
    <Flex wrap gap={12} align="center" justify="space-between" className="boards-toolbar">
      <Flex gap={12} align="center" wrap>
        <PageTitle className="boards-toolbar__title">{t('route.portal.visualScene')}</PageTitle>
        {scenes.length > 0 && (
          <Select
            className="boards-toolbar__picker"
            aria-label={t('boards.scene.pick')}
            value={selectedId}
            disabled={draft.editing}
            options={scenes.map((s) => ({ value: s.id, label: widgetTitle(s.title, i18n.language) }))}
            onChange={open}
          />
        )}
        {dashboard?.refreshSeconds && <Tag color="geekblue">{t('boards.scene.refreshTag', { seconds: dashboard.refreshSeconds })}</Tag>}
      </Flex>
      <Space wrap>
        {dashboard && !draft.editing && (
          <>
            <Button icon={<ExpandOutlined />} onClick={() => setPreview(true)}>
              {t('boards.scene.preview')}
            </Button>
            <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
              {t('boards.share.title')}
            </Button>
          </>
        )}
        {canWrite && !draft.editing && (
          <>
            <Button icon={<PlusOutlined />} onClick={() => setForm('create')}>
              {t('boards.scene.create')}
            </Button>
            {dashboard && (
              <>
                <Button icon={<EditOutlined />} onClick={() => setForm('rename')}>
                  {t('boards.scene.rename')}
                </Button>
                <Popconfirm
                  title={t('boards.scene.deleteConfirm', { title })}
                  okText={t('boards.delete')}
                  cancelText={t('boards.cancel')}
                  onConfirm={() =>
                    remove.mutateAsync(dashboard.id).then(() => {
                      setParams({}, { replace: true });
                      void message.success(t('boards.deleted'));
                    }, draft.failed)
                  }
                >
                  <Button danger icon={<DeleteOutlined />}>
                    {t('boards.delete')}
                  </Button>
                </Popconfirm>
                <Button type="primary" icon={<LayoutOutlined />} onClick={() => draft.setEditing(true)}>
                  {t('boards.scene.design')}
                </Button>
              </>
            )}
          </>
        )}
        {draft.editing && (
          <>
            <Button icon={<AppstoreAddOutlined />} onClick={() => setEditor({ widget: draft.blank(), isNew: true })}>
              {t('boards.widget.add')}
            </Button>
            <Button onClick={draft.cancel}>{t('boards.cancel')}</Button>
            <Button type="primary" icon={<SaveOutlined />} loading={draft.saving} onClick={() => void draft.save()}>
              {t('boards.save')}
            </Button>
          </>
        )}
      </Space>
    </Flex>
  );

  let body;
  if (list.isPending || (selectedId !== undefined && scene.isPending)) body = <Skeleton active />;
  else if (list.isError || scene.isError)
    body = (
      <Result
        status="warning"
        title={t('boards.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('boards.retry')}</Button>}
      />
    );
  else if (!dashboard)
    body = (
      <Empty description={t('boards.scene.none')}>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('create')}>
            {t('boards.scene.create')}
          </Button>
        )}
      </Empty>
    );
  else
    body = (
      <>
        {draft.editing && (
          <Typography.Paragraph type="secondary" className="boards-hint">
            {t('boards.scene.designHint')}
          </Typography.Paragraph>
        )}
        <SceneStage
          title={title}
          widgets={draft.widgets}
          charts={charts}
          computedAt={data.data?.computedAt}
          fit="width"
          editable={draft.editing}
          onMove={draft.move}
          onEdit={(widget) => setEditor({ widget, isNew: false })}
          onRemove={draft.remove}
          empty={t('boards.widget.none')}
        />
      </>
    );

  return (
    <Card variant="borderless" className="boards-page" title={header}>
      {body}
      {preview && dashboard && (
        <div className="scene-preview" role="dialog" aria-modal="true" aria-label={t('boards.scene.preview')}>
          <SceneStage title={title} widgets={dashboard.widgets} charts={charts} computedAt={data.data?.computedAt} fit="contain" />
          <Button className="scene-preview__close" onClick={() => setPreview(false)} autoFocus>
            {t('boards.scene.exitPreview')}
          </Button>
        </div>
      )}
      <Drawer open={sharing} width={560} title={t('boards.share.title')} onClose={() => setSharing(false)} destroyOnHidden>
        {dashboard && <SharePanel sceneId={dashboard.id} canWrite={canWrite} />}
      </Drawer>
      <DashboardForm
        kind="scene"
        open={form !== null}
        initial={
          form === 'rename' && dashboard
            ? { title: dashboard.title, period: dashboard.filter.period, refreshSeconds: dashboard.refreshSeconds ?? undefined }
            : null
        }
        saving={create.isPending || update.isPending}
        onCancel={() => setForm(null)}
        onSubmit={(v) => void submitForm(v)}
      />
      {editor && (
        <WidgetEditor
          key={`${editor.widget.id}-${editor.isNew}`}
          open
          initial={editor.widget}
          isNew={editor.isNew}
          onCancel={() => setEditor(null)}
          onOk={(w) => {
            draft.put(w);
            setEditor(null);
          }}
        />
      )}
    </Card>
  );
}
