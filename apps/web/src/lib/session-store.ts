// Where the session lives in a tab. The access token is in memory only; the refresh token and the Token cookie of
// file links are HttpOnly cookies the server sets, out of reach of page script. The session values of spec
// section 3 (who is signed in — no secret) are in sessionStorage, so a reload shows them at once.
import type { SessionUser } from '@tfb/contract';
import type { ShellSchemas } from './shell-schemas';

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
  user: 'sessionUser',
} as const;

let cachedRaw: string | null = null;
let cachedUser: SessionUser | null = null;

/** What checks the stored user: there once the shell's schemas have loaded (boot waits for them). */
let userSchema: ShellSchemas['sessionUser'] | undefined;
let shellSchemasLoading: Promise<ShellSchemas> | undefined;

/**
 * The schemas of the shell's own calls (shell-schemas.ts), loaded once; a load that fails is tried again by the next
 * caller. Until they are in, no stored user is read (readSessionUser gives null): boot waits for them.
 */
export function loadShellSchemas(): Promise<ShellSchemas> {
  shellSchemasLoading ??= import('./shell-schemas').then(
    (m) => {
      userSchema = m.shellSchemas.sessionUser;
      return m.shellSchemas;
    },
    (error: unknown) => {
      shellSchemasLoading = undefined;
      throw error;
    },
  );
  return shellSchemasLoading;
}

/** The access token of this tab, with when it stops working (ms since the epoch; unknown when undefined). */
let access: { token: string; expiresAt: number | undefined } | undefined;
/** Bumped each time the access token changes: a refresh that waited can tell another tab already renewed it. */
let accessGeneration = 0;
const tokenListeners = new Set<() => void>();

const tokenChanged = () => {
  accessGeneration++;
  for (const listener of tokenListeners) listener();
};

/** Calls `listener` whenever the access token changes (renewed, adopted from another tab, forgotten). */
export function onTokenChange(listener: () => void): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

/** When this tab's access token stops working (ms since the epoch), if it has one and that is known. */
export function tokenExpiry(): number | undefined {
  return access?.expiresAt;
}

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

/** The signed-in user as last stored, or null when there is none, it does not parse or the schemas are not in yet. */
export function readSessionUser(): SessionUser | null {
  if (!userSchema) return null;
  const raw = storage()?.getItem(KEYS.user) ?? null;
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  cachedUser = null;
  if (raw) {
    try {
      const parsed = userSchema.safeParse(JSON.parse(raw));
      if (parsed.success) cachedUser = parsed.data;
    } catch {
      cachedUser = null;
    }
  }
  return cachedUser;
}

/** When a token of ours stops working: its `exp` claim (the payload is signed, not secret). */
export function tokenExpiresAt(token: string): number | undefined {
  try {
    const payload = token.split('.')[1];
    if (!payload) return undefined;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function getToken(): string | undefined {
  return access?.token;
}

/** The access token's generation (see accessGeneration). */
export function tokenGeneration(): number {
  return accessGeneration;
}

/** True when this tab holds a token known to have expired (or to expire within `marginMs`). */
export function tokenExpired(marginMs = 5_000, now = Date.now()): boolean {
  return access?.expiresAt !== undefined && access.expiresAt - marginMs <= now;
}

/** Keeps a new access token in memory (never in storage or a script-readable cookie). */
export function setAccessToken(token: string, expiresAt: number | undefined = tokenExpiresAt(token)): void {
  access = { token, expiresAt };
  tokenChanged();
}

/** A signed-in tab: it knows who is signed in and holds their access token (boot renews it after a reload). */
export function hasStoredSession(): boolean {
  return access !== undefined && readSessionUser() !== null;
}

/** Forget everything this tab knows about the session: session values, the access token and open tabs. */
export function clearSession(): void {
  storage()?.clear();
  access = undefined;
  tokenChanged();
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
