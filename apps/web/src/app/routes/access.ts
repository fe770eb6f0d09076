// What a user may see: the route table filtered by the contract's pure rules (filterRoutesByRoles for
// roles, visibleTopMenus for the stored menu list). The menus, the sidebar, the route guard and the
// tab restore all read this one result, so a page hidden from the menus is also refused by URL.
import { createContext, useContext } from 'react';
import { TOP_MENU_KEYS, filterRoutesByRoles, visibleTopMenus, type SessionUser, type TopMenuKey } from '@tfb/contract';
import { ROUTE_TREE, findRoute, type AppRoute } from './route-table';

export type AccessSubject = Pick<SessionUser, 'roles' | 'menus' | 'isInternal' | 'isGroup'>;

export type Access = {
  /** The route tree this user may reach. */
  tree: readonly AppRoute[];
  /** Paths of every group and page in `tree`. */
  allowedPaths: ReadonlySet<string>;
  /** Top menus shown, in the order of spec 2.2: visible by the menu list and holding a reachable page. */
  topMenus: readonly TopMenuKey[];
};

/** The first page a top menu opens: its first child route the menu list and roles allow. */
export function firstPagePath(nodes: readonly AppRoute[]): string | null {
  for (const node of nodes) {
    if (node.kind === 'page' && !node.meta.hidden) return node.path;
    if (node.kind === 'group' && node.children) {
      const inner = firstPagePath(node.children);
      if (inner) return inner;
    }
  }
  return null;
}

export function buildAccess(user: AccessSubject, routes: readonly AppRoute[] = ROUTE_TREE): Access {
  const byRole = filterRoutesByRoles(routes, user.roles);
  const shownMenus = new Set(visibleTopMenus(user));
  const tree = byRole.filter((node) => !node.meta.menu || shownMenus.has(node.meta.menu));
  const allowedPaths = new Set<string>();
  const walk = (nodes: readonly AppRoute[]) => {
    for (const n of nodes) {
      allowedPaths.add(n.path);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  const topMenus = TOP_MENU_KEYS.filter((key) => shownMenus.has(key) && firstPagePath(tree.filter((n) => n.meta.menu === key)) !== null);
  return { tree, allowedPaths, topMenus };
}

export function menuEntryPath(access: Access, menu: TopMenuKey): string | null {
  return firstPagePath(access.tree.filter((n) => n.meta.menu === menu));
}

export function canVisit(access: Access, pathname: string): boolean {
  const found = findRoute(pathname);
  return found !== undefined && access.allowedPaths.has(found.node.path);
}

export const AccessContext = createContext<Access | null>(null);

export function useAccess(): Access {
  const access = useContext(AccessContext);
  if (!access) throw new Error('useAccess must be used inside the signed-in layout');
  return access;
}
