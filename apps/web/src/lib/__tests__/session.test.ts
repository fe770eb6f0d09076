// The session at boot and across tabs: a reload, second tab or bookmark renews the session from the HttpOnly
// refresh cookie (no token is stored anywhere a script can read); tabs adopt each other's tokens and logouts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_SESSION, SESSION_PATHS } from '@tfb/contract';
import { mockApi, refuse } from '../../test/mock-api';
import { signIn } from '../../test/sign-in';
import { setNavigator } from '../navigation';
import { RENEW_AHEAD_MS, bootstrapSession, keepSessionFresh, logout, onOtherTab } from '../session';
import { clearSession, getToken, readSessionUser, setAccessToken } from '../session-store';

const publicConfig = {
  portalUrl: 'https://portal.example/',
  ticketRequired: false,
  templateLoginEnabled: true,
  accessTokenTtlSeconds: 900,
};

const boot = (href: string) => {
  const redirect = vi.fn();
  const history = { state: null, replaceState: vi.fn() };
  return { redirect, history, run: () => bootstrapSession({ location: { href }, history, redirect }) };
};

beforeEach(() => {
  clearSession();
  setNavigator(vi.fn());
});

afterEach(() => {
  setNavigator(null);
});

describe('boot without ?userId= (reload, second tab, bookmark)', () => {
  it('renews the session from the refresh cookie, then confirms who is signed in', async () => {
    const user = signIn();
    clearSession();
    const api = mockApi({
      [SESSION_PATHS.refresh]: () => ({ token: 'fresh', refreshToken: 'kept-by-cookie', expiresIn: 900 }),
      [SESSION_PATHS.session]: ({ headers }) => (headers.token === 'fresh' ? user : refuse(40100, 'x')),
    });
    const b = boot('http://localhost/contracts/purchase');
    await expect(b.run()).resolves.toBe('ready');
    expect(api.calls.map((c) => [c.method, c.path])).toEqual([
      ['PUT', SESSION_PATHS.refresh],
      ['GET', SESSION_PATHS.session],
    ]);
    expect(api.calls[0]!.body).toEqual({});
    expect(getToken()).toBe('fresh');
    expect(readSessionUser()?.userId).toBe(user.userId);
    expect(b.redirect).not.toHaveBeenCalled();
    // Nothing a script could read keeps a token.
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage }) + document.cookie).not.toMatch(/fresh|kept-by-cookie/);
  });

  it('leaves for the portal when there is no session to renew', async () => {
    mockApi({
      [SESSION_PATHS.refresh]: () => refuse(40101, '刷新令牌无效或已使用，请重新登录'),
      [SESSION_PATHS.publicConfig]: () => publicConfig,
    });
    const b = boot('http://localhost/contracts/purchase');
    await expect(b.run()).resolves.toBe('redirecting');
    expect(b.redirect).toHaveBeenCalledWith('https://portal.example/');
  });

  it('shows /500 rather than the portal when the server is failing', async () => {
    mockApi({ [SESSION_PATHS.refresh]: () => refuse(50000, '服务器内部错误'), [SESSION_PATHS.publicConfig]: () => publicConfig });
    const b = boot('http://localhost/contracts/purchase');
    await expect(b.run()).resolves.toBe('ready');
    expect(b.history.replaceState).toHaveBeenCalledWith(null, '', '/500');
    expect(b.redirect).not.toHaveBeenCalled();
  });

  it('asks nothing on a public page', async () => {
    const api = mockApi();
    await expect(boot('http://localhost/login').run()).resolves.toBe('ready');
    expect(api.calls).toHaveLength(0);
  });
});

describe('other tabs', () => {
  it("adopts another tab's newer token for the same user", () => {
    const user = signIn();
    setAccessToken('mine', Date.now() + 60_000);
    onOtherTab({ type: 'token', token: 'theirs', expiresAt: Date.now() + 900_000, userId: user.userId }, vi.fn());
    expect(getToken()).toBe('theirs');
  });

  it('reloads when another user entered in another tab (the browser session is theirs now)', () => {
    signIn();
    setAccessToken('mine', Date.now() + 60_000);
    const reload = vi.fn();
    onOtherTab({ type: 'token', token: 'theirs', expiresAt: Date.now() + 900_000, userId: 'someone-else' }, reload);
    expect(reload).toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
    expect(readSessionUser()).toBeNull();
  });

  it('forgets the session and reloads when another tab logs out', () => {
    signIn();
    setAccessToken('mine');
    const reload = vi.fn();
    onOtherTab({ type: 'logout' }, reload);
    expect(reload).toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
  });
});

describe('logout', () => {
  it('ends the session the access token names (no refresh token in the body), tells the other tabs and reloads', async () => {
    signIn();
    setAccessToken('mine');
    const posted: unknown[] = [];
    const listener = new BroadcastChannel(BROWSER_SESSION.channel);
    listener.onmessage = (e) => posted.push(e.data);
    const api = mockApi({ [SESSION_PATHS.logout]: () => null });
    const reload = vi.fn();
    await logout(reload);
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: SESSION_PATHS.logout, body: undefined, headers: { token: 'mine' } });
    expect(reload).toHaveBeenCalled();
    expect(getToken()).toBeUndefined();
    await vi.waitFor(() => expect(posted).toEqual([{ type: 'logout' }]));
    listener.close();
  });
});

describe('keeping the session fresh', () => {
  it('renews a visible tab’s token a minute before it expires, so file links keep a valid cookie', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      signIn();
      keepSessionFresh();
      const api = mockApi({ [SESSION_PATHS.refresh]: () => ({ token: 'renewed', refreshToken: 'r', expiresIn: 900 }) });
      setAccessToken('mine', Date.now() + 5 * 60_000);
      await vi.advanceTimersByTimeAsync(5 * 60_000 - RENEW_AHEAD_MS - 1_000);
      expect(api.calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(getToken()).toBe('renewed'));
      expect(api.calls.map((c) => c.path)).toEqual([SESSION_PATHS.refresh]);
    } finally {
      vi.useRealTimers();
    }
  });
});
