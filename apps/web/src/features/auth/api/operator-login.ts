// The template's operator sign-in (spec 7.5): POST /login/login, then GET /user/info, whose roles must be
// a non-empty array (spec section 6), then the full session profile.
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, SESSION_PATHS, SessionUserSchema, TokenPairSchema, type SessionUser } from '@tfb/contract';
import { api } from '../../../lib/api-client';
import { queryClient } from '../../../lib/query-client';
import { SESSION_QUERY_KEY, clearSession, getToken, saveSessionUser, setAccessToken, tokenExpiresAt } from '../../../lib/session-store';
import { tellOtherTabs } from '../../../lib/session-tabs';

export type OperatorCredentials = { username: string; password: string };

/** A sign-in refused for one of the two reasons spec section 6 names, with its exact message. */
export class LoginCheckError extends Error {
  override name = 'LoginCheckError';
}

/** Checks GET /user/info's data as the template does, with its two messages. */
export function checkUserInfo(data: unknown): { roles: string[] } {
  if (data === null || data === undefined || typeof data !== 'object') throw new LoginCheckError(MESSAGES.verificationFailed);
  const roles = (data as { roles?: unknown }).roles;
  if (!Array.isArray(roles) || roles.length === 0 || !roles.every((r) => typeof r === 'string')) {
    throw new LoginCheckError(MESSAGES.rolesMissing);
  }
  return { roles: roles as string[] };
}

export async function operatorLogin(credentials: OperatorCredentials): Promise<SessionUser> {
  // Session headers of a previous user must not ride along on the new user's calls.
  clearSession();
  const pair = await api.post(SESSION_PATHS.login, {
    body: credentials,
    schema: TokenPairSchema,
    auth: false,
    redirectOnServerError: false,
  });
  // The server set the refresh cookie; this tab keeps only the access token, in memory.
  setAccessToken(pair.token);
  try {
    checkUserInfo(await api.get(SESSION_PATHS.userInfo, { redirectOnServerError: false }));
    const user = await api.get(SESSION_PATHS.session, { schema: SessionUserSchema, redirectOnServerError: false });
    saveSessionUser(user);
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    const token = getToken() ?? pair.token;
    tellOtherTabs({ type: 'token', token, expiresAt: tokenExpiresAt(token), userId: user.userId });
    return user;
  } catch (err) {
    clearSession();
    throw err;
  }
}

export function useOperatorLogin() {
  return useMutation({ mutationFn: operatorLogin });
}
