// Once the first screen is up, the code of the pages the user's menus lead to loads in idle time, one page after
// another, so opening a page from a menu waits for its data only. The first load itself stays the shell's.
import { useEffect } from 'react';
import type { Access } from './access';
import { ROUTE_INDEX, type PageLoader } from './route-table';

type Cancel = () => void;

function whenIdle(run: () => void): Cancel {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
}

/** The loaders of the pages listed in the user's menus (not the add, edit and detail screens). */
export function menuPageLoaders(access: Access): PageLoader[] {
  const loaders: PageLoader[] = [];
  for (const path of access.allowedPaths) {
    const node = ROUTE_INDEX.get(path)?.node;
    if (node?.kind === 'page' && !node.meta.hidden && node.page) loaders.push(node.page);
  }
  return loaders;
}

/** Loads the menu pages' code in idle time while the signed-in shell is shown (not under the unit tests). */
export function usePrefetchMenuPages(access: Access): void {
  useEffect(() => {
    if (import.meta.env.MODE === 'test') return;
    const loaders = menuPageLoaders(access);
    let cancel: Cancel = () => undefined;
    let stopped = false;
    const next = (i: number) => {
      if (stopped || i >= loaders.length) return;
      cancel = whenIdle(() => {
        // A page whose code fails to load here is left to the router, which reports it when the page is opened.
        void loaders[i]!()
          .catch(() => undefined)
          .finally(() => next(i + 1));
      });
    };
    next(0);
    return () => {
      stopped = true;
      cancel();
    };
  }, [access]);
}
