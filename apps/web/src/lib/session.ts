// The session: entry from the portal with ?userId= (spec 2.2), the signed-in user as a query,
// the way out to the portal, and logout (spec section 4).
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  EntryReplySchema,
  PublicConfigReplySchema,
  SESSION_PATHS,
  SessionUserSchema,
  type SessionUser,
} from '@tfb/contract';
import { ApiError, api } from './api-client';
import { queryClient } from './query-client';
import {
  SESSION_QUERY_KEY,
  clearSession,
  getRefreshToken,
  hasStoredSession,
  readSessionUser,
  saveSessionUser,
  setTokens,
  storeArrivalUserId,
} from './session-store';

export { clearSession, hasStoredSession, readSessionUser } from './session-store';

/** Pages anyone may open without a session. */
export const PUBLIC_PATHS = ['/login', '/logon', '/404', '/401', '/500'] as const;
export const isPublicPath = (pathname: string): boolean =>
  (PUBLIC_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, '') || '/');

const EntryDataSchema = EntryReplySchema.shape.data;
const PublicConfigSchema = PublicConfigReplySchema.shape.data;
export type PublicConfig = ReturnType<typeof PublicConfigSchema.parse>;

export const FALLBACK_PORTAL_URL = '/logon';

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return api.get(SESSION_PATHS.publicConfig, { schema: PublicConfigSchema, auth: false, signal, redirectOnServerError: false });
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Infinity,
  });

async function fetchSessionUser(signal: AbortSignal): Promise<SessionUser> {
  const user = await api.get(SESSION_PATHS.session, { schema: SessionUserSchema, signal });
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
 * cleaned afterwards); an unknown id, or no id and no stored session, leaves for the portal.
 */
export async function bootstrapSession(options: BootOptions = {}): Promise<BootOutcome> {
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
        schema: EntryDataSchema,
        auth: false,
        redirectOnServerError: false,
      });
      setTokens(issued);
      saveSessionUser(issued.user);
      queryClient.setQueryData(SESSION_QUERY_KEY, issued.user);
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

  if (isPublicPath(url.pathname) || hasStoredSession()) return 'ready';
  clearSession();
  await goToPortal(redirect);
  return 'redirecting';
}

/** Logout: tell the server to revoke the refresh token, clear the session values and reload. */
export async function logout(reload: () => void = () => window.location.reload()): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await api.post(SESSION_PATHS.logout, { body: { refreshToken }, auth: false, redirectOnServerError: false });
    } catch {
      // The session is forgotten here whatever the server says.
    }
  }
  clearSession();
  queryClient.clear();
  reload();
}
