// The page area. The shown tab renders the router's outlet; a hidden tab whose route is keepAlive (and
// not noCache) stays mounted inside <Activity mode="hidden">, so its state survives a tab switch.
// Other tabs unmount when hidden and mount afresh when shown again. A tab's "refresh" changes its key.
// While the code of a page being opened loads, the page area shows a skeleton of a page in its place.
import { Skeleton } from 'antd';
import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useNavigation, useOutlet } from 'react-router';
import { CardFrame } from '../../components/card-frame';
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

/** The page area while a page's code loads. */
function PageSkeleton() {
  return (
    <CardFrame className="page-card" aria-busy="true">
      <Skeleton active paragraph={{ rows: 8 }} />
    </CardFrame>
  );
}

export function KeepAliveOutlet({ tabs, activePath, generations }: Props) {
  const outlet = useOutlet();
  const location = useLocation();
  // Pages are lazy routes: the router is loading only while a page's code is on its way (there are no loaders).
  const navigation = useNavigation();
  const opening = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  const shown: 'visible' | 'hidden' = opening ? 'hidden' : 'visible';
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
        <Activity key={keyOf(tab.path)} mode={shown}>
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
      <Activity key={key} mode={shown}>
        <ErrorBoundary>{outlet}</ErrorBoundary>
      </Activity>,
    );
  }
  if (opening) items.push(<PageSkeleton key="opening" />);
  return <>{items}</>;
}
