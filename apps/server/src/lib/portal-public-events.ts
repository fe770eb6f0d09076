// Content of a portal site changed in this process (published, withdrawn, expired, reordered …): the public side
// drops what it keeps of that site at once. Other processes learn of it from the database itself (the public
// module keys what it keeps by the site's content version, read on each request), so this is a hint, not the
// only way a change becomes visible.
import type { PortalSite } from '@tfb/contract';

type Listener = (site: PortalSite, enterpriseId: string) => void;

const listeners = new Set<Listener>();

export const portalPublicEvents: {
  emit(site: PortalSite, enterpriseId: string): void;
  on(listener: (site: PortalSite, enterpriseId: string) => void): () => void;
} = {
  emit(site, enterpriseId) {
    for (const listener of [...listeners]) {
      // A listener's failure must not undo or fail the write that announced the change.
      try {
        listener(site, enterpriseId);
      } catch (e) {
        console.warn(`A portal public listener failed: ${(e as Error).message}`);
      }
    }
  },
  on(listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
