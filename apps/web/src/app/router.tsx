// The router: public pages, /dashboard's redirect, the signed-in layout holding every route of the
// route table (each behind its guard), and /404 for anything else. Titles ride in `handle`.
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { BootSplash } from '../components/boot-splash';
import { ensurePageMessages } from '../lib/i18n';
import { setNavigator } from '../lib/navigation';
import { queryClient } from '../lib/query-client';
import { doneProgress, flashProgress, startProgress } from '../lib/progress';
import { SignedInShell } from './layout/signed-in-shell';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';
import { ROUTE_INDEX, findRoute, type AppRoute } from './routes/route-table';

/** Spec 2.1: /dashboard redirects to the portal-website area. */
export const DASHBOARD_REDIRECT = '/portalWebsite/columnsettings';

const guard = () => import('./routes/route-guard');

/**
 * Starts loading what opening `pathname` takes — its page's code, the code that asks for its first data (asked for
 * by preloadRouteData once the session has settled), the route guard and the pages' messages — ahead of the router,
 * which asks for them again once the session has settled (the boot calls this meanwhile).
 */
export function preloadRoute(pathname: string): void {
  const node = findRoute(pathname)?.node;
  for (const load of [node?.page, node?.data, guard, ensurePageMessages]) {
    // A load that fails here is left to the router, which reports it when the page is opened.
    if (load) void load().catch(() => undefined);
  }
}

/**
 * Asks for the first data of the page at `pathname`, where the route table names it (once the session has settled:
 * the boot calls this before the first render). Resolves once the call is on its way (its code loaded), not when it
 * is answered. A failed load or call is left to the page's own query.
 */
export async function preloadRouteData(pathname: string): Promise<void> {
  const options = await findRoute(pathname)
    ?.node.data?.()
    .catch(() => undefined);
  if (options) void queryClient.prefetchQuery(options);
}

// One route of the route table, behind its guard (a group leads to its first page). Paths match exactly as the
// route table (and spec 2.1) writes them, as the shell's route lookup does: a page reached by a differently cased
// address would have no tab, breadcrumb or menu.
// Every page's code (the guard and its 403 result included) and the pages' zh messages load when a page is first
// opened, so the first load holds the shell alone.
export function pageRoute(node: AppRoute): RouteObject {
  const handle = node.meta;
  if (node.kind === 'group') {
    return {
      path: node.path,
      caseSensitive: true,
      handle,
      lazy: async () => {
        const { GroupRedirect } = await guard();
        return { element: <GroupRedirect path={node.path} /> };
      },
    };
  }
  const load = node.page;
  // The route table's page() always names a screen; a page node without one is a programming error.
  if (!load) throw new Error(`The page ${node.path} has no screen`);
  return {
    path: node.path,
    caseSensitive: true,
    handle,
    lazy: async () => {
      const [Page, { RouteGuard }] = await Promise.all([load(), guard(), ensurePageMessages()]);
      return {
        element: (
          <RouteGuard path={node.path}>
            <Page />
          </RouteGuard>
        ),
      };
    },
  };
}

const statusPage = (name: 'ForbiddenPage' | 'NotFoundPage' | 'ServerErrorPage') => async () => ({
  Component: (await import('./routes/status-pages'))[name],
});

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's code loads (the workbench is its own chunk).
      hydrateFallbackElement: <BootSplash />,
      children: [
        // The sign-in pages are pages like any other: their code loads when they are opened.
        {
          path: '/login',
          lazy: async () => ({ Component: (await import('../features/auth/components/login-page')).LoginPage }),
          handle: { title: 'route.login' },
        },
        {
          path: '/logon',
          lazy: async () => ({ Component: (await import('../features/auth/components/logon-page')).LogonPage }),
          handle: { title: 'route.logon' },
        },
        // A shared scene on a wall screen: no session, no app chrome (the link's token is its only credential).
        {
          path: '/share/scene/:token',
          lazy: async () => {
            const [PublicScenePage] = await Promise.all([
              import('../features/boards/pages').then((m) => m.loadPublicScenePage()),
              ensurePageMessages(),
            ]);
            return { Component: PublicScenePage };
          },
          handle: { title: 'route.sharedScene' },
        },
        { path: '/404', lazy: statusPage('NotFoundPage'), handle: { title: 'route.notFound' } },
        { path: '/401', lazy: statusPage('ForbiddenPage'), handle: { title: 'route.forbidden' } },
        { path: '/500', lazy: statusPage('ServerErrorPage'), handle: { title: 'route.serverError' } },
        { path: '/dashboard', element: <Navigate to={DASHBOARD_REDIRECT} replace /> },
        { element: <SignedInShell />, children: [...ROUTE_INDEX.values()].map(({ node }) => pageRoute(node)) },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** Creates the router, lets non-React code navigate with it, and drives the progress bar. */
export function createAppRouter(factory: RouterFactory = (routes) => createBrowserRouter(routes)) {
  const router = factory(buildRoutes());
  setNavigator((to, options) => void router.navigate(to, options));
  let lastKey = router.state.location.key;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle') {
      startProgress();
      return;
    }
    if (state.location.key !== lastKey) {
      lastKey = state.location.key;
      flashProgress();
    } else {
      doneProgress();
    }
  });
  return router;
}
