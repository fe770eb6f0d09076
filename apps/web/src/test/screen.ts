// The opening steps of a screen test: a signed-in staff user, the mock API with the test's answers, a user-event
// driver, and the screen rendered at its address.
import type { SessionUser } from '@tfb/contract';
import { mockApi, type ApiHandlers, type MockApi } from './mock-api';
import { setupUser, type User } from './queries';
import { renderRoute } from './render';
import { signIn } from './sign-in';

export function openScreen(path: string, handlers: ApiHandlers = {}, over: Partial<SessionUser> = {}): { api: MockApi; user: User } {
  signIn(over);
  const api = mockApi(handlers);
  const user = setupUser();
  renderRoute(path);
  return { api, user };
}
