// Editing a board or a scene: a draft of its widgets while in edit mode (add, change, remove, move and resize),
// and Save — the layout call when only positions changed, else the whole definition — from the version it was
// read at; a stale save (409) says so and reloads the dashboard.
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Dashboard, DashboardKind, GridPosition, Widget } from '@tfb/contract';
import { ApiError } from '../../../lib/api-client';
import { dashboardsKey, useSaveLayout, useUpdateDashboard } from '../api/dashboards';
import { defaultSize, newWidgetId, placeWidget } from './widget-options';
import type { WidgetDraft } from '../components/widget-editor';

const sameExceptPositions = (a: readonly Widget[], b: readonly Widget[]) =>
  a.length === b.length && a.every((w, i) => JSON.stringify({ ...w, position: null }) === JSON.stringify({ ...b[i], position: null }));

export function useDashboardDraft(kind: DashboardKind, dashboard: Dashboard | undefined) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [widgets, setWidgets] = useState<Widget[]>(dashboard?.widgets ?? []);
  const saveLayout = useSaveLayout(kind);
  const update = useUpdateDashboard(kind);

  // Outside edit mode the draft follows the dashboard; another dashboard (a new one just opened) replaces it.
  const shownId = useRef<number | undefined>(dashboard?.id);
  useEffect(() => {
    if (!editing || shownId.current !== dashboard?.id) setWidgets(dashboard?.widgets ?? []);
    shownId.current = dashboard?.id;
  }, [dashboard, editing]);

  const dirty = useMemo(() => Boolean(dashboard) && JSON.stringify(widgets) !== JSON.stringify(dashboard?.widgets), [widgets, dashboard]);

  const move = useCallback((positions: (GridPosition & { id: string })[]) => {
    const byId = new Map(positions.map((p) => [p.id, p]));
    setWidgets((ws) => {
      const next = ws.map((w) => {
        const p = byId.get(w.id);
        return p ? { ...w, position: { x: p.x, y: p.y, w: p.w, h: p.h } } : w;
      });
      return JSON.stringify(next) === JSON.stringify(ws) ? ws : next;
    });
  }, []);

  const put = (draft: WidgetDraft) =>
    setWidgets((ws) => {
      const existing = ws.find((w) => w.id === draft.id);
      if (existing) return ws.map((w) => (w.id === draft.id ? { ...draft, position: w.position } : w));
      const position = placeWidget(
        ws.map((w) => w.position),
        defaultSize(draft.kind, kind),
        kind,
      );
      return [...ws, { ...draft, position }];
    });

  const remove = (id: string) => setWidgets((ws) => ws.filter((w) => w.id !== id));

  const blank = (): WidgetDraft => ({
    id: newWidgetId(widgets),
    kind: 'bar',
    title: { zh: '', en: '', es: '' },
    binding: { indicatorId: null, dataset: 'contracts', dimensions: ['month'], measures: ['amount'], limit: 20, max: null },
  });

  const failed = (err: unknown) => {
    if (err instanceof ApiError && err.status === 409) {
      void message.error(err.message);
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: dashboardsKey(kind) });
      return;
    }
    if (err instanceof ApiError && !err.handled) void message.error(err.message);
  };

  const save = async (): Promise<boolean> => {
    if (!dashboard) return false;
    try {
      const saved = sameExceptPositions(widgets, dashboard.widgets)
        ? await saveLayout.mutateAsync({
            id: dashboard.id,
            body: { version: dashboard.version, positions: widgets.map((w) => ({ id: w.id, ...w.position })) },
          })
        : await update.mutateAsync({
            id: dashboard.id,
            body: {
              version: dashboard.version,
              title: dashboard.title,
              filter: dashboard.filter,
              widgets,
              ...(dashboard.refreshSeconds !== null ? { refreshSeconds: dashboard.refreshSeconds } : {}),
            },
          });
      queryClient.setQueryData([...dashboardsKey(kind), 'one', saved.id], saved);
      setEditing(false);
      void message.success(t('boards.saved'));
      return true;
    } catch (err) {
      failed(err);
      return false;
    }
  };

  const cancel = () => {
    setWidgets(dashboard?.widgets ?? []);
    setEditing(false);
  };

  return {
    editing,
    setEditing,
    widgets,
    dirty,
    move,
    put,
    remove,
    blank,
    save,
    cancel,
    saving: saveLayout.isPending || update.isPending,
    failed,
  };
}
