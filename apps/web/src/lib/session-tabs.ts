// The tabs of one browser share one session: the server's HttpOnly refresh cookie. A refresh token works once, so
// tabs refresh one at a time under a Web Lock (a tab that waited finds the cookie already rotated and spends the
// new one); a tab that renews its access token tells the others over a BroadcastChannel, and so does a logout.
import { BROWSER_SESSION } from '@tfb/contract';

export type TabMessage = { type: 'token'; token: string; expiresAt: number | undefined; userId: string | undefined } | { type: 'logout' };

let channel: BroadcastChannel | null | undefined;

function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(BROWSER_SESSION.channel) : null;
  }
  return channel;
}

/** Tells the other tabs (never this one). */
export function tellOtherTabs(message: TabMessage): void {
  sessionChannel()?.postMessage(message);
}

/** Hears what the other tabs tell; answers the function that stops hearing. */
export function hearOtherTabs(handler: (message: TabMessage) => void): () => void {
  const c = sessionChannel();
  if (!c) return () => undefined;
  const listener = (e: MessageEvent<TabMessage>) => handler(e.data);
  c.addEventListener('message', listener);
  return () => c.removeEventListener('message', listener);
}

/** Runs `task` holding the refresh lock of every tab of this site; at once where the browser has no Web Locks. */
export async function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks?.request) return task();
  return locks.request(BROWSER_SESSION.refreshLock, task);
}
