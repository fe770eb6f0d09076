// Whether the signed-in user may do something, read from the contract's permission table: the same table the
// server guards its routes with, so a button the server would refuse is not offered. Without a session nothing
// is allowed.
import { can, type RouteAccess } from '@tfb/contract';
import { useSessionUser } from './session';

export function useCan(access: RouteAccess): boolean {
  const user = useSessionUser();
  return user !== null && can(user.roles, access);
}
