// The session: entry from the portal with ?userId= (spec 2.2), a reload, second tab or bookmark renewing it from
// the HttpOnly refresh cookie, the signed-in user as a query, the way out to the portal, and logout (spec
// section 4), told to every tab.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { SESSION_PATHS, SHARED_SCENE_PAGE_PREFIX, type SessionUser } from '@tfb/contract';
import { ApiError, api, refreshSession, sessionRefused } from './api-client';
import { queryClient } from './query-client';
import {
  SESSION_QUERY_KEY,
  clearSession,
  getToken,
  hasStoredSession,
  loadShellSchemas,
  onTokenChange,
  readSessionUser,
  saveSessionUser,
  setAccessToken,
  storeArrivalUserId,
  tokenExpiresAt,
  tokenExpiry,
} from './session-store';
import type { ShellSchemas } from './shell-schemas';
import { hearOtherTabs, tellOtherTabs, type TabMessage } from './session-tabs';

export { clearSession, hasStoredSession, readSessionUser } from './session-store';

/** Pages anyone may open without a session (and a shared scene's wall-screen page, whose link is its credential). */
export const PUBLIC_PATHS = ['/login', '/logon', '/404', '/401', '/500'] as const;
export const isPublicPath = (pathname: string): boolean =>
  (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/') || pathname.startsWith(SHARED_SCENE_PAGE_PREFIX);

export type PublicConfig = z.output<ShellSchemas['publicConfig']>;

const schemaOf =
  <K extends keyof ShellSchemas>(key: K) =>
  () =>
    loadShellSchemas().then((schemas) => schemas[key]);

export const FALLBACK_PORTAL_URL = '/logon';

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get(SESSION_PATHS.publicConfig, { schema: schemaOf('publicConfig'), auth: false, signal, redirectOnServerError: false });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Infinity,
  });

async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser> {
  const user = await api.get(SESSION_PATHS.session, { schema: schemaOf('sessionUser'), signal });
  saveSessionUser(user);
  return user;
}

/** The signed-in user: shown at once from sessionStorage, then confirmed by the server. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSessionUser(signal),
    initialData: () => readSessionUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useSessionUser(): SessionUser | null {
  const { data } = useQuery({ ...sessionQueryOptions(), enabled: hasStoredSession() });
  return data ?? null;
}

export type Redirect = (url: string) => void;

/** Leaves for the external portal (spec 2.2: no valid userId). */
export async function goToPortal(redirect: Redirect = (url) => window.location.assign(url)): Promise<void> {
  let url = FALLBACK_PORTAL_URL;
  try {
    url = (await fetchPublicConfig()).portalUrl || FALLBACK_PORTAL_URL;
  } catch {
    url = FALLBACK_PORTAL_URL;
  }
  redirect(url);
}

export type BootOutcome = 'ready' | 'redirecting';

export type BootOptions = {
  location?: Pick<Location, 'href'>;
  history?: Pick<History, 'replaceState' | 'state'>;
  redirect?: Redirect;
};

/**
 * Runs before the app renders. With ?userId= the user enters (the id is stored first, the URL is
 * cleaned afterwards); otherwise the session is renewed from the refresh cookie. An unknown id, or no id and no
 * session to renew, leaves for the portal.
 */
export async function bootstrapSession(options: BootOptions = {}): Promise<BootOutcome> {
  syncWithOtherTabs();
  keepSessionFresh();
  // The shell's schemas (and zod's core) load while the first call is on the wire; a failed load fails that call.
  const schemas = loadShellSchemas();
  schemas.catch(() => undefined);
  const location = options.location ?? window.location;
  const history = options.history ?? window.history;
  const redirect = options.redirect ?? ((url: string) => window.location.assign(url));
  const url = new URL(location.href);
  const userId = url.searchParams.get('userId')?.trim();

  if (userId) {
    const ticket = url.searchParams.get('ticket') ?? undefined;
    url.searchParams.delete('userId');
    url.searchParams.delete('ticket');
    const cleaned = `${url.pathname}${url.search}${url.hash}`;
    clearSession();
    storeArrivalUserId(userId);
    try {
      const issued = await api.post(SESSION_PATHS.entry, {
        body: ticket ? { userId, ticket } : { userId },
        schema: schemaOf('entry'),
        auth: false,
        redirectOnServerError: false,
      });
      const expiresAt = Date.now() + issued.expiresIn * 1000;
      setAccessToken(issued.token, expiresAt);
      saveSessionUser(issued.user);
      queryClient.setQueryData(SESSION_QUERY_KEY, issued.user);
      // The cookies now belong to this user: tabs of another user's session must not go on under it.
      tellOtherTabs({ type: 'token', token: issued.token, expiresAt, userId: issued.user.userId });
      history.replaceState(history.state, '', cleaned);
      return 'ready';
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 401 || err.status === 403 || err.status === 404)) {
        clearSession();
        await goToPortal(redirect);
        return 'redirecting';
      }
      // The server is down or failing: show the server error page rather than bouncing to the portal.
      history.replaceState(history.state, '', '/500');
      return 'ready';
    }
  }

  if (isPublicPath(url.pathname)) {
    // A signed-in tab on a public page still shows who is signed in (readSessionUser needs the schemas).
    await schemas.catch(() => undefined);
    return 'ready';
  }
  // A reload, a second tab or a bookmark: the access token lived in the old page's memory only. Renew it from the
  // refresh cookie (if the browser has one), then confirm who is signed in.
  try {
    await refreshSession();
    const user = await api.get(SESSION_PATHS.session, { schema: schemaOf('sessionUser'), redirectOnServerError: false });
    saveSessionUser(user);
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    return 'ready';
  } catch (err) {
    if (sessionRefused(err)) {
      clearSession();
      await goToPortal(redirect);
      return 'redirecting';
    }
    // The server is down or failing: show the server error page rather than bouncing to the portal.
    history.replaceState(history.state, '', '/500');
    return 'ready';
  }
}

/** What this tab does when another tab renews the session, enters as someone else or logs out. */
export function onOtherTab(message: TabMessage, reload: () => void = () => window.location.reload()): void {
  if (message.type === 'logout') {
    clearSession();
    queryClient.clear();
    reload();
    return;
  }
  const mine = readSessionUser()?.userId;
  if (mine !== undefined && message.userId !== undefined && message.userId !== mine) {
    // Another user entered in another tab: the browser's session is theirs now.
    clearSession();
    queryClient.clear();
    reload();
    return;
  }
  const current = getToken();
  const currentExpiry = current ? tokenExpiresAt(current) : undefined;
  if (!current || message.expiresAt === undefined || currentExpiry === undefined || message.expiresAt > currentExpiry) {
    setAccessToken(message.token, message.expiresAt);
  }
}

/** How long before its token expires a visible tab renews it, so the Token cookie of file links stays valid. */
export const RENEW_AHEAD_MS = 60_000;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleRenewal(): void {
  clearTimeout(renewTimer);
  const expiry = tokenExpiry();
  if (expiry === undefined) return;
  renewTimer = setTimeout(renewWhenSeen, Math.max(0, expiry - RENEW_AHEAD_MS - Date.now()));
}

function renewWhenSeen(): void {
  if (document.visibilityState === 'hidden') {
    // Nobody is looking: renew when someone is (a call made meanwhile renews the token itself).
    document.addEventListener('visibilitychange', renewWhenSeen, { once: true });
    return;
  }
  // A failure is left to the next call, which renews or ends the session as it must.
  void refreshSession().catch(() => undefined);
}

let keeping: (() => void) | undefined;

/** Keeps a visible tab's token (and so the server's Token cookie) renewed before it expires. */
export function keepSessionFresh(): void {
  keeping ??= onTokenChange(scheduleRenewal);
  scheduleRenewal();
}

let hearing: (() => void) | undefined;

/** Starts hearing the other tabs of this browser (once). */
export function syncWithOtherTabs(): void {
  hearing ??= hearOtherTabs((message) => onOtherTab(message));
}

/**
 * Logout: the server ends the session (named by the access token sent with the call) and clears its cookies;
 * every tab forgets the session and reloads.
 */
export async function logout(reload: () => void = () => window.location.reload()): Promise<void> {
  try {
    await api.post(SESSION_PATHS.logout, { redirectOnServerError: false });
  } catch {
    // The session is forgotten here whatever the server says.
  }
  tellOtherTabs({ type: 'logout' });
  clearSession();
  queryClient.clear();
  reload();
}
