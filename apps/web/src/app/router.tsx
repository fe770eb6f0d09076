// The router: public pages, /dashboard's redirect, the signed-in layout holding every route of the
// route table (each behind its guard), and /404 for anything else. Titles ride in `handle`.
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import { BootSplash } from '../components/boot-splash';
import { ComingPage } from '../components/coming-page';
import { LoginPage } from '../features/auth/components/login-page';
import { LogonPage } from '../features/auth/components/logon-page';
import { setNavigator } from '../lib/navigation';
import { doneProgress, flashProgress, startProgress } from '../lib/progress';
import { SignedInShell } from './layout/signed-in-shell';
import { RootShell } from './root-shell';
import { RouteErrorPage } from './route-error-page';
import { GroupRedirect, RouteGuard } from './routes/route-guard';
import { ROUTE_INDEX, type AppRoute } from './routes/route-table';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from './routes/status-pages';

/** Spec 2.1: /dashboard redirects to the portal-website area. */
export const DASHBOARD_REDIRECT = '/portalWebsite/columnsettings';

// One route of the route table, behind its guard (a group leads to its first page). Paths match exactly as the
// route table (and spec 2.1) writes them, as the shell's route lookup does: a page reached by a differently cased
// address would have no tab, breadcrumb or menu.
export function pageRoute(node: AppRoute): RouteObject {
  const handle = node.meta;
  if (node.kind === 'group') return { path: node.path, caseSensitive: true, handle, element: <GroupRedirect path={node.path} /> };
  const load = node.page;
  if (!load) {
    return {
      path: node.path,
      caseSensitive: true,
      handle,
      element: (
        <RouteGuard path={node.path}>
          <ComingPage titleKey={node.meta.title} />
        </RouteGuard>
      ),
    };
  }
  return {
    path: node.path,
    caseSensitive: true,
    handle,
    lazy: async () => {
      const Page = await load();
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

export function buildRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteErrorPage />,
      // Shown while the first page's code loads (the workbench is its own chunk).
      hydrateFallbackElement: <BootSplash />,
      children: [
        { path: '/login', element: <LoginPage />, handle: { title: 'route.login' } },
        { path: '/logon', element: <LogonPage />, handle: { title: 'route.logon' } },
        { path: '/404', element: <NotFoundPage />, handle: { title: 'route.notFound' } },
        { path: '/401', element: <ForbiddenPage />, handle: { title: 'route.forbidden' } },
        { path: '/500', element: <ServerErrorPage />, handle: { title: 'route.serverError' } },
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
