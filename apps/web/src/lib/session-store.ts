// Where the session lives between page loads: the session values of spec section 3 in sessionStorage,
// the access token in the `Token` cookie, the refresh token in sessionStorage.
import Cookies from 'js-cookie';
import { SessionUserSchema, TOKEN_COOKIE, type SessionUser, type TokenPair } from '@tfb/contract';

export const SESSION_QUERY_KEY = ['session'] as const;

const KEYS = {
  userId: 'userId',
  enterpriseId: 'enterpriseId',
  enterpriseName: 'enterpriseName',
  orgId: 'orgId',
  userName: 'userName',
  companyId: 'companyId',
  phone: 'phone',
  storageAddress: 'storageAddress',
  storageAddressId: 'storageAddressId',
  internal: 'internal',
  group: 'group',
  refreshToken: 'refreshToken',
  user: 'sessionUser',
} as const;

let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

/** The userId the portal sent, kept as soon as the browser arrives (before the entry call answers). */
export function storeArrivalUserId(userId: string): void {
  storage()?.setItem(KEYS.userId, userId);
}

export function saveSessionUser(user: SessionUser): void {
  const s = storage();
  if (!s) return;
  s.setItem(KEYS.userId, user.userId);
  s.setItem(KEYS.enterpriseId, user.enterpriseId);
  s.setItem(KEYS.enterpriseName, user.enterpriseName);
  s.setItem(KEYS.orgId, user.orgId);
  s.setItem(KEYS.userName, user.userName);
  s.setItem(KEYS.companyId, user.companyId);
  s.setItem(KEYS.phone, user.phone);
  s.setItem(KEYS.storageAddress, user.storageAddress ?? '');
  s.setItem(KEYS.storageAddressId, user.storageAddressId ?? '');
  s.setItem(KEYS.internal, user.isInternal ? '1' : '0');
  s.setItem(KEYS.group, user.isGroup ? '1' : '0');
  s.setItem(KEYS.user, JSON.stringify(user));
}

/** The signed-in user as last stored, or null when there is none or it does not parse. */
export function readSessionUser(): SessionUser | null {
  const raw = storage()?.getItem(KEYS.user) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = SessionUserSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedUser = parsed.data;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE) || undefined;
}

export function getRefreshToken(): string | undefined {
  return storage()?.getItem(KEYS.refreshToken) || undefined;
}

export function setTokens(pair: TokenPair): void {
  Cookies.set(TOKEN_COOKIE, pair.token, { path: '/', sameSite: 'lax' });
  storage()?.setItem(KEYS.refreshToken, pair.refreshToken);
}

export function hasStoredSession(): boolean {
  return readSessionUser() !== null && (getToken() !== undefined || getRefreshToken() !== undefined);
}

/** Forget everything this tab knows about the session: session values, tokens and open tabs. */
export function clearSession(): void {
  storage()?.clear();
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  cachedRaw = null;
  cachedUser = null;
}

/** The headers of spec section 7 that every business call sends. */
export function sessionHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.token = token;
  const user = readSessionUser();
  if (user) {
    headers.enterpriseId = user.enterpriseId;
    headers.companyId = user.companyId;
    headers.userName = encodeURIComponent(user.userName);
    headers.userId = user.userId;
    headers.isManager = '0';
  }
  return headers;
}
