// The dashboard boards page (/portalWebsites/dashboardBoard): the enterprise's boards, one open at a time with its
// filter bar and its grid of charts; with write permission, create / rename / delete boards, and an edit mode to add,
// edit, remove, drag and resize widgets, then Save (the layout, or the whole board).
import {
  AppstoreAddOutlined,
  DeleteOutlined,
  EditOutlined,
  LayoutOutlined,
  PlusOutlined,
  ReloadOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Popconfirm, Result, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { BOARD_GRID, type ChartData, type DataFilter } from '@tfb/contract';
import { loadECharts, usePreloadECharts } from '../../../components/charts';
import { PageTitle } from '../../../components/page-title';
import { useCan } from '../../../lib/use-can';
import {
  dashboardDataQueryOptions,
  dashboardListQueryOptions,
  dashboardQueryOptions,
  useCreateDashboard,
  useDeleteDashboard,
  useUpdateDashboard,
} from '../api/dashboards';
import { useDashboardDraft } from '../model/use-dashboard-draft';
import { layoutOf, widgetTitle } from '../model/widget-options';
import { DashboardForm, type DashboardFormValues } from './dashboard-form';
import { FilterBar } from './filter-bar';
import { WidgetCard } from './widget-card';
import { WidgetEditor, type WidgetDraft } from './widget-editor';
import '../boards.css';

const loadGridLayout = () => import('./grid-layout');
const GridLayout = lazy(loadGridLayout);
const MARGIN = 16;
/** The chart's height in a cell of `h` rows: the cell less the card's title bar and padding. */
const chartHeight = (h: number) => h * BOARD_GRID.rowHeight + (h - 1) * MARGIN - 66;

export function BoardPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const canWrite = useCan('portalWebsites:write');
  const [params, setParams] = useSearchParams();
  const list = useQuery(dashboardListQueryOptions('board'));
  const boards = list.data ?? [];
  const selectedId = Number(params.get('id')) || boards[0]?.id;
  const board = useQuery({ ...dashboardQueryOptions('board', selectedId ?? 0), enabled: selectedId !== undefined });
  const dashboard = board.data;
  const draft = useDashboardDraft('board', dashboard);
  // The filter the user set, for the board it was set on (another board starts from its own default).
  const [chosen, setChosen] = useState<{ boardId: number | undefined; filter: DataFilter } | null>(null);
  const filter = chosen && chosen.boardId === selectedId ? chosen.filter : undefined;
  const setFilter = (f: DataFilter) => setChosen({ boardId: selectedId, filter: f });
  // The figures are asked for beside the definition, at the version the list names (the definition's own once read).
  const summary = boards.find((b) => b.id === selectedId);
  const version = dashboard?.version ?? summary?.version;
  const data = useQuery({
    ...dashboardDataQueryOptions('board', selectedId ?? 0, version ?? 0, filter),
    enabled: selectedId !== undefined && version !== undefined,
  });
  // ECharts and the grid load as soon as the list names a board with widgets: once those calls are sent (evaluated
  // earlier, they would hold the calls back) and while they are on the wire, not after them; the China map once the
  // definition names a map.
  const hasWidgets = (dashboard?.widgets.length ?? summary?.widgetCount ?? 0) > 0;
  useEffect(() => {
    if (!hasWidgets) return;
    void loadECharts().catch(() => undefined);
    void loadGridLayout().catch(() => undefined);
  }, [hasWidgets]);
  usePreloadECharts(dashboard?.widgets.map((w) => w.kind));
  const charts = useMemo(() => new Map<string, ChartData>((data.data?.charts ?? []).map((c) => [c.id, c])), [data.data]);

  const create = useCreateDashboard('board');
  const update = useUpdateDashboard('board');
  const remove = useDeleteDashboard('board');
  const [form, setForm] = useState<'create' | 'rename' | null>(null);
  const [editor, setEditor] = useState<{ widget: WidgetDraft; isNew: boolean } | null>(null);

  const open = (id: number) => setParams({ id: String(id) }, { replace: true });
  const submitForm = async (values: DashboardFormValues) => {
    try {
      if (form === 'create') {
        const created = await create.mutateAsync({
          title: values.title,
          filter: { period: values.period, warehouseId: null, enterpriseId: null },
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
        <PageTitle className="boards-toolbar__title">{t('route.portal.dashboardBoard')}</PageTitle>
        {boards.length > 0 && (
          <Select
            className="boards-toolbar__picker"
            aria-label={t('boards.board.pick')}
            value={selectedId}
            disabled={draft.editing}
            options={boards.map((b) => ({ value: b.id, label: widgetTitle(b.title, i18n.language) }))}
            onChange={open}
          />
        )}
        {dashboard && <Tag color="blue">{t('boards.widgetCount', { count: dashboard.widgets.length })}</Tag>}
      </Flex>
      <Space wrap>
        <Button icon={<ReloadOutlined />} onClick={() => void data.refetch()} disabled={!dashboard}>
          {t('boards.refresh')}
        </Button>
        {canWrite && !draft.editing && (
          <>
            <Button icon={<PlusOutlined />} onClick={() => setForm('create')}>
              {t('boards.board.create')}
            </Button>
            {dashboard && (
              <>
                <Button icon={<EditOutlined />} onClick={() => setForm('rename')}>
                  {t('boards.board.rename')}
                </Button>
                <Popconfirm
                  title={t('boards.board.deleteConfirm', { title: widgetTitle(dashboard.title, i18n.language) })}
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
                  {t('boards.edit')}
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
  if (list.isPending || (selectedId !== undefined && board.isPending)) body = <Skeleton active />;
  else if (list.isError || board.isError)
    body = (
      <Result
        status="warning"
        title={t('boards.loadFailed')}
        extra={<Button onClick={() => void list.refetch()}>{t('boards.retry')}</Button>}
      />
    );
  else if (!dashboard)
    body = (
      <Empty description={t('boards.board.none')}>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm('create')}>
            {t('boards.board.create')}
          </Button>
        )}
      </Empty>
    );
  else
    body = (
      <>
        {!draft.editing && <FilterBar value={filter ?? {}} data={data.data} onChange={setFilter} />}
        {draft.editing && (
          <Typography.Paragraph type="secondary" className="boards-hint">
            {t('boards.editHint')}
          </Typography.Paragraph>
        )}
        {draft.widgets.length === 0 ? (
          <Empty className="boards-empty" description={t('boards.widget.none')} />
        ) : (
          <Suspense fallback={<Skeleton active />}>
            <GridLayout
              items={layoutOf(draft.widgets, draft.editing)}
              cols={BOARD_GRID.cols}
              rowHeight={BOARD_GRID.rowHeight}
              margin={MARGIN}
              editable={draft.editing}
              onChange={draft.move}
            >
              {(id) => {
                const widget = draft.widgets.find((w) => w.id === id)!;
                return (
                  <WidgetCard
                    widget={widget}
                    chart={charts.get(id)?.kind === widget.kind ? charts.get(id) : undefined}
                    height={chartHeight(widget.position.h)}
                    theme="light"
                    editable={draft.editing}
                    onEdit={() => setEditor({ widget, isNew: false })}
                    onRemove={() => draft.remove(id)}
                  />
                );
              }}
            </GridLayout>
          </Suspense>
        )}
      </>
    );

  return (
    <Card variant="borderless" className="boards-page" title={header}>
      {body}
      <DashboardForm
        kind="board"
        open={form !== null}
        initial={form === 'rename' && dashboard ? { title: dashboard.title, period: dashboard.filter.period } : null}
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
