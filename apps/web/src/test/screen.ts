// The opening steps of a screen test: a signed-in staff user, the mock API with the test's answers, a user-event
// driver, and the screen rendered at its address.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { BUSINESS_MESSAGES, type SessionUser } from '@tfb/contract';
import { mockApi, type ApiHandlers, type MockApi } from './mock-api';
import { setupUser, type User } from './queries';
import { renderRoute } from './render';
import { signIn } from './sign-in';

export function openScreen(
  path: string,
  handlers: ApiHandlers = {},
  over: Partial<SessionUser> = {},
): { api: MockApi; user: User; router: ReturnType<typeof renderRoute>['router'] } {
  signIn(over);
  const api = mockApi(handlers);
  const user = setupUser();
  const { router } = renderRoute(path);
  return { api, user, router };
}

/**
 * A record's edit address when the record may no longer be edited: the screen says so, and 查看详情 leads to
 * the record's detail, whose heading is `heading`.
 */
export async function openLockedEdit(path: string, handlers: ApiHandlers, heading: string): Promise<ReturnType<typeof openScreen>> {
  const opened = openScreen(path, handlers);
  expect(await screen.findByText(BUSINESS_MESSAGES.notEditable)).toBeInTheDocument();
  await opened.user.click(screen.getByRole('button', { name: '查看详情' }));
  expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  return opened;
}
