// The page area. The shown tab renders the router's outlet; a hidden tab whose route is keepAlive (and
// not noCache) stays mounted inside <Activity mode="hidden">, so its state survives a tab switch.
// Other tabs unmount when hidden and mount afresh when shown again. A tab's "refresh" changes its key.
import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { ErrorBoundary } from '../../components/error-boundary';
import { findRoute } from '../routes/route-table';
import { isKeptAlive } from '../tabs/tab-rules';
import type { TabView } from '../tabs/tabs-model';

type Props = {
  tabs: readonly TabView[];
  activePath: string | null;
  generations: Readonly<Record<string, number>>;
};

const keepsAlive = (path: string) => isKeptAlive(findRoute(path)?.node);

export function KeepAliveOutlet({ tabs, activePath, generations }: Props) {
  const outlet = useOutlet();
  const location = useLocation();
  // The element each kept tab showed when it was last opened: rendered again while the tab is hidden.
  const [cache, setCache] = useState<ReadonlyMap<string, ReactNode>>(() => new Map());

  const openKept = new Set(tabs.filter((t) => keepsAlive(t.path)).map((t) => t.path));
  if (activePath && keepsAlive(activePath) && !cache.has(activePath)) {
    setCache(new Map(cache).set(activePath, outlet));
  } else if ([...cache.keys()].some((k) => k !== activePath && !openKept.has(k))) {
    setCache(new Map([...cache].filter(([k]) => k === activePath || openKept.has(k))));
  }

  const keyOf = (path: string) => `${path}#${generations[path] ?? 0}`;
  const items: ReactNode[] = [];
  let activeRendered = false;
  for (const tab of tabs) {
    if (tab.path === activePath) {
      activeRendered = true;
      items.push(
        <Activity key={keyOf(tab.path)} mode="visible">
          <ErrorBoundary>{outlet}</ErrorBoundary>
        </Activity>,
      );
    } else if (openKept.has(tab.path) && cache.has(tab.path)) {
      items.push(
        <Activity key={keyOf(tab.path)} mode="hidden">
          <ErrorBoundary>{cache.get(tab.path)}</ErrorBoundary>
        </Activity>,
      );
    }
  }
  if (!activeRendered) {
    const key = activePath ? keyOf(activePath) : `route:${location.pathname}`;
    items.push(
      <Activity key={key} mode="visible">
        <ErrorBoundary>{outlet}</ErrorBoundary>
      </Activity>,
    );
  }
  return <>{items}</>;
}
