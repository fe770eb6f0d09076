// Tab views as pure functions over a list (spec 2.2): open, close, close others, close all, and the
// restore after a browser reload that drops what the user may no longer see. Affix tabs never close.

/** One open tab: the route it shows and the address (with query) it was last at. */
export type TabView = { path: string; fullPath: string };

export type TabRules = {
  isAffix: (path: string) => boolean;
};

export function openTab(tabs: readonly TabView[], tab: TabView): TabView[] {
  const i = tabs.findIndex((t) => t.path === tab.path);
  if (i === -1) return [...tabs, tab];
  if (tabs[i]!.fullPath === tab.fullPath) return [...tabs];
  const next = [...tabs];
  next[i] = tab;
  return next;
}

export type CloseResult = {
  tabs: TabView[];
  /** Where to go when the tab shown was closed; undefined when it stays. */
  navigateTo?: string;
};

/** Closes one tab. Closing the tab shown moves to its right-hand neighbour, else the left one. */
export function closeTab(tabs: readonly TabView[], path: string, activePath: string, rules: TabRules): CloseResult {
  if (rules.isAffix(path)) return { tabs: [...tabs] };
  const i = tabs.findIndex((t) => t.path === path);
  if (i === -1) return { tabs: [...tabs] };
  const next = tabs.filter((t) => t.path !== path);
  if (path !== activePath) return { tabs: next };
  const neighbour = next[i] ?? next[i - 1];
  return { tabs: next, navigateTo: neighbour?.fullPath ?? '/' };
}

/** Keeps the affix tabs and the given one, and shows the given one. */
export function closeOtherTabs(tabs: readonly TabView[], path: string, activePath: string, rules: TabRules): CloseResult {
  const next = tabs.filter((t) => t.path === path || rules.isAffix(t.path));
  const kept = next.find((t) => t.path === path);
  return { tabs: next, ...(kept && activePath !== path ? { navigateTo: kept.fullPath } : {}) };
}

/** Keeps only the affix tabs and shows the first of them (or the home page). */
export function closeAllTabs(tabs: readonly TabView[], activePath: string, rules: TabRules): CloseResult {
  const next = tabs.filter((t) => rules.isAffix(t.path));
  if (next.some((t) => t.path === activePath)) return { tabs: next };
  return { tabs: next, navigateTo: next[0]?.fullPath ?? '/' };
}

const isTabView = (v: unknown): v is TabView =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as TabView).path === 'string' &&
  typeof (v as TabView).fullPath === 'string' &&
  (v as TabView).fullPath.startsWith((v as TabView).path);

export type RestoreRules = TabRules & {
  /** The route exists and the current user may see it (re-checked on every restore). */
  isAllowed: (path: string) => boolean;
  affixPaths: readonly string[];
};

/**
 * Tabs as saved before a reload, re-checked: malformed entries, unknown routes and routes the user may
 * no longer see are dropped, duplicates merged, and the affix tabs put first.
 */
export function restoreTabs(saved: unknown, rules: RestoreRules): TabView[] {
  const list = Array.isArray(saved) ? saved.filter(isTabView) : [];
  const seen = new Set<string>();
  const affix: TabView[] = [];
  const rest: TabView[] = [];
  for (const p of rules.affixPaths) {
    if (!rules.isAllowed(p)) continue;
    const stored = list.find((t) => t.path === p);
    affix.push(stored ?? { path: p, fullPath: p });
    seen.add(p);
  }
  for (const t of list) {
    if (seen.has(t.path) || !rules.isAllowed(t.path)) continue;
    seen.add(t.path);
    rest.push({ path: t.path, fullPath: t.fullPath });
  }
  return [...affix, ...rest];
}
