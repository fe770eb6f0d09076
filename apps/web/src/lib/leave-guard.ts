// The unsaved mind-map flag of spec 2.1: while it is set, leaving /portalWebsites/columnsettingss or
// /portalWebsites/indexSystem asks for confirmation. The mind-map screens set and clear it.
import { useSyncExternalStore } from 'react';

export const GUARDED_LEAVE_PATHS = ['/portalWebsites/columnsettingss', '/portalWebsites/indexSystem'] as const;

let editing = false;
const listeners = new Set<() => void>();

export function setMindMapEditing(flag: boolean): void {
  if (editing === flag) return;
  editing = flag;
  for (const l of listeners) l();
}

export function isMindMapEditing(): boolean {
  return editing;
}

export function useMindMapEditing(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isMindMapEditing,
    isMindMapEditing,
  );
}

export function shouldConfirmLeave(from: string, to: string, flag: boolean = editing): boolean {
  return flag && from !== to && (GUARDED_LEAVE_PATHS as readonly string[]).includes(from);
}
