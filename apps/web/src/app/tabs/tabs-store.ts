// The open tabs of this browser tab, kept in sessionStorage so they come back after a reload, and a
// per-tab counter whose change re-mounts that tab's content (the "refresh" action).
import { useSyncExternalStore } from 'react';
import type { TabView } from './tabs-model';

export const TABS_STORAGE_KEY = 'tabViews';

export type TabsState = {
  tabs: readonly TabView[];
  /** Bumped by "refresh": part of the content's key, so the page mounts afresh. */
  generations: Readonly<Record<string, number>>;
};

export type TabsStore = {
  getState: () => TabsState;
  subscribe: (listener: () => void) => () => void;
  setTabs: (tabs: readonly TabView[]) => void;
  refresh: (path: string) => void;
};

function readSaved(storage: Storage | null): unknown {
  try {
    const raw = storage?.getItem(TABS_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : [];
  } catch {
    return [];
  }
}

/** The saved tabs are raw here: the layout re-checks them against the user's access (restoreTabs). */
export function createTabsStore(storage: Storage | null = safeSessionStorage()): TabsStore {
  const saved = readSaved(storage);
  let state: TabsState = { tabs: Array.isArray(saved) ? (saved as TabView[]) : [], generations: {} };
  const listeners = new Set<() => void>();
  const set = (next: TabsState) => {
    state = next;
    try {
      storage?.setItem(TABS_STORAGE_KEY, JSON.stringify(next.tabs));
    } catch {
      // Storage full or unavailable: tabs still work for this page.
    }
    for (const l of listeners) l();
  };
  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTabs: (tabs) => {
      const same =
        tabs.length === state.tabs.length && tabs.every((t, i) => t.path === state.tabs[i]?.path && t.fullPath === state.tabs[i]?.fullPath);
      if (!same) set({ ...state, tabs });
    },
    refresh: (path) => set({ ...state, generations: { ...state.generations, [path]: (state.generations[path] ?? 0) + 1 } }),
  };
}

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function useTabsState(store: TabsStore): TabsState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
