// Tab views of spec 2.2 (open, close, close others, close all), affix tabs, keepAlive/noCache, and the
// restore after a reload re-checked against what the user may see now.
import { describe, expect, it, vi } from 'vitest';
import { TOP_MENU_KEYS, type MenuEntry } from '@tfb/contract';
import { buildAccess, type AccessSubject } from '../../routes/access';
import { AFFIX_PATHS, WORKBENCH_PATH, findRoute, type AppRoute } from '../../routes/route-table';
import { isKeptAlive, tabRules } from '../tab-rules';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, restoreTabs, type TabRules, type TabView } from '../tabs-model';
import { TABS_STORAGE_KEY, createTabsStore } from '../tabs-store';

const tab = (path: string, query = ''): TabView => ({ path, fullPath: `${path}${query}` });
const home = tab('/');
const rules: TabRules = { isAffix: (path) => path === '/' };
const paths = (tabs: readonly TabView[]) => tabs.map((t) => t.path);

const everyMenu: MenuEntry[] = TOP_MENU_KEYS.map((k) => ({ menuName: k, path: `/${k}`, isHidden: 1 }));
const subject = (over: Partial<AccessSubject> = {}): AccessSubject => ({
  roles: ['staff'],
  menus: everyMenu,
  isInternal: false,
  isGroup: false,
  ...over,
});

describe('openTab', () => {
  it('adds a tab for a newly visited page at the end', () => {
    expect(openTab([home], tab('/orders/sale'))).toEqual([home, tab('/orders/sale')]);
  });

  it('does not duplicate a page already open, but remembers its latest address in place', () => {
    const tabs = [home, tab('/orders/sale'), tab('/goods/catalogue')];
    expect(openTab(tabs, tab('/orders/sale'))).toEqual(tabs);
    expect(openTab(tabs, tab('/orders/sale', '?page=2'))).toEqual([home, tab('/orders/sale', '?page=2'), tab('/goods/catalogue')]);
  });
});

describe('closeTab', () => {
  const tabs = [home, tab('/a'), tab('/b', '?x=1'), tab('/c')];

  it('closing the shown tab moves to its right-hand neighbour at its last address', () => {
    expect(closeTab(tabs, '/a', '/a', rules)).toEqual({ tabs: [home, tab('/b', '?x=1'), tab('/c')], navigateTo: '/b?x=1' });
  });

  it('closing the shown last tab moves to the left-hand one', () => {
    expect(closeTab(tabs, '/c', '/c', rules)).toEqual({ tabs: [home, tab('/a'), tab('/b', '?x=1')], navigateTo: '/b?x=1' });
  });

  it('closing a tab in the background stays on the shown page', () => {
    expect(closeTab(tabs, '/b', '/a', rules)).toEqual({ tabs: [home, tab('/a'), tab('/c')] });
  });

  it('goes home when the only tab closes', () => {
    expect(closeTab([tab('/a')], '/a', '/a', { isAffix: () => false })).toEqual({ tabs: [], navigateTo: '/' });
  });

  it('never closes an affix tab', () => {
    expect(closeTab(tabs, '/', '/', rules)).toEqual({ tabs });
  });
});

describe('closeOtherTabs', () => {
  const tabs = [home, tab('/a'), tab('/b', '?x=1'), tab('/c')];

  it('keeps the affix tabs and the chosen one', () => {
    expect(closeOtherTabs(tabs, '/b', '/b', rules)).toEqual({ tabs: [home, tab('/b', '?x=1')] });
  });

  it('shows the chosen tab when another one was shown', () => {
    expect(closeOtherTabs(tabs, '/b', '/c', rules)).toEqual({ tabs: [home, tab('/b', '?x=1')], navigateTo: '/b?x=1' });
  });
});

describe('closeAllTabs', () => {
  const tabs = [tab('/a'), home, tab('/b')];

  it('keeps only the affix tabs and shows the first of them', () => {
    expect(closeAllTabs(tabs, '/b', rules)).toEqual({ tabs: [home], navigateTo: '/' });
  });

  it('stays put when an affix tab is shown', () => {
    expect(closeAllTabs(tabs, '/', rules)).toEqual({ tabs: [home] });
  });

  it('goes home when no affix tab exists', () => {
    expect(closeAllTabs([tab('/a')], '/a', { isAffix: () => false })).toEqual({ tabs: [], navigateTo: '/' });
  });
});

describe('the route table’s tab meta', () => {
  it('pins the workbench as the affix tab', () => {
    expect(AFFIX_PATHS).toEqual([WORKBENCH_PATH]);
    const r = tabRules(buildAccess(subject()));
    expect(r.isAffix('/')).toBe(true);
    expect(r.isAffix('/orders/sale')).toBe(false);
    expect(closeAllTabs([home, tab('/orders/sale')], '/orders/sale', r)).toEqual({ tabs: [home], navigateTo: '/' });
  });

  it('keeps list pages alive while hidden, but not add/edit/detail pages (noCache)', () => {
    expect(isKeptAlive(findRoute('/orders/sale')?.node)).toBe(true);
    expect(isKeptAlive(findRoute('/portalWebsite/articlelist')?.node)).toBe(true);
    expect(isKeptAlive(findRoute('/portalWebsite/articleadd')?.node)).toBe(false);
    expect(isKeptAlive(findRoute('/portalWebsites/videodetail')?.node)).toBe(false);
    expect(isKeptAlive(findRoute('/WarehouscreatitemManagement')?.node)).toBe(false);
    expect(isKeptAlive(undefined)).toBe(false);
  });

  it('lets noCache win over keepAlive, and keeps nothing alive without keepAlive', () => {
    const route = (meta: Partial<AppRoute['meta']>): AppRoute => ({ path: '/x', kind: 'page', meta: { title: 'x', ...meta } });
    expect(isKeptAlive(route({ keepAlive: true, noCache: true }))).toBe(false);
    expect(isKeptAlive(route({}))).toBe(false);
    expect(isKeptAlive(route({ keepAlive: true }))).toBe(true);
  });
});

describe('restoreTabs after a reload', () => {
  const saved: unknown = [
    { path: '/orders/sale', fullPath: '/orders/sale?page=3' },
    { path: '/system/users', fullPath: '/system/users' },
    { path: '/no/such/page', fullPath: '/no/such/page' },
    { path: '/orders', fullPath: '/orders' },
    { path: '/risk/warnings', fullPath: '/risk/warnings' },
    { path: '/orders/sale', fullPath: '/orders/sale?page=9' },
    { path: '/goods/catalogue' },
    { path: 42, fullPath: '/x' },
    { path: '/risk/companies', fullPath: '/elsewhere' },
    null,
    'junk',
  ];

  it('drops malformed entries, unknown routes, groups, duplicates and pages the user may not open; affix first', () => {
    const r = tabRules(buildAccess(subject()));
    expect(restoreTabs(saved, r)).toEqual([home, tab('/orders/sale', '?page=3'), tab('/risk/warnings')]);
  });

  it('restores the admin-only page for an admin', () => {
    const r = tabRules(buildAccess(subject({ roles: ['admin'] })));
    expect(paths(restoreTabs(saved, r))).toEqual(['/', '/orders/sale', '/system/users', '/risk/warnings']);
  });

  it('re-checks the menu list too: a menu hidden since the tabs were saved loses its tabs', () => {
    const r = tabRules(buildAccess(subject({ menus: [{ menuName: 'orders', path: '/orders', isHidden: 0 }] })));
    expect(paths(restoreTabs(saved, r))).toEqual(['/', '/risk/warnings']);
    const group = tabRules(buildAccess(subject({ isGroup: true })));
    expect(paths(restoreTabs(saved, group))).toEqual(['/']);
  });

  it('keeps the address of a saved affix tab, and still opens the affix tab when nothing was saved', () => {
    const r = tabRules(buildAccess(subject()));
    expect(restoreTabs([{ path: '/', fullPath: '/?welcome=1' }], r)).toEqual([tab('/', '?welcome=1')]);
    expect(restoreTabs(null, r)).toEqual([home]);
    expect(restoreTabs({ not: 'a list' }, r)).toEqual([home]);
  });
});

describe('tabs store', () => {
  it('saves the open tabs in sessionStorage so a new store (after a reload) reads them back', () => {
    const store = createTabsStore(window.sessionStorage);
    store.setTabs([home, tab('/orders/sale', '?page=2')]);
    expect(JSON.parse(window.sessionStorage.getItem(TABS_STORAGE_KEY) ?? 'null')).toEqual([home, tab('/orders/sale', '?page=2')]);

    const reloaded = createTabsStore(window.sessionStorage);
    const r = tabRules(buildAccess(subject()));
    expect(restoreTabs(reloaded.getState().tabs, r)).toEqual([home, tab('/orders/sale', '?page=2')]);
  });

  it('starts empty when the saved value is unreadable', () => {
    window.sessionStorage.setItem(TABS_STORAGE_KEY, '{not json');
    expect(createTabsStore(window.sessionStorage).getState().tabs).toEqual([]);
    expect(createTabsStore(null).getState().tabs).toEqual([]);
  });

  it('notifies on change only, and counts refreshes per tab', () => {
    const store = createTabsStore(null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setTabs([home]);
    store.setTabs([{ ...home }]);
    expect(listener).toHaveBeenCalledTimes(1);

    store.refresh('/a');
    store.refresh('/a');
    store.refresh('/b');
    expect(store.getState().generations).toEqual({ '/a': 2, '/b': 1 });
    expect(listener).toHaveBeenCalledTimes(4);

    unsubscribe();
    store.setTabs([]);
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
