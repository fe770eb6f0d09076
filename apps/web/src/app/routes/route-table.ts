// The business route table: one tree whose meta (access, roles, title, keepAlive, noCache, affix) feeds the
// router, the top menus, the sidebar, the breadcrumb and the tabs. Titles are translation keys.
// Every page declares the permission it needs from the contract's permission table; its `roles` meta (spec
// section 6's filterRoutesByRoles) is derived from that permission, so the web and the server read one table.
import { createElement, type ComponentProps, type ComponentType } from 'react';
import { rolesWith, type DocumentBusinessType, type Permission, type PermissionArea, type RouteMeta, type TopMenuKey } from '@tfb/contract';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { workbenchQueryOptions } from '../../features/workbench/api/get-workbench';

export type PageLoader = () => Promise<ComponentType>;
/** Loads the options of a page's first query (with its code). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page's query: its key, function and data types vary
export type PageData = () => Promise<FetchQueryOptions<any, any, any, any>>;

/** What a page needs: a permission of the table, or only a session (the workbench, the user's own profile). */
export type PageAccess = Permission | 'signedIn';

export type AppRouteMeta = RouteMeta & {
  title: string;
  /** The permission the page needs (pages only; a group is reachable through its pages). */
  access?: PageAccess;
  /** Sidebar item group (a translation key) the page is listed under. */
  section?: string;
};

/** Fits the contract's RouteNode (so filterRoutesByRoles applies), plus what the web app needs. */
export type AppRoute = {
  path: string;
  /** A group only leads to its first allowed page; a page is a screen (and may hold hidden sub-pages). */
  kind: 'group' | 'page';
  meta: AppRouteMeta;
  page?: PageLoader;
  /**
   * The query of the page's first data, asked for as soon as the session has settled when the app opens on the page
   * (router.tsx preloadRouteData), so the call is on the wire while the shell renders; the page's own query takes the
   * answer over.
   */
  data?: PageData;
  children?: AppRoute[];
};

// `roles` is not set by hand: it follows from `access`.
type PageOptions = Partial<Omit<AppRouteMeta, 'title' | 'access' | 'roles'>> & {
  access: PageAccess;
  /** The screen's code, loaded when the page is first opened: every page has one. */
  page: PageLoader;
  data?: PageData;
  children?: AppRoute[];
};

/** The roles meta of a page: the roles holding its permission (none for pages any signed-in user may open). */
const rolesMeta = (access: PageAccess): Pick<RouteMeta, 'roles'> => (access === 'signedIn' ? {} : { roles: rolesWith(access) });

const page = (path: string, title: string, options: PageOptions): AppRoute => {
  const { page: loader, data, children, access, ...meta } = options;
  return {
    path,
    kind: 'page',
    meta: { title, keepAlive: true, ...meta, access, ...rolesMeta(access) },
    page: loader,
    ...(data ? { data } : {}),
    ...(children ? { children } : {}),
  };
};

/** Add, edit and detail screens: not in the sidebar, and fresh on every visit. */
const subPage = (path: string, title: string, options: PageOptions): AppRoute =>
  page(path, title, { hidden: true, keepAlive: false, noCache: true, ...options });

const group = (path: string, title: string, menu: TopMenuKey, children: AppRoute[], icon?: string): AppRoute => ({
  path,
  kind: 'group',
  meta: { title, menu, ...(icon ? { icon } : {}) },
  children: children.map((c) => withMenu(c, menu)),
});

function withMenu(node: AppRoute, menu: TopMenuKey): AppRoute {
  return {
    ...node,
    meta: { ...node.meta, menu },
    ...(node.children ? { children: node.children.map((c) => withMenu(c, menu)) } : {}),
  };
}

type AreaWith<A extends string> = { [X in PermissionArea]: `${X}:${A}` extends Permission ? X : never }[PermissionArea];
/** Reading an area's lists and details, and writing its add and edit screens. */
const read = (area: PermissionArea): Permission => `${area}:read` as Permission;
const write = (area: AreaWith<'write'>): Permission => `${area}:write` as Permission;

/** The content screens of both portal trees (their code loads with the first of them a user opens). */
const contentModule = () => import('../../features/portal/components/content/content-routes');
type ContentModule = Awaited<ReturnType<typeof contentModule>>;
type ContentProps = ComponentProps<ContentModule['ContentListRoute']>;

/** A content screen of a site with the approval block of its items (the process timeline and approve / reject). */
const contentScreen =
  (pick: (m: ContentModule) => ComponentType<ContentProps>, props: Omit<ContentProps, 'review'>): PageLoader =>
  () =>
    Promise.all([contentModule(), approvalModule()]).then(([content, approval]) => {
      const site = props.base === '/portalWebsite' ? 'portalWebsite' : 'portalWebsites';
      const review: ContentProps['review'] = (item) =>
        item.processInstanceId === null
          ? null
          : createElement(approval.ProcessReview, {
              processInstanceId: item.processInstanceId,
              approve: `${site}:approve`,
              invalidateOnChange: [['portal', site, 'content']],
            });
      return withProps<ContentProps>({ ...props, review })(pick(content));
    });

/** The pages both content-administration trees hold (spec 2.1). */
function portalPages(base: '/portalWebsite' | '/portalWebsites'): AppRoute[] {
  const p = (slug: string) => `${base}/${slug}`;
  const t = (key: string) => `route.portal.${key}`;
  const area = base === '/portalWebsite' ? 'portalWebsite' : 'portalWebsites';
  // Lists and details read the site's content; add and edit screens write it.
  const view = { access: read(area) };
  const edit = { access: write(area) };
  const columns = { section: 'section.portalColumns', ...view };
  const news = { section: 'section.portalNews', ...view };
  const content = { section: 'section.portalContent', ...view };
  const layout = { section: 'section.portalLayout', ...view };
  const columnSettings = p(base === '/portalWebsites' ? 'columnsettingss' : 'columnsettings');
  /** A type's list (its route title key) and, for types with pages, its add, edit and detail pages. */
  const list = (path: string, title: string, type: ContentProps['type'], more: Partial<ContentProps> = {}) =>
    contentScreen((m) => m.ContentListRoute, { base, type, title, path, ...more });
  const sub = (screen: 'ContentAddRoute' | 'ContentEditRoute' | 'ContentDetailRoute', type: ContentProps['type'], title: string) =>
    contentScreen((m) => m[screen], { base, type, title });
  const typePages = (
    type: ContentProps['type'],
    slugs: { add: string; edit?: string; detail: string },
    titles: { add: string; edit?: string; detail: string },
  ) => [
    subPage(p(slugs.add), t(titles.add), { ...edit, page: sub('ContentAddRoute', type, t(titles.add)) }),
    ...(slugs.edit && titles.edit
      ? [subPage(p(slugs.edit), t(titles.edit), { ...edit, page: sub('ContentEditRoute', type, t(titles.edit)) })]
      : []),
    subPage(p(slugs.detail), t(titles.detail), { ...view, page: sub('ContentDetailRoute', type, t(titles.detail)) }),
  ];
  const slot = (slug: string, title: string, slotKind: NonNullable<ContentProps['slotKind']>, section: typeof news) =>
    page(p(slug), t(title), { ...section, page: list(p(slug), t(title), 'layoutSlot', { slotKind }) });
  const columnTable = (slug: string, title: string, which: 'topic' | 'child') =>
    page(p(slug), t(title), {
      ...columns,
      page: () =>
        contentModule().then((m) => withProps({ base, title: t(title), which, settingsPath: columnSettings })(m.ColumnTableRoute)),
    });
  return [
    // The second tree spells it with a double s (spec 2.1 names /portalWebsites/columnsettingss).
    page(columnSettings, t('columnSettings'), {
      ...columns,
      // Reading the site opens the tree; changing it needs the site's admin permission (P19), checked in the page.
      page: () =>
        import('../../features/portal/components/column-settings-page').then((m) =>
          withProps<ComponentProps<typeof m.ColumnSettingsPage>>({ site: area, path: columnSettings })(m.ColumnSettingsPage),
        ),
    }),
    columnTable('childcolumn', 'childColumn', 'child'),
    page(p('bannersettings'), t('bannerSettings'), { ...columns, page: list(p('bannersettings'), t('bannerSettings'), 'banner') }),
    page(p('websitecopy'), t('websiteCopy'), { ...columns, page: list(p('websitecopy'), t('websiteCopy'), 'websiteCopy') }),
    columnTable('specialcolumn', 'specialColumn', 'topic'),
    slot('horizontalnews1', 'horizontalNews1', 'horizontalNews1', news),
    slot('horizontalnews3', 'horizontalNews3', 'horizontalNews3', news),
    slot('horizontalnews4', 'horizontalNews4', 'horizontalNews4', news),
    slot('bottomnews', 'bottomNews', 'bottomNews', news),
    page(p('articlelist'), t('articleList'), {
      ...content,
      page: list(p('articlelist'), t('articleList'), 'article'),
      children: typePages(
        'article',
        { add: 'articleadd', edit: 'articleedit', detail: 'articledetail' },
        { add: 'articleAdd', edit: 'articleEdit', detail: 'articleDetail' },
      ),
    }),
    page(p('announcement'), t('announcement'), {
      ...content,
      page: list(p('announcement'), t('announcement'), 'announcement'),
      // An announcement is edited on its add page (?id=) until it is published; then it is withdrawn and reissued.
      children: typePages(
        'announcement',
        { add: 'announcementadd', detail: 'announcementdetail' },
        { add: 'announcementAdd', detail: 'announcementDetail' },
      ),
    }),
    page(p('picturetextsingle'), t('pictureTextSingle'), {
      ...content,
      page: list(p('picturetextsingle'), t('pictureTextSingle'), 'pictureTextPage'),
    }),
    page(p('picturetextlist'), t('pictureTextList'), {
      ...content,
      page: list(p('picturetextlist'), t('pictureTextList'), 'pictureTextItem'),
      children: typePages(
        'pictureTextItem',
        { add: 'picturetextadd', edit: 'picturetextedit', detail: 'picturetextdetail' },
        { add: 'pictureTextAdd', edit: 'pictureTextEdit', detail: 'pictureTextDetail' },
      ),
    }),
    page(p('video'), t('video'), {
      ...content,
      page: list(p('video'), t('video'), 'video'),
      children: typePages(
        'video',
        { add: 'videoadd', edit: 'videoedit', detail: 'videodetail' },
        { add: 'videoAdd', edit: 'videoEdit', detail: 'videoDetail' },
      ),
    }),
    page(p('industryvideo'), t('industryVideo'), {
      ...content,
      page: list(p('industryvideo'), t('industryVideo'), 'industryVideo'),
      children: typePages(
        'industryVideo',
        { add: 'industryvideoadd', edit: 'industryvideoedit', detail: 'industryvideodetail' },
        { add: 'industryVideoAdd', edit: 'industryVideoEdit', detail: 'industryVideoDetail' },
      ),
    }),
    slot('leftrightrow', 'leftRightRow', 'leftRightRow', layout),
    slot('threerow', 'threeRow', 'threeRow', layout),
    slot('fourrow', 'fourRow', 'fourRow', layout),
    slot('bottomrow', 'bottomRow', 'bottomRow', layout),
  ];
}

const visual = { section: 'section.portalVisual', access: read('portalWebsites') };

// ---- business screens (issue 3): a list page with hidden add, edit and detail sub-pages (?id=) ----

type CrudLoaders = { list: PageLoader; add: PageLoader; edit: PageLoader; detail: PageLoader };

/** The list and detail read the area; add and edit write it. */
const crudPage = (path: string, title: string, icon: string, subTitles: string, area: AreaWith<'write'>, load: CrudLoaders): AppRoute =>
  page(path, title, {
    icon,
    access: read(area),
    page: load.list,
    children: [
      subPage(`${path}/add`, `${subTitles}.add`, { access: write(area), page: load.add }),
      subPage(`${path}/edit`, `${subTitles}.edit`, { access: write(area), page: load.edit }),
      subPage(`${path}/detail`, `${subTitles}.detail`, { access: read(area), page: load.detail }),
    ],
  });

type ContractSlug = 'purchase' | 'sales' | 'logistics' | 'supervision' | 'assay' | 'guarantee' | 'other';
type OrderSlug = 'sales' | 'purchase';

/**
 * The route component of a screen that takes props (a contract type, an order kind): made once, when the page's code
 * loads (a kept-alive tab must not read its type from the current location).
 */
const withProps =
  <P extends object>(props: P) =>
  (Screen: ComponentType<P>): ComponentType =>
    function RouteScreen() {
      return createElement(Screen, props);
    };

// The contract and loan-application detail pages hold the approval panel in their `extra` slot: the features meet
// here, not in each other.
const approvalModule = () => import('../../features/approval');

type InApproval = { id: number; processInstanceId: number | null; status: string };

/** The `extra` of a detail page: the approval panel of its record, which refreshes the record's feature on a change. */
const approvalExtra =
  (approval: Awaited<ReturnType<typeof approvalModule>>, businessType: DocumentBusinessType, root: string) => (record: InApproval) =>
    createElement(approval.ApprovalPanel, {
      businessType,
      businessId: record.id,
      processInstanceId: record.processInstanceId,
      businessStatus: record.status,
      invalidateOnChange: [[root]],
    });

/** The detail page of an in-storage notice or delivery application with the approval block of its process (P28). */
const flowDetail =
  (which: 'notice' | 'application'): PageLoader =>
  () =>
    Promise.all([
      which === 'notice'
        ? import('../../features/warehouse-flows/components/notice-pages').then((m) => m.NoticeDetailPage)
        : import('../../features/warehouse-flows/components/application-pages').then((m) => m.ApplicationDetailPage),
      approvalModule(),
    ]).then(([Detail, approval]) => {
      const extra = (record: { processInstanceId: number | null }) =>
        record.processInstanceId === null
          ? null
          : createElement(approval.ProcessReview, {
              processInstanceId: record.processInstanceId,
              approve: which === 'notice' ? 'contracts:approve' : 'funds:approve',
              invalidateOnChange: [['warehouse-flows'], ['warehouse']],
            });
      return withProps({ extra })(Detail as ComponentType<{ extra: typeof extra }>);
    });

const contractDetailWithApproval =
  (kind: ContractSlug): PageLoader =>
  () =>
    Promise.all([import('../../features/contracts/components/contract-detail-page'), approvalModule()]).then(([contracts, approval]) =>
      withProps({ kind, extra: approvalExtra(approval, 'contract', 'contracts') })(contracts.ContractDetailPage),
    );

const contractPage = (kind: ContractSlug, icon: string): AppRoute => {
  const form = () => import('../../features/contracts/components/contract-form-page');
  return crudPage(`/contracts/${kind}`, `route.contracts.${kind}`, icon, `biz.route.contract.${kind}`, 'contracts', {
    list: () => import('../../features/contracts/components/contract-list-page').then((m) => withProps({ kind })(m.ContractListPage)),
    add: () => form().then((m) => withProps({ kind })(m.ContractCreatePage)),
    edit: () => form().then((m) => withProps({ kind })(m.ContractEditPage)),
    detail: contractDetailWithApproval(kind),
  });
};

const orderPage = (kind: OrderSlug, slug: string, icon: string): AppRoute => {
  const form = () => import('../../features/orders/components/order-form-page');
  return crudPage(`/orders/${slug}`, `route.orders.${slug}`, icon, `biz.route.${kind}Order`, 'orders', {
    list: () => import('../../features/orders/components/order-list-page').then((m) => withProps({ kind })(m.OrderListPage)),
    add: () => form().then((m) => withProps({ kind })(m.OrderCreatePage)),
    edit: () => form().then((m) => withProps({ kind })(m.OrderEditPage)),
    detail: () => import('../../features/orders/components/order-detail-page').then((m) => withProps({ kind })(m.OrderDetailPage)),
  });
};

/** The three statistics dashboards share one module (and ECharts loads with their first chart). */
const statisticsModule = () => import('../../features/statistics/components/statistics-page');

export const WORKBENCH_PATH = '/';

export const ROUTE_TREE: readonly AppRoute[] = [
  page(WORKBENCH_PATH, 'route.workbench', {
    access: 'signedIn',
    affix: true,
    icon: 'home',
    page: () => import('../../features/workbench/components/workbench-page').then((m) => m.WorkbenchPage),
    // The first screen after the portal entry: its summary is asked for as soon as the entry is answered, before the
    // shell renders. Its call is part of the first load (a few hundred bytes, with the shell's schemas), not a chunk
    // that would wait for a connection behind the page's code.
    data: () => Promise.resolve(workbenchQueryOptions()),
  }),
  group('/portalWebsite', 'route.portalWebsite', 'dashboard', portalPages('/portalWebsite'), 'global'),
  group(
    '/portalWebsites',
    'route.portalWebsites',
    'dashboard',
    [
      ...portalPages('/portalWebsites'),
      page('/portalWebsites/indexSystem', 'route.portal.indexSystem', {
        ...visual,
        // Reading the tree needs portalWebsites:read; changing it portalWebsites:write, checked in the page.
        page: () => import('../../features/indicators/components/indicator-system-page').then((m) => m.IndicatorSystemPage),
      }),
      page('/portalWebsites/visualScene', 'route.portal.visualScene', {
        ...visual,
        page: () => import('../../features/boards/pages').then((m) => m.loadScenePage()),
      }),
      page('/portalWebsites/oneGraphDataSource', 'route.portal.oneGraphDataSource', {
        ...visual,
        page: () => import('../../features/data-sources/components/data-sources-page').then((m) => m.DataSourcesPage),
      }),
      page('/portalWebsites/dashboardBoard', 'route.portal.dashboardBoard', {
        ...visual,
        page: () => import('../../features/boards/pages').then((m) => m.loadBoardPage()),
      }),
    ],
    'fund-projection-screen',
  ),
  group('/orders', 'menu.orders', 'orders', [orderPage('sales', 'sale', 'rise'), orderPage('purchase', 'purchase', 'shopping-cart')]),
  group('/projects', 'menu.projects', 'projects', [
    crudPage('/projects/list', 'route.projects.list', 'project', 'biz.route.project', 'projects', {
      list: () => import('../../features/projects/components/project-list-page').then((m) => m.ProjectListPage),
      add: () => import('../../features/projects/components/project-form-page').then((m) => m.ProjectCreatePage),
      edit: () => import('../../features/projects/components/project-form-page').then((m) => m.ProjectEditPage),
      detail: () =>
        Promise.all([import('../../features/projects/components/project-detail-page'), approvalModule()]).then(([projects, approval]) =>
          withProps({ extra: approvalExtra(approval, 'project', 'projects') })(projects.ProjectDetailPage),
        ),
    }),
    page('/projects/approval', 'route.projects.approval', {
      icon: 'audit',
      access: 'projects:approve',
      page: () => import('../../features/approval/components/approval-tasks-page').then((m) => m.ProjectApprovalPage),
    }),
  ]),
  group('/contracts', 'menu.contracts', 'contracts', [
    contractPage('purchase', 'file-text'),
    contractPage('sales', 'file-done'),
    contractPage('logistics', 'car'),
    contractPage('supervision', 'eye'),
    contractPage('assay', 'experiment'),
    contractPage('guarantee', 'safety'),
    contractPage('other', 'file'),
    page('/contracts/approval', 'route.contracts.approval', {
      icon: 'audit',
      access: 'contracts:approve',
      page: () => import('../../features/approval/components/approval-tasks-page').then((m) => m.ContractApprovalPage),
    }),
  ]),
  group('/warehouse', 'menu.warehouse', 'warehouse', [
    page('/warehouse/regulated', 'route.warehouse.regulated', {
      icon: 'bank',
      access: 'warehouse:read',
      page: () => import('../../features/warehouse/components/warehouse-list-page').then((m) => m.RegulatedWarehousePage),
      children: [
        // Spec 2.3 item 11: the pages the regulated-warehouse list opens with ?id=.
        subPage('/WarehouscreatitemManagement', 'route.warehouse.createInStorageOrder', {
          access: 'warehouse:write',
          page: () => import('../../features/warehouse/components/create-order-pages').then((m) => m.CreateInStorageOrderPage),
        }),
        subPage('/WarehouscreatmGoodsOutbound', 'route.warehouse.createDeliveryOrder', {
          access: 'warehouse:write',
          page: () => import('../../features/warehouse/components/create-order-pages').then((m) => m.CreateOutboundOrderPage),
        }),
      ],
    }),
    page('/warehouse/external', 'route.warehouse.external', {
      icon: 'container',
      access: 'warehouse:read',
      page: () => import('../../features/warehouse/components/warehouse-list-page').then((m) => m.WarehouseWorkPage),
      children: [
        subPage('/Warehous/crexternalListManagement', 'route.warehouse.externalInStorage', {
          access: 'warehouse:read',
          page: () => import('../../features/warehouse/components/order-list-pages').then((m) => m.InStorageOrdersPage),
        }),
        subPage('/Warehous/creatwbGoodsOutbound', 'route.warehouse.externalDelivery', {
          access: 'warehouse:read',
          page: () => import('../../features/warehouse/components/order-list-pages').then((m) => m.OutboundOrdersPage),
        }),
      ],
    }),
    // P28: the enterprise's in-storage notices and delivery applications; their detail pages hold the approval block.
    page('/warehouse/notices', 'route.warehouse.notices', {
      icon: 'file-done',
      access: 'contracts:read',
      page: () => import('../../features/warehouse-flows/components/notice-pages').then((m) => m.NoticeListPage),
      children: [
        subPage('/warehouse/notices/add', 'flows.route.noticeAdd', {
          access: 'contracts:write',
          page: () => import('../../features/warehouse-flows/components/notice-pages').then((m) => m.NoticeCreatePage),
        }),
        subPage('/warehouse/notices/detail', 'flows.route.noticeDetail', {
          access: 'contracts:read',
          page: flowDetail('notice'),
        }),
      ],
    }),
    page('/warehouse/delivery-applications', 'route.warehouse.deliveryApplications', {
      icon: 'car',
      access: 'funds:read',
      page: () => import('../../features/warehouse-flows/components/application-pages').then((m) => m.ApplicationListPage),
      children: [
        subPage('/warehouse/delivery-applications/add', 'flows.route.applicationAdd', {
          access: 'funds:write',
          page: () => import('../../features/warehouse-flows/components/application-pages').then((m) => m.ApplicationCreatePage),
        }),
        subPage('/warehouse/delivery-applications/detail', 'flows.route.applicationDetail', {
          access: 'funds:read',
          page: flowDetail('application'),
        }),
      ],
    }),
  ]),
  group('/funds', 'menu.funds', 'funds', [
    crudPage('/funds/loans', 'route.funds.loans', 'account-book', 'biz.route.loan', 'funds', {
      list: () => import('../../features/loans/components/loan-list-page').then((m) => m.LoanListPage),
      add: () => import('../../features/loans/components/loan-form-page').then((m) => m.LoanCreatePage),
      edit: () => import('../../features/loans/components/loan-form-page').then((m) => m.LoanEditPage),
      detail: () =>
        Promise.all([import('../../features/loans/components/loan-detail-page'), approvalModule()]).then(([loans, approval]) =>
          withProps({ extra: approvalExtra(approval, 'loan', 'loans') })(loans.LoanDetailPage),
        ),
    }),
    crudPage('/funds/settlement', 'route.funds.settlement', 'transaction', 'biz.route.settlement', 'funds', {
      list: () => import('../../features/settlements/components/settlement-list-page').then((m) => m.SettlementListPage),
      add: () => import('../../features/settlements/components/settlement-form-page').then((m) => m.SettlementCreatePage),
      edit: () => import('../../features/settlements/components/settlement-form-page').then((m) => m.SettlementEditPage),
      detail: () => import('../../features/settlements/components/settlement-detail-page').then((m) => m.SettlementDetailPage),
    }),
    page('/funds/approval', 'route.funds.approval', {
      icon: 'audit',
      access: 'funds:approve',
      page: () => import('../../features/approval/components/approval-tasks-page').then((m) => m.LoanApprovalPage),
    }),
  ]),
  group('/products', 'menu.products', 'products', [
    // The catalogue: everyone with products:read reads it; products:admin adds and edits (issue 14).
    page('/products/list', 'route.products.list', {
      icon: 'appstore',
      access: 'products:read',
      page: () => import('../../features/products/components/product-list-page').then((m) => m.ProductListPage),
      children: [
        subPage('/products/list/add', 'biz.route.product.add', {
          access: 'products:admin',
          page: () => import('../../features/products/components/product-form-page').then((m) => m.ProductCreatePage),
        }),
        subPage('/products/list/edit', 'biz.route.product.edit', {
          access: 'products:admin',
          page: () => import('../../features/products/components/product-form-page').then((m) => m.ProductEditPage),
        }),
        subPage('/products/list/detail', 'biz.route.product.detail', {
          access: 'products:read',
          page: () => import('../../features/products/components/product-detail-page').then((m) => m.ProductDetailPage),
        }),
      ],
    }),
    // The enterprise's signings; the detail holds the approval timeline and approve / reject (products:approve).
    crudPage('/products/signing', 'route.products.signing', 'edit', 'biz.route.signing', 'products', {
      list: () => import('../../features/products/components/signing-list-page').then((m) => m.SigningListPage),
      add: () => import('../../features/products/components/signing-form-page').then((m) => m.SigningCreatePage),
      edit: () => import('../../features/products/components/signing-form-page').then((m) => m.SigningEditPage),
      detail: () =>
        Promise.all([import('../../features/products/components/signing-detail-page'), approvalModule()]).then(([products, approval]) =>
          withProps({
            extra: (s: InApproval) =>
              s.processInstanceId === null
                ? null
                : createElement(approval.ProcessReview, {
                    processInstanceId: s.processInstanceId,
                    approve: 'products:approve',
                    invalidateOnChange: [['products', 'signings']],
                  }),
          })(products.SigningDetailPage),
        ),
    }),
  ]),
  group('/goods', 'menu.goods', 'goods', [
    crudPage('/goods/catalogue', 'route.goods.catalogue', 'gold', 'biz.route.goods', 'goods', {
      list: () => import('../../features/goods/components/goods-list-page').then((m) => m.GoodsCatalogueListPage),
      add: () => import('../../features/goods/components/goods-form-page').then((m) => m.GoodsCreatePage),
      edit: () => import('../../features/goods/components/goods-form-page').then((m) => m.GoodsEditPage),
      detail: () => import('../../features/goods/components/goods-detail-page').then((m) => m.GoodsDetailPage),
    }),
    page('/goods/categories', 'route.goods.categories', {
      icon: 'apartment',
      access: 'goods:admin',
      page: () => import('../../features/goods-categories/components/goods-categories-page').then((m) => m.GoodsCategoriesPage),
    }),
  ]),
  group('/customers', 'menu.customers', 'customers', [
    page('/customers/enterprises', 'route.customers.enterprises', {
      icon: 'team',
      access: 'customers:read',
      // The detail's risk warnings open the risk feature's company dialog: the features meet here.
      page: () =>
        Promise.all([
          import('../../features/customers/components/customer-list-page'),
          import('../../features/risk/components/company-risk-dialog'),
        ]).then(([customers, risk]) => withProps({ RiskDialog: risk.CompanyRiskDialog })(customers.CustomerListPage)),
    }),
    page('/customers/addresses', 'route.customers.addresses', {
      icon: 'environment',
      access: 'customers:read',
      page: () => import('../../features/customers/components/address-book-page').then((m) => m.AddressBookPage),
    }),
  ]),
  group('/system', 'menu.system', 'system', [
    page('/system/profile', 'route.system.profile', {
      icon: 'user',
      access: 'signedIn',
      page: () => import('../../features/profile/components/profile-page').then((m) => m.ProfilePage),
    }),
    page('/system/users', 'route.system.users', {
      icon: 'team',
      access: 'system:admin',
      page: () => import('../../features/system/components/users-page').then((m) => m.UsersPage),
    }),
    page('/system/roles', 'route.system.roles', {
      icon: 'safety-certificate',
      access: 'system:admin',
      page: () => import('../../features/system/components/roles-page').then((m) => m.RolesPage),
    }),
    page('/system/menus', 'route.system.menus', {
      icon: 'menu',
      access: 'system:admin',
      page: () => import('../../features/system/components/menus-page').then((m) => m.MenusPage),
    }),
    page('/system/dictionaries', 'route.system.dictionaries', {
      icon: 'book',
      access: 'system:admin',
      page: () => import('../../features/system/components/dictionaries-page').then((m) => m.DictionariesPage),
    }),
    page('/system/numbering', 'route.system.numbering', {
      icon: 'number',
      access: 'system:admin',
      page: () => import('../../features/system/components/numbering-page').then((m) => m.NumberingPage),
    }),
  ]),
  group('/risk', 'menu.risk', 'risk', [
    page('/risk/warnings', 'route.risk.warnings', {
      icon: 'bell',
      access: 'risk:read',
      // Opening a message shows the risk feature's company risk-warning dialog: the two features meet here.
      page: () =>
        Promise.all([
          import('../../features/warnings/components/warning-messages-page'),
          import('../../features/risk/components/company-risk-dialog'),
        ]).then(([warnings, risk]) => warnings.warningMessagesPageWith(risk.CompanyRiskDialog)),
    }),
    page('/risk/companies', 'route.risk.companies', {
      icon: 'alert',
      access: 'risk:read',
      page: () => import('../../features/risk/components/company-risk-page').then((m) => m.CompanyRiskPage),
    }),
  ]),
  group('/statistics', 'menu.statistics', 'statistics', [
    page('/statistics/business', 'route.statistics.business', {
      icon: 'bar-chart',
      access: 'statistics:read',
      page: () => statisticsModule().then((m) => m.BusinessStatisticsPage),
    }),
    page('/statistics/funds', 'route.statistics.funds', {
      icon: 'line-chart',
      access: 'statistics:read',
      page: () => statisticsModule().then((m) => m.FundsStatisticsPage),
    }),
    page('/statistics/warehouse', 'route.statistics.warehouse', {
      icon: 'pie-chart',
      access: 'statistics:read',
      page: () => statisticsModule().then((m) => m.WarehouseStatisticsPage),
    }),
  ]),
  group('/blockchain', 'menu.blockchain', 'blockchain', [
    page('/blockchain/certificates', 'route.blockchain.certificates', {
      icon: 'safety-certificate',
      access: 'blockchain:read',
      page: () => import('../../features/blockchain/components/certificate-lookup-page').then((m) => m.CertificateLookupPage),
      children: [
        subPage('/blockchain/certificates/detail', 'route.blockchain.certificate', {
          access: 'blockchain:read',
          page: () => import('../../features/blockchain/components/certificate-page').then((m) => m.CertificatePage),
        }),
      ],
    }),
    page('/blockchain/records', 'route.blockchain.records', {
      icon: 'link',
      access: 'blockchain:read',
      page: () => import('../../features/blockchain/components/records-page').then((m) => m.RecordsPage),
    }),
  ]),
];

export type IndexedRoute = { node: AppRoute; ancestors: readonly AppRoute[] };

function indexTree(tree: readonly AppRoute[]): Map<string, IndexedRoute> {
  const index = new Map<string, IndexedRoute>();
  const walk = (nodes: readonly AppRoute[], ancestors: readonly AppRoute[]) => {
    for (const node of nodes) {
      index.set(node.path, { node, ancestors });
      if (node.children) walk(node.children, [...ancestors, node]);
    }
  };
  walk(tree, []);
  return index;
}

export const ROUTE_INDEX: ReadonlyMap<string, IndexedRoute> = indexTree(ROUTE_TREE);

/** The route-table entry for a location's pathname (trailing slashes ignored). */
export function findRoute(pathname: string): IndexedRoute | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTE_INDEX.get(clean);
}

/** Every route a tab can show (pages, not groups), in tree order. */
export function pageRoutes(tree: readonly AppRoute[] = ROUTE_TREE): AppRoute[] {
  const out: AppRoute[] = [];
  const walk = (nodes: readonly AppRoute[]) => {
    for (const n of nodes) {
      if (n.kind === 'page') out.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

export const AFFIX_PATHS: readonly string[] = pageRoutes()
  .filter((r) => r.meta.affix)
  .map((r) => r.path);

/** The top menu a route belongs to (none for the workbench). */
export const menuOf = (route: AppRoute | undefined): TopMenuKey | undefined => route?.meta.menu;
