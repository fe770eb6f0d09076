// What the signed-in user may do with a site's content: write (save, submit, withdraw, reorder) and approve.
import type { Permission, PortalSite } from '@tfb/contract';
import { useCan } from '../../../../lib/use-can';

export const contentWrite = (site: PortalSite): Permission => `${site}:write`;
export const contentApprove = (site: PortalSite): Permission => `${site}:approve`;

export function useContentAccess(site: PortalSite) {
  return { canWrite: useCan(contentWrite(site)), canApprove: useCan(contentApprove(site)) };
}
