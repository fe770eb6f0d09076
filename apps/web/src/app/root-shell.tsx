// The root of every route: the window title in the current language, and the confirmation before
// leaving a mind-map page with unsaved edits (spec 2.1).
import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useBlocker, useMatches } from 'react-router';
import { leaveConfirmation, shouldConfirmLeave, useMindMapEditingPaths } from '../lib/leave-guard';

type TitleHandle = { title: string };
const hasTitle = (handle: unknown): handle is TitleHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as TitleHandle).title === 'string';

function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().find((m) => hasTitle(m.handle))?.handle as TitleHandle | undefined;
  const title = titleKey ? t(titleKey.title) : '';
  const appName = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} - ${appName}` : appName;
  }, [title, appName]);
}

function LeaveGuard() {
  const { t } = useTranslation();
  const { modal } = AntApp.useApp();
  const editing = useMindMapEditingPaths();
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    shouldConfirmLeave(currentLocation.pathname, nextLocation.pathname, editing),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const dialog = modal.confirm({
      ...leaveConfirmation(t),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => dialog.destroy();
  }, [blocker, modal, t]);
  useEffect(() => {
    if (editing.size === 0) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [editing]);
  return null;
}

export function RootShell() {
  useDocumentTitle();
  return (
    <>
      <LeaveGuard />
      <Outlet />
    </>
  );
}
