// Stores a signed-in demo-a staff user (what the session-aware screens and the permission checks read), with
// whatever a test changes: e.g. signIn({ roles: ['approver'] }). The mock API's session call answers this user.
import type { SessionUser } from '@tfb/contract';
import { saveSessionUser, setAccessToken } from '../lib/session-store';
import { sessionUser } from './fixtures';

export function signIn(over: Partial<SessionUser> = {}): SessionUser {
  const user = sessionUser(over);
  saveSessionUser(user);
  setAccessToken('test-token');
  return user;
}
