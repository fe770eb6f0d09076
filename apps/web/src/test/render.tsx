// Rendering for the web tests, always inside the app's real providers (antd, i18n in zh, a fresh query client):
// - renderWithProviders: one component (a widget, a dialog), under a memory router;
// - renderRoute: a page of the route table by its address, with the real route guard and the signed-in user's
//   access, without the layout around it; navigating goes to the routed page, as in the app;
// - renderApp: the whole app (the router of router.tsx: public pages, shell, menus and tabs).
// What a render leaves behind (its router, the navigator of non-React code) is undone after every test (setup.ts).
import type { QueryClient } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { SessionAccess } from '../app/layout/signed-in-shell';
import { AppProviders } from '../app/providers';
import { buildRoutes, pageRoute } from '../app/router';
import { ROUTE_INDEX } from '../app/routes/route-table';
import { setNavigator } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { useSessionUser } from '../lib/session';

type RenderOptions = {
  /**
   * Role queries also find hidden elements, skipping the visibility check of every element: several times faster on
   * large antd screens. Pages (renderRoute) render this way unless a test says otherwise: their dialogs are destroyed
   * when closed, and a select's list, which stays once opened, is read by chooseOption (queries.ts) at the last one.
   */
  queryHidden?: boolean;
};

type Router = ReturnType<typeof createMemoryRouter>;
const routers: Router[] = [];

function prepare({ queryHidden }: RenderOptions): QueryClient {
  // (The setup file puts the library's defaults back after every test.)
  if (queryHidden) configure({ defaultHidden: true });
  return createQueryClient();
}

export function renderWithProviders(
  ui: ReactElement,
  options: RenderOptions & { route?: string } = {},
): RenderResult & { queryClient: QueryClient } {
  const queryClient = prepare(options);
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient };
}

function renderRouter(routes: RouteObject[], path: string, options: RenderOptions) {
  const queryClient = prepare(options);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  routers.push(router);
  setNavigator((to, o) => void router.navigate(to, o));
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** The page area of the signed-in app: the user's access for the guards and links, the page in a main landmark. */
function SignedInPage() {
  const user = useSessionUser();
  if (!user) throw new Error('renderRoute shows the pages of a signed-in user: call signIn() first');
  return (
    <SessionAccess user={user}>
      <main>
        <Outlet />
      </main>
    </SessionAccess>
  );
}

const pageRoutes = (): RouteObject[] => [
  // Nothing to show while the first page's code loads (the tests wait for the page itself).
  { element: <SignedInPage />, hydrateFallbackElement: <></>, children: [...ROUTE_INDEX.values()].map(({ node }) => pageRoute(node)) },
];

/** The page at `path` (with its ?query), as the signed-in user (signIn() first) opens it. */
export function renderRoute(path: string, { queryHidden = true }: RenderOptions = {}) {
  return renderRouter(pageRoutes(), path, { queryHidden });
}

/** The whole app at `path`. */
export function renderApp(path: string, options: RenderOptions = {}) {
  return renderRouter(buildRoutes(), path, options);
}

/** Ends what the renders of a test started (called after every test by setup.ts). */
export function disposeRenders(): void {
  for (const router of routers.splice(0)) router.dispose();
  setNavigator(null);
}
