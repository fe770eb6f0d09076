// The unsaved mind-map flag of spec 2.1: while a guarded page holds edits it has not saved, leaving it (a route
// change, closing its tab, unloading the browser page) asks for confirmation. Each page sets and clears its own
// flag, so the two sites' column editors (both kept alive in their tabs) do not clear each other's.
import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';

export const GUARDED_LEAVE_PATHS = [
  '/portalWebsite/columnsettings',
  '/portalWebsites/columnsettingss',
  '/portalWebsites/indexSystem',
] as const;

let editing: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

/** Sets or clears the edit flag of the guarded page at `path`. */
export function setMindMapEditing(path: string, flag: boolean): void {
  if (editing.has(path) === flag) return;
  const next = new Set(editing);
  if (flag) next.add(path);
  else next.delete(path);
  editing = next;
  for (const l of listeners) l();
}

/** The guarded pages whose edit flag is set. */
export function mindMapEditingPaths(): ReadonlySet<string> {
  return editing;
}

export function useMindMapEditingPaths(): ReadonlySet<string> {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    mindMapEditingPaths,
    mindMapEditingPaths,
  );
}

const guarded = (path: string, flagged: ReadonlySet<string>) =>
  flagged.has(path) && (GUARDED_LEAVE_PATHS as readonly string[]).includes(path);

export function shouldConfirmLeave(from: string, to: string, flagged: ReadonlySet<string> = editing): boolean {
  return from !== to && guarded(from, flagged);
}

/** Whether closing the tabs of `paths` drops unsaved edits (and so asks first). */
export function shouldConfirmClose(paths: readonly string[], flagged: ReadonlySet<string> = editing): boolean {
  return paths.some((p) => guarded(p, flagged));
}

/** The confirmation's words (spec 2.1 gives the message); one dialog for a route change and a tab close. */
export const leaveConfirmation = (t: TFunction) => ({
  title: t('leave.title'),
  content: t('leave.message'),
  okText: t('leave.ok'),
  cancelText: t('leave.cancel'),
});
