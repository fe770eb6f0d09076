// The API client against a stubbed fetch: spec section 4 (401 → one refresh, failure → /login), section 7
// (session headers), section 8 (500 → /500, error toast) and section 9 (5000 ms timeout); the refresh spends the
// HttpOnly cookie under the tabs' shared lock and keeps the new access token in memory only. The transport is what is
// tested here, so fetch is stubbed raw rather than with the contract's mock API (src/test/mock-api.ts): made-up paths,
// bodies that are no envelope, hung requests and network failures are what these tests send.
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { z } from 'zod';
import { BROWSER_SESSION, SESSION_PATHS } from '@tfb/contract';
import { sessionUser } from '../../test/fixtures';
import { ApiError, CLIENT_ERROR_CODES, apiRequest, secondaryRequest } from '../api-client';
import { bindMessageApi } from '../feedback';
import { setNavigator, type NavigateFn } from '../navigation';
import { getToken, readSessionUser, saveSessionUser, setAccessToken } from '../session-store';

const user = sessionUser({ userId: 'u-1', userName: '张三', name: 'Zhang San', enterpriseId: 'ent-1', companyId: 'co-1', roles: ['user'] });

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
type Handler = (call: Call) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { code: 0, message: '成功', data });
const unauthorized = () => json(401, { code: 40100, message: 'token expired', data: null });

let calls: Call[];
let navigate: Mock<NavigateFn>;

function stubFetch(handler: Handler): void {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit = {}) => {
      const call: Call = {
        url: input,
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string>) },
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const signal = init.signal;
      return new Promise<Response>((resolve, reject) => {
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        Promise.resolve(handler(call)).then(resolve, reject);
      });
    }),
  );
}

const callsTo = (path: string) => calls.filter((c) => c.url.split('?')[0] === path);

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Settles a promise into a value or its error, so a rejection is never left unhandled while timers run. */
const settle = <T>(p: Promise<T>): Promise<{ value?: T; error?: unknown }> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

beforeEach(() => {
  calls = [];
  navigate = vi.fn<NavigateFn>();
  setNavigator(navigate);
  saveSessionUser(user);
  setAccessToken('old-token');
});

afterEach(() => {
  setNavigator(null);
  bindMessageApi(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a successful call', () => {
  it('sends the session headers of spec 7 and returns data of a code 0 reply', async () => {
    stubFetch(() => ok({ id: 7 }));
    await expect(apiRequest('/api/thing', { query: { pageNumber: 0, pageSize: 10, name: undefined } })).resolves.toEqual({ id: 7 });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/thing?pageNumber=0&pageSize=10');
    expect(calls[0]!.headers).toMatchObject({
      token: 'old-token',
      enterpriseId: 'ent-1',
      companyId: 'co-1',
      userName: encodeURIComponent('张三'),
      userId: 'u-1',
      isManager: '0',
    });
  });

  it('sends a JSON body when given one', async () => {
    stubFetch(() => ok(null));
    await apiRequest('/api/thing', { method: 'DELETE', body: { id: 3 } });
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { id: 3 }, headers: { 'Content-Type': 'application/json' } });
  });
});

describe('error replies', () => {
  it('turns a non-zero code on HTTP 200 into an ApiError carrying the server message', async () => {
    stubFetch(() => json(200, { code: 40900, message: '地址已存在', data: null }));
    const { error } = await settle(apiRequest('/api/thing'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 40900, status: 200, message: '地址已存在', handled: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('goes to /500 on an HTTP 500', async () => {
    stubFetch(() => json(500, { code: 50000, message: 'internal error', data: null }));
    const { error } = await settle(apiRequest('/api/thing'));
    expect(error).toMatchObject({ status: 500, handled: true });
    expect(navigate).toHaveBeenCalledWith('/500', undefined);
  });

  it('stays put on a 500 when the caller handles it itself', async () => {
    stubFetch(() => json(500, null));
    const { error } = await settle(apiRequest('/api/thing', { redirectOnServerError: false }));
    expect(error).toMatchObject({ status: 500, handled: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects a reply that is not an envelope, or whose data fails the schema', async () => {
    stubFetch(() => new Response('<html>', { status: 200 }));
    expect((await settle(apiRequest('/api/thing'))).error).toMatchObject({ code: CLIENT_ERROR_CODES.badResponse });
    stubFetch(() => ok({ id: 'not a number' }));
    const schema = z.object({ id: z.number() });
    expect((await settle(apiRequest('/api/thing', { schema }))).error).toMatchObject({ code: CLIENT_ERROR_CODES.badResponse });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect((await settle(apiRequest('/api/thing'))).error).toMatchObject({ code: CLIENT_ERROR_CODES.network, status: 0 });
  });
});

describe('the 5000 ms timeout', () => {
  it('aborts a call that has not answered after 5000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch(() => new Promise<Response>(() => undefined));
    const outcome = settle(apiRequest('/api/slow'));
    let done = false;
    void outcome.then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
    const { error } = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: CLIENT_ERROR_CODES.timeout, status: 0 });
  });

  it('does not cut off a call that answers in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    stubFetch(() => new Promise<Response>((resolve) => setTimeout(() => resolve(ok('late but fine')), 4900)));
    const outcome = settle(apiRequest('/api/slow'));
    await vi.advanceTimersByTimeAsync(4900);
    expect(await outcome).toEqual({ value: 'late but fine' });
  });
});

describe('401 and the token refresh (spec 4)', () => {
  it('makes one refresh for all calls that met a 401, then replays each of them once with the new token', async () => {
    const refreshReply = deferred<Response>();
    stubFetch((call) => {
      if (call.url === SESSION_PATHS.refresh) return refreshReply.promise;
      return call.headers.token === 'new-token' ? ok(call.url) : unauthorized();
    });

    const requests = Promise.all(['/api/a', '/api/b', '/api/c'].map((p) => apiRequest(p)));
    await vi.waitFor(() => expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(1));
    // All three have met their 401 and wait on the same refresh.
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    refreshReply.resolve(ok({ token: 'new-token', refreshToken: 'refresh-2', expiresIn: 900 }));

    await expect(requests).resolves.toEqual(['/api/a', '/api/b', '/api/c']);
    expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(1);
    // The browser sends the HttpOnly cookie: the body names no token, and nothing is kept but the access token.
    expect(callsTo(SESSION_PATHS.refresh)[0]).toMatchObject({ method: 'PUT', body: {} });
    expect(callsTo(SESSION_PATHS.refresh)[0]!.headers.token).toBeUndefined();
    for (const p of ['/api/a', '/api/b', '/api/c']) {
      expect(callsTo(p).map((c) => c.headers.token)).toEqual(['old-token', 'new-token']);
    }
    expect(getToken()).toBe('new-token');
    expect(JSON.stringify({ ...window.sessionStorage, ...window.localStorage })).not.toMatch(/new-token|refresh-2/);
    expect(document.cookie).not.toMatch(/new-token|refresh-2/);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('replays without a second refresh when another call already renewed the token', async () => {
    const slowB = deferred<Response>();
    stubFetch((call) => {
      if (call.url === SESSION_PATHS.refresh) return ok({ token: 'new-token', refreshToken: 'refresh-2', expiresIn: 900 });
      if (call.headers.token === 'new-token') return ok(call.url);
      return call.url === '/api/b' ? slowB.promise : unauthorized();
    });
    const b = apiRequest('/api/b');
    await expect(apiRequest('/api/a')).resolves.toBe('/api/a');
    // b was sent with the old token and only now meets its 401.
    slowB.resolve(unauthorized());
    await expect(b).resolves.toBe('/api/b');
    expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(1);
  });

  it('replays only once: a second 401 ends the session and goes to /login', async () => {
    stubFetch((call) =>
      call.url === SESSION_PATHS.refresh ? ok({ token: 'new-token', refreshToken: 'refresh-2', expiresIn: 900 }) : unauthorized(),
    );
    const { error } = await settle(apiRequest('/api/a'));
    expect(error).toMatchObject({ status: 401, handled: true });
    expect(callsTo('/api/a')).toHaveLength(2);
    expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(getToken()).toBeUndefined();
  });

  it('when the refresh fails, clears the session, goes to /login and fails every waiting call without replaying it', async () => {
    stubFetch((call) =>
      call.url === SESSION_PATHS.refresh ? json(401, { code: 40101, message: 'refresh token invalid', data: null }) : unauthorized(),
    );
    const outcomes = await Promise.all(['/api/a', '/api/b'].map((p) => settle(apiRequest(p))));
    for (const { error } of outcomes) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ handled: true });
    }
    expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(1);
    expect(callsTo('/api/a')).toHaveLength(1);
    expect(callsTo('/api/b')).toHaveLength(1);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(getToken()).toBeUndefined();
    expect(readSessionUser()).toBeNull();
  });

  it('treats a refresh reply with a non-zero code as a failure too', async () => {
    stubFetch((call) => (call.url === SESSION_PATHS.refresh ? json(200, { code: 40101, message: 'expired', data: null }) : unauthorized()));
    expect((await settle(apiRequest('/api/a'))).error).toMatchObject({ handled: true });
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(readSessionUser()).toBeNull();
  });

  it('renews a token known to have expired before sending, instead of earning a 401', async () => {
    setAccessToken('old-token', Date.now() - 1000);
    stubFetch((call) =>
      call.url === SESSION_PATHS.refresh ? ok({ token: 'new-token', refreshToken: 'refresh-2', expiresIn: 900 }) : ok(call.headers.token),
    );
    await expect(apiRequest('/api/a')).resolves.toBe('new-token');
    expect(calls.map((c) => c.url)).toEqual([SESSION_PATHS.refresh, '/api/a']);
  });

  it('refreshes under the lock every tab of the browser shares, one refresh at a time', async () => {
    const held: string[] = [];
    let tail = Promise.resolve();
    const request = vi.fn((name: string, task: () => Promise<unknown>) => {
      const run = tail.then(async () => {
        held.push(name);
        try {
          return await task();
        } finally {
          held.pop();
        }
      });
      tail = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    let inside = 0;
    stubFetch((call) => {
      if (call.url !== SESSION_PATHS.refresh) return call.headers.token === 'new-token' ? ok(call.url) : unauthorized();
      inside = held.length;
      return ok({ token: 'new-token', refreshToken: 'refresh-2', expiresIn: 900 });
    });
    await expect(apiRequest('/api/a')).resolves.toBe('/api/a');
    expect(request).toHaveBeenCalledWith(BROWSER_SESSION.refreshLock, expect.any(Function));
    expect(inside).toBe(1);
  });

  it('uses the token another tab renewed while this one waited for the lock, without spending the cookie again', async () => {
    let release!: () => void;
    const otherTab = new Promise<void>((r) => (release = r));
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        // The other tab holds the lock; it renews the session and tells this tab before letting go.
        request: async (_name: string, task: () => Promise<unknown>) => {
          await otherTab;
          return task();
        },
      },
    });
    stubFetch((call) => (call.headers.token === 'token-from-other-tab' ? ok(call.url) : unauthorized()));
    const pending = apiRequest('/api/a');
    await vi.waitFor(() => expect(callsTo('/api/a')).toHaveLength(1));
    setAccessToken('token-from-other-tab', Date.now() + 900_000);
    release();
    await expect(pending).resolves.toBe('/api/a');
    expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(0);
  });

  it('a tab without a token (a new tab) renews from the cookie when it meets a 401', async () => {
    setAccessToken('x');
    window.sessionStorage.clear();
    saveSessionUser(user);
    stubFetch((call) =>
      call.url === SESSION_PATHS.refresh
        ? ok({ token: 'new-token', refreshToken: 'r', expiresIn: 900 })
        : call.headers.token === 'new-token'
          ? ok(1)
          : unauthorized(),
    );
    await expect(apiRequest('/api/a')).resolves.toBe(1);
    expect(callsTo(SESSION_PATHS.refresh)).toHaveLength(1);
  });

  it('does not refresh for calls made without a session', async () => {
    stubFetch(() => unauthorized());
    expect((await settle(apiRequest('/api/auth/entry', { method: 'POST', auth: false }))).error).toMatchObject({
      status: 401,
      code: 40100,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.token).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('secondaryRequest (spec 8)', () => {
  it('shows the error message as a toast for 5 seconds and still rejects', async () => {
    const error = vi.fn();
    bindMessageApi({ error } as unknown as Parameters<typeof bindMessageApi>[0]);
    stubFetch(() => json(200, { code: 40000, message: '请输入手机号', data: null }));
    expect((await settle(secondaryRequest('/api/thing'))).error).toMatchObject({ code: 40000 });
    expect(error).toHaveBeenCalledWith({ content: '请输入手机号', duration: 5 });
  });

  it('shows no toast when the client already went to /500', async () => {
    const error = vi.fn();
    bindMessageApi({ error } as unknown as Parameters<typeof bindMessageApi>[0]);
    stubFetch(() => json(500, null));
    await settle(secondaryRequest('/api/thing'));
    expect(navigate).toHaveBeenCalledWith('/500', undefined);
    expect(error).not.toHaveBeenCalled();
  });
});
