// Spec section 6 (route filtering, menu visibility) and spec 2.2 (a top menu opens its first allowed
// page), checked through the contract's pure rules and the app's real route table.
import { describe, expect, it } from 'vitest';
import {
  ROLES,
  TOP_MENU_KEYS,
  can,
  filterRoutesByRoles,
  visibleTopMenus,
  type MenuEntry,
  type RouteNode,
  type TopMenuKey,
} from '@tfb/contract';
import { DASHBOARD_REDIRECT } from '../../router';
import { buildAccess, canVisit, firstPagePath, menuEntryPath, type AccessSubject } from '../access';
import { ROUTE_TREE, pageRoutes, type AppRoute } from '../route-table';

const shown = (...keys: TopMenuKey[]): MenuEntry[] => keys.map((k) => ({ menuName: k, path: `/${k}`, isHidden: 1 }));
const hidden = (...keys: TopMenuKey[]): MenuEntry[] => keys.map((k) => ({ menuName: k, path: `/${k}`, isHidden: 0 }));

const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  roles: ['staff'],
  menus: [],
  isInternal: false,
  isGroup: false,
  ...over,
});

const allMenusShown = shown(...TOP_MENU_KEYS);

describe('filterRoutesByRoles (spec 6, route filtering)', () => {
  const tree: RouteNode[] = [
    { path: '/open' },
    { path: '/no-roles', meta: { title: 'x' } },
    { path: '/empty-roles', meta: { roles: [] } },
    { path: '/finance', meta: { roles: ['finance', 'auditor'] } },
    {
      path: '/parent',
      children: [
        { path: '/parent/open' },
        { path: '/parent/finance', meta: { roles: ['finance'] } },
        {
          path: '/parent/deep',
          children: [{ path: '/parent/deep/auditor', meta: { roles: ['auditor'] } }, { path: '/parent/deep/open' }],
        },
      ],
    },
    { path: '/secret', meta: { roles: ['boss'] }, children: [{ path: '/secret/open' }] },
  ];

  const paths = (nodes: readonly RouteNode[]): string[] => nodes.flatMap((n) => [n.path, ...(n.children ? paths(n.children) : [])]);

  it('gives an admin every route, restricted children included', () => {
    expect(paths(filterRoutesByRoles(tree, ['admin']))).toEqual(paths(tree));
  });

  it('keeps routes without roles meta and routes sharing any one role with the user', () => {
    const kept = paths(filterRoutesByRoles(tree, ['auditor']));
    expect(kept).toEqual([
      '/open',
      '/no-roles',
      '/empty-roles',
      '/finance',
      '/parent',
      '/parent/open',
      '/parent/deep',
      '/parent/deep/auditor',
      '/parent/deep/open',
    ]);
  });

  it('filters children recursively, and drops a whole branch whose parent is not allowed', () => {
    const kept = paths(filterRoutesByRoles(tree, ['finance']));
    expect(kept).toContain('/parent/finance');
    expect(kept).not.toContain('/parent/deep/auditor');
    expect(kept).toContain('/parent/deep/open');
    expect(kept).not.toContain('/secret');
    expect(kept).not.toContain('/secret/open');
  });

  it('keeps only unrestricted routes for a user with no matching role', () => {
    expect(paths(filterRoutesByRoles(tree, []))).toEqual([
      '/open',
      '/no-roles',
      '/empty-roles',
      '/parent',
      '/parent/open',
      '/parent/deep',
      '/parent/deep/open',
    ]);
  });

  it('leaves the route table it was given untouched', () => {
    const before = JSON.stringify(tree);
    filterRoutesByRoles(tree, ['finance']);
    expect(JSON.stringify(tree)).toBe(before);
  });
});

describe('visibleTopMenus (spec 6, menu visibility)', () => {
  it('shows dashboard, system settings, risk view, statistics and blockchain by default, in menu order', () => {
    expect(visibleTopMenus({ menus: [], isInternal: false, isGroup: false })).toEqual([
      'dashboard',
      'system',
      'risk',
      'statistics',
      'blockchain',
    ]);
  });

  it('follows the stored menu list: isHidden 1 shows a menu, isHidden 0 hides it (defaults included)', () => {
    const menus = [...shown('orders', 'warehouse'), ...hidden('risk', 'blockchain')];
    expect(visibleTopMenus({ menus, isInternal: false, isGroup: false })).toEqual([
      'dashboard',
      'orders',
      'warehouse',
      'system',
      'statistics',
    ]);
  });

  it('shows every top menu of spec 2.2 when the list marks them all visible', () => {
    expect(visibleTopMenus({ menus: allMenusShown, isInternal: false, isGroup: false })).toEqual([...TOP_MENU_KEYS]);
  });

  it('limits internal users to dashboard and statistics', () => {
    expect(visibleTopMenus({ menus: allMenusShown, isInternal: true, isGroup: false })).toEqual(['dashboard', 'statistics']);
    expect(visibleTopMenus({ menus: [], isInternal: true, isGroup: false })).toEqual(['dashboard', 'statistics']);
  });

  it('limits group users to dashboard, whatever else they are', () => {
    expect(visibleTopMenus({ menus: allMenusShown, isInternal: false, isGroup: true })).toEqual(['dashboard']);
    expect(visibleTopMenus({ menus: allMenusShown, isInternal: true, isGroup: true })).toEqual(['dashboard']);
  });
});

describe('buildAccess over the route table', () => {
  it('lets an admin reach role-restricted pages that other users cannot', () => {
    const admin = buildAccess(subject({ roles: ['admin'] }));
    const user = buildAccess(subject());
    for (const path of ['/system/users', '/system/roles', '/system/menus', '/system/dictionaries', '/system/numbering']) {
      expect(canVisit(admin, path)).toBe(true);
      expect(canVisit(user, path)).toBe(false);
    }
    expect(canVisit(user, '/system/profile')).toBe(true);
  });

  it('opens approval pages only to holders of the approve permissions (the approver role)', () => {
    const menus = shown('projects', 'contracts', 'funds');
    const approver = buildAccess(subject({ roles: ['approver'], menus }));
    const user = buildAccess(subject({ menus }));
    for (const path of ['/projects/approval', '/contracts/approval', '/funds/approval']) {
      expect(canVisit(approver, path)).toBe(true);
      expect(canVisit(user, path)).toBe(false);
    }
    expect(canVisit(user, '/projects/list')).toBe(true);
  });

  it('refuses by address the pages of a menu the stored list hides, even to an admin', () => {
    const admin = buildAccess(subject({ roles: ['admin'], menus: hidden('system') }));
    expect(admin.topMenus).not.toContain('system');
    expect(canVisit(admin, '/system/users')).toBe(false);
    expect(canVisit(admin, '/system/profile')).toBe(false);
    expect(canVisit(buildAccess(subject()), '/orders/sale')).toBe(false);
    expect(canVisit(buildAccess(subject({ menus: shown('orders') })), '/orders/sale')).toBe(true);
  });

  it('always allows the workbench, which belongs to no top menu', () => {
    expect(canVisit(buildAccess(subject({ isGroup: true })), '/')).toBe(true);
  });

  it('gives internal users the dashboard and statistics areas only', () => {
    const access = buildAccess(subject({ roles: ['internal'], isInternal: true, menus: allMenusShown }));
    expect(access.topMenus).toEqual(['dashboard', 'statistics']);
    expect(canVisit(access, '/statistics/funds')).toBe(true);
    expect(canVisit(access, '/portalWebsite/bannersettings')).toBe(true);
    expect(canVisit(access, '/risk/warnings')).toBe(false);
    expect(canVisit(access, '/orders/sale')).toBe(false);
  });

  it('gives group users the dashboard area only', () => {
    const access = buildAccess(subject({ roles: ['group'], isGroup: true, menus: allMenusShown }));
    expect(access.topMenus).toEqual(['dashboard']);
    expect(canVisit(access, '/portalWebsites/indexSystem')).toBe(true);
    expect(canVisit(access, '/statistics/funds')).toBe(false);
  });

  it('ignores trailing slashes and refuses unknown addresses', () => {
    const access = buildAccess(subject());
    expect(canVisit(access, '/risk/warnings/')).toBe(true);
    expect(canVisit(access, '/no/such/page')).toBe(false);
  });

  it('lets the hidden sub-pages of an allowed page be visited when the permission they need is held', () => {
    const operator = buildAccess(subject({ roles: ['warehouse_operator'], menus: shown('warehouse') }));
    expect(canVisit(operator, '/WarehouscreatitemManagement')).toBe(true);
    expect(canVisit(operator, '/Warehous/creatwbGoodsOutbound')).toBe(true);
    const internal = buildAccess(subject({ roles: ['internal'], menus: allMenusShown }));
    expect(canVisit(internal, '/portalWebsite/articleedit')).toBe(true);
    // Staff read the warehouse and the portal content but write neither.
    const staff = buildAccess(subject({ menus: allMenusShown }));
    expect(canVisit(staff, '/warehouse/regulated')).toBe(true);
    expect(canVisit(staff, '/WarehouscreatitemManagement')).toBe(false);
    expect(canVisit(staff, '/portalWebsite/articledetail')).toBe(true);
    expect(canVisit(staff, '/portalWebsite/articleedit')).toBe(false);
  });
});

describe('first allowed page of a top menu (spec 2.2)', () => {
  it('opens the first page of each visible menu from the real route table', () => {
    const access = buildAccess(subject({ roles: ['admin'], menus: allMenusShown }));
    expect(menuEntryPath(access, 'dashboard')).toBe(DASHBOARD_REDIRECT);
    expect(menuEntryPath(access, 'orders')).toBe('/orders/sale');
    expect(menuEntryPath(access, 'warehouse')).toBe('/warehouse/regulated');
    expect(menuEntryPath(access, 'system')).toBe('/system/profile');
  });

  it('has no entry for a menu the user cannot see', () => {
    expect(menuEntryPath(buildAccess(subject()), 'orders')).toBeNull();
  });

  const page = (path: string, extra: Partial<AppRoute['meta']> = {}): AppRoute => ({
    path,
    kind: 'page',
    meta: { title: path, menu: 'orders', ...extra },
  });
  const table: AppRoute[] = [
    { path: '/', kind: 'page', meta: { title: 'home', affix: true } },
    {
      path: '/orders',
      kind: 'group',
      meta: { title: 'orders', menu: 'orders' },
      children: [
        page('/orders/hidden-add', { hidden: true }),
        page('/orders/approval', { roles: ['approver'] }),
        {
          path: '/orders/inner',
          kind: 'group',
          meta: { title: 'inner', menu: 'orders' },
          children: [page('/orders/inner/first'), page('/orders/inner/second')],
        },
      ],
    },
    {
      path: '/funds',
      kind: 'group',
      meta: { title: 'funds', menu: 'funds' },
      children: [page('/funds/admin', { menu: 'funds', roles: ['admin'] })],
    },
  ];

  it('skips pages the roles do not allow and pages hidden from the menus, descending into groups', () => {
    const menus = shown('orders', 'funds');
    const approver = buildAccess(subject({ roles: ['approver'], menus }), table);
    const user = buildAccess(subject({ menus }), table);
    expect(menuEntryPath(approver, 'orders')).toBe('/orders/approval');
    expect(menuEntryPath(user, 'orders')).toBe('/orders/inner/first');
    expect(firstPagePath(table)).toBe('/');
  });

  it('drops a visible top menu that holds no page the user may open', () => {
    const menus = shown('orders', 'funds');
    expect(buildAccess(subject({ menus }), table).topMenus).toEqual(['orders']);
    expect(buildAccess(subject({ roles: ['admin'], menus }), table).topMenus).toEqual(['orders', 'funds']);
  });
});

describe('route access derives from the permission table (issue 8)', () => {
  const pages = pageRoutes();
  const allowedPages = (roles: string[]) =>
    pages.filter((p) => buildAccess(subject({ roles, menus: allMenusShown })).allowedPaths.has(p.path)).map((p) => p.path);
  const tablePages = (roles: string[]) => pages.filter((p) => p.meta.access !== undefined && can(roles, p.meta.access)).map((p) => p.path);

  it('every page declares the permission it needs, and its roles meta is exactly the holders of it', () => {
    for (const p of pages) {
      expect(p.meta.access, p.path).toBeDefined();
      if (p.meta.access === 'signedIn') expect(p.meta.roles, p.path).toBeUndefined();
      else expect(p.meta.roles, p.path).toEqual(ROLES.filter((r) => can([r], p.meta.access!)));
    }
    // Groups restrict nothing themselves: a group is reached through its pages.
    const groups = ROUTE_TREE.filter((n) => n.kind === 'group');
    for (const g of groups) expect(g.meta.roles, g.path).toBeUndefined();
  });

  it.each(ROLES.map((r) => [r]))('a %s user reaches exactly the pages the table allows (all menus shown)', (role) => {
    const allowed = allowedPages([role]);
    expect(allowed).toEqual(tablePages([role]));
    expect(allowed).toContain('/');
    expect(allowed).toContain('/system/profile');
  });

  it('the demo users with two roles reach the union of what each role allows', () => {
    expect(allowedPages(['staff', 'approver'])).toEqual(tablePages(['staff', 'approver']));
    expect(allowedPages(['admin', 'approver'])).toEqual(pages.map((p) => p.path));
  });

  it('the table’s answer for a few pages, spelled out', () => {
    const staff = allowedPages(['staff']);
    const approver = allowedPages(['approver']);
    const operator = allowedPages(['warehouse_operator']);
    const internal = allowedPages(['internal']);
    const group = allowedPages(['group']);
    expect(staff).toEqual(expect.arrayContaining(['/contracts/sales/add', '/funds/loans/edit', '/goods/catalogue', '/risk/warnings']));
    expect(staff).not.toContain('/system/users');
    expect(staff).not.toContain('/goods/categories');
    expect(approver).toEqual(expect.arrayContaining(['/contracts/sales', '/contracts/sales/detail', '/funds/approval']));
    expect(approver).not.toContain('/contracts/sales/add');
    expect(approver).not.toContain('/orders/sale');
    expect(operator).toEqual(
      expect.arrayContaining(['/warehouse/regulated', '/WarehouscreatitemManagement', '/Warehous/creatwbGoodsOutbound']),
    );
    expect(operator).not.toContain('/contracts/sales');
    expect(internal).toEqual(expect.arrayContaining(['/statistics/funds', '/portalWebsite/articleadd', '/portalWebsites/indexSystem']));
    expect(internal).not.toContain('/risk/warnings');
    expect(group).toEqual(
      expect.arrayContaining(['/portalWebsite/articlelist', '/portalWebsites/indexSystem', '/portalWebsites/dashboardBoard']),
    );
    expect(group).not.toContain('/portalWebsite/articleadd');
    expect(group).not.toContain('/statistics/funds');
    expect(group).not.toContain('/funds/loans');
  });

  it('a staff-only user sees no approval page, by menu or by address', () => {
    const access = buildAccess(subject({ roles: ['staff'], menus: allMenusShown }));
    for (const path of ['/projects/approval', '/contracts/approval', '/funds/approval']) expect(canVisit(access, path)).toBe(false);
    const shownPaths = (nodes: readonly AppRoute[]): string[] =>
      nodes.flatMap((n) => [n.path, ...(n.children ? shownPaths(n.children) : [])]);
    expect(shownPaths(access.tree).filter((p) => p.endsWith('/approval'))).toEqual([]);
  });

  it('the stored menu list still narrows what the table allows, never widens it', () => {
    const narrowed = buildAccess(subject({ roles: ['staff'], menus: hidden('contracts') }));
    expect(canVisit(narrowed, '/contracts/sales')).toBe(false);
    const approver = buildAccess(subject({ roles: ['approver'], menus: allMenusShown }));
    expect(canVisit(approver, '/orders/sale')).toBe(false);
    expect(approver.topMenus).not.toContain('orders');
  });
});

describe('every menu entry leads to a screen', () => {
  it('gives every page of the route table its screen, and every screen loads a component', async () => {
    const pages = pageRoutes();
    expect(pages.length).toBeGreaterThan(100);
    expect(pages.filter((p) => typeof p.page !== 'function').map((p) => p.path)).toEqual([]);
    // The pages the sidebar lists (not the hidden add, edit and detail screens) each load a component.
    for (const p of pages.filter(
      (r) => !r.meta.hidden && r.path.startsWith('/') && /^\/(products|customers|system|goods|projects|blockchain)\//.test(r.path),
    )) {
      const Screen = await p.page!();
      expect(typeof Screen === 'function' || (typeof Screen === 'object' && Screen !== null), p.path).toBe(true);
    }
  }, 120_000);
});
