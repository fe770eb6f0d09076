// The session at boot and across tabs: a reload, second tab or bookmark renews the session from the HttpOnly
// refresh cookie (no token is stored anywhere a script can read); tabs adopt each other's tokens and logouts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BROWSER_SESSION, SESSION_PATHS } from '@tfb/contract';
import { signIn } from '../../test/sign-in';
import { setNavigator } from '../navigation';
import { RENEW_AHEAD_MS, bootstrapSession, keepSessionFresh, logout, onOtherTab } from '../session';
import { clearSession, getToken, readSessionUser, setAccessToken } from '../session-store';

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[];

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { code: 0, message: '成功', data });

function stubFetch(handler: (call: Call) => Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = {
        url: input,
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      return handler(call);
    }),
  );
}

const boot = (href: string) => {
  const redirect = vi.fn();
  const history = { state: null, replaceState: vi.fn() };
  return { redirect, history, run: () => bootstrapSession({ location: { href }, history, redirect }) };
};

beforeEach(() => {
  calls = [];
  clearSession();
  setNavigator(vi.fn());
});

afterEach(() => {
  setNavigator(null);
  vi.unstubAllGlobals();
});

describe('boot without ?userId= (reload, second tab, bookmark)', () => {
  it('renews the session from the refresh cookie, then confirms who is signed in', async () => {
    const user = signIn();
    clearSession();
    stubFetch((call) => {
      if (call.url === SESSION_PATHS.refresh) return ok({ token: 'fresh', refreshToken: 'kept-by-cookie', expiresIn: 900 });
      if (call.url === SESSION_PATHS.session) return call.headers.token === 'fresh' ? ok(user) : json(401, { code: 40100, message: 'x', data: null });
      return json(404, { code: 40400, message: 'x', data: null });
    });
    const b = boot('http://localhost/contracts/purchase');
    await expect(b.run()).resolves.toBe('ready');
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['PUT', SESSION_PATHS.refresh],
      ['GET', SESSION_PATHS.session],
    ]);
    expect(calls[0]!.body).toEqual({});
    expect(getToken()).toBe('fresh');
    expect(readSessionUser()?.userId).toBe(user.userId);
    expect(b.redirect).not.toHaveBeenCalled();
    // Nothing a script could read keeps a token.
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage }) + document.cookie).not.toMatch(/fresh|kept-by-cookie/);
  });

  it('leaves for the portal when there is no session to renew', async () => {
    stubFetch((call) => {
      if (call.url === SESSION_PATHS.refresh) return json(401, { code: 40101, message: '刷新令牌无效或已使用，请重新登录', data: null });
      if (call.url === SESSION_PATHS.publicConfig) return ok({ portalUrl: 'https://portal.example/', ticketRequired: false, templateLoginEnabled: true, accessTokenTtlSeconds: 900 });
      return json(404, { code: 40400, message: 'x', data: null });
    });
    const b = boot('http://localhost/contracts/purchase');
    await expect(b.run()).resolves.toBe('redirecting');
    expect(b.redirect).toHaveBeenCalledWith('https://portal.example/');
  });

  it('shows /500 rather than the portal when the server is failing', async () => {
    stubFetch(() => json(503, { code: 50300, message: 'x', data: null }));
    const b = boot('http://localhost/contracts/purchase');
    await expect(b.run()).resolves.toBe('ready');
    expect(b.history.replaceState).toHaveBeenCalledWith(null, '', '/500');
    expect(b.redirect).not.toHaveBeenCalled();
  });

  it('asks nothing on a public page', async () => {
    stubFetch(() => json(500, null));
    await expect(boot('http://localhost/login').run()).resolves.toBe('ready');
    expect(calls).toHaveLength(0);
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
    stubFetch(() => ok(null));
    const reload = vi.fn();
    await logout(reload);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: SESSION_PATHS.logout, body: undefined, headers: { token: 'mine' } });
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
      stubFetch((call) => (call.url === SESSION_PATHS.refresh ? ok({ token: 'renewed', refreshToken: 'r', expiresIn: 900 }) : json(404, null)));
      setAccessToken('mine', Date.now() + 5 * 60_000);
      await vi.advanceTimersByTimeAsync(5 * 60_000 - RENEW_AHEAD_MS - 1_000);
      expect(calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(2_000);
      await vi.waitFor(() => expect(getToken()).toBe('renewed'));
      expect(calls.map((c) => c.url)).toEqual([SESSION_PATHS.refresh]);
    } finally {
      vi.useRealTimers();
    }
  });
});
