// Top menus of spec 2.2 and the pure visibility and route-filter rules of spec section 6.
import { ADMIN_ROLE } from './constants.js';
import type { MenuEntry } from './shell-replies.js';

export const TOP_MENU_KEYS = [
  'dashboard',
  'orders',
  'projects',
  'contracts',
  'warehouse',
  'funds',
  'products',
  'goods',
  'customers',
  'system',
  'risk',
  'statistics',
  'blockchain',
] as const;
export type TopMenuKey = (typeof TOP_MENU_KEYS)[number];

/** Shown unless the stored menu list says otherwise (spec section 6). */
export const DEFAULT_SHOWN_MENUS: readonly TopMenuKey[] = ['dashboard', 'system', 'risk', 'statistics', 'blockchain'];
export const INTERNAL_USER_MENUS: readonly TopMenuKey[] = ['dashboard', 'statistics'];
export const GROUP_USER_MENUS: readonly TopMenuKey[] = ['dashboard'];

export type MenuVisibilityInput = {
  menus: readonly MenuEntry[];
  isInternal: boolean;
  isGroup: boolean;
};

/**
 * Which top menus a user sees. The stored menu list (isHidden 1 = shown) decides for
 * each menu it names; the five default menus show when the list does not name them;
 * internal users see only dashboard and statistics, group users only dashboard.
 */
export function visibleTopMenus(input: MenuVisibilityInput): TopMenuKey[] {
  const stored = new Map<string, 0 | 1>();
  for (const m of input.menus) stored.set(m.menuName, m.isHidden);
  const shown = TOP_MENU_KEYS.filter((key) => {
    const flag = stored.get(key);
    if (flag !== undefined) return flag === 1;
    return DEFAULT_SHOWN_MENUS.includes(key);
  });
  if (input.isGroup) return shown.filter((k) => GROUP_USER_MENUS.includes(k));
  if (input.isInternal) return shown.filter((k) => INTERNAL_USER_MENUS.includes(k));
  return shown;
}

export type RouteMeta = {
  roles?: readonly string[];
  title?: string;
  keepAlive?: boolean;
  noCache?: boolean;
  affix?: boolean;
  menu?: TopMenuKey;
  icon?: string;
  hidden?: boolean;
};

export type RouteNode = {
  path: string;
  meta?: RouteMeta;
  children?: RouteNode[];
};

/** A route is kept if it has no roles meta or shares a role with the user (spec section 6). */
export function hasRoutePermission(roles: readonly string[], meta: RouteMeta | undefined): boolean {
  if (!meta?.roles || meta.roles.length === 0) return true;
  return roles.some((r) => meta.roles!.includes(r));
}

/** Admin sees everything; otherwise routes are filtered recursively by role. */
export function filterRoutesByRoles<T extends RouteNode>(routes: readonly T[], roles: readonly string[]): T[] {
  if (roles.includes(ADMIN_ROLE)) return routes.map((r) => ({ ...r }));
  const out: T[] = [];
  for (const route of routes) {
    if (!hasRoutePermission(roles, route.meta)) continue;
    const copy = { ...route };
    if (route.children) copy.children = filterRoutesByRoles(route.children as T[], roles);
    out.push(copy);
  }
  return out;
}
