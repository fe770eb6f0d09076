// Test helpers: the real providers (antd App, i18n in zh, a fresh query client) and a fetch stub that
// answers the API calls a widget makes.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';

export type Handler = (url: URL) => unknown;

/** Stubs fetch: each call goes to the handler whose path prefix matches; the reply is {code:0,message:'成功',data}. */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: URL[] = [];
  // init is in the signature so a test can read what was sent (fetchMock.mock.calls[i][1]).
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    calls.push(url);
    const path = Object.keys(handlers).find((p) => url.pathname === p);
    if (!path) return new Response(JSON.stringify({ code: 40400, message: 'not found', data: null }), { status: 404 });
    const data = handlers[path]!(url);
    return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(<AppProviders queryClient={createQueryClient()}>{ui}</AppProviders>);
}

export { signIn } from '../../../test/sign-in';
