// Renders a screen inside the app's real providers and a memory router, with the network answered by `routes`.
import { configure, fireEvent, render, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';

type Handler = (url: URL) => unknown;
export type Calls = URL[];

/** Answers each path with `{ code: 0, message: '成功', data }`; records every call. */
export function mockApi(routes: Record<string, Handler>): Calls {
  const calls: Calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const handler = routes[url.pathname];
    const body = handler
      ? { code: 0, message: '成功', data: handler(url) }
      : { code: 40400, message: `no route ${url.pathname}`, data: null };
    return new Response(JSON.stringify(body), { status: handler ? 200 : 404, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

export function renderScreen(ui: ReactElement, route = '/') {
  // antd screens are large: skipping the per-element visibility check keeps role queries fast. Closed dialogs are
  // destroyed (destroyOnHidden), so nothing hidden is found by mistake. (Set per render: the setup file puts the
  // library's defaults back after every test.)
  configure({ defaultHidden: true });
  const queryClient = createQueryClient();
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

/**
 * The buttons whose visible label is `label` (spaces ignored: antd spaces out two-character Chinese labels).
 * Faster than a role query over a large antd table, which computes every element's accessible name.
 */
export function buttonsLabelled(label: string, container: ParentNode = document.body): HTMLButtonElement[] {
  return Array.from(container.querySelectorAll('button')).filter((b) => (b.textContent ?? '').replace(/\s/g, '') === label);
}

/** The tab whose label is `label`. */
export function tabLabelled(label: string): HTMLElement {
  const tab = Array.from(document.querySelectorAll<HTMLElement>('[role="tab"]')).find((el) => el.textContent === label);
  if (!tab) throw new Error(`no tab ${label}`);
  return tab;
}

/** The open dialog, once it shows. */
export function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]');
    if (!dialog) throw new Error('no dialog');
    return dialog;
  });
}

export function closeDialog(): void {
  const close = document.querySelector<HTMLButtonElement>('.ant-modal-close');
  if (!close) throw new Error('no dialog to close');
  fireEvent.click(close);
}

export { signIn } from '../../../test/sign-in';
