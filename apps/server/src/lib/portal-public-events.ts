// What the public portal sites show changes when content goes live, is withdrawn, expires or is reordered. The
// write announces it inside its own transaction (pg_notify on PORTAL_PUBLIC_CHANNEL, delivered at commit, so a
// rolled-back write announces nothing) and every app process hears it through its LISTEN connection and emits it
// here: the public API subscribes with `app.portalPublic.onChange(...)` to drop what it caches for that site.
// While `hearing` is false (the listening connection is down) announcements may be missed: do not cache then.
import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import { PORTAL_SITES, type PortalSite } from '@tfb/contract';
import type { Database } from '../db/connection.js';
import type { DB } from '../db/types.js';

export const PORTAL_PUBLIC_CHANNEL = 'tfb_portal_public';

export type PortalPublicChange = { site: PortalSite; enterpriseId: string };

type Events = { change: [PortalPublicChange]; hearing: [boolean] };

const isSite = (s: string): s is PortalSite => (PORTAL_SITES as readonly string[]).includes(s);

/** The announcements of one app process. */
export class PortalPublicEvents {
  private readonly emitter = new EventEmitter<Events>();
  private stop: (() => Promise<void>) | undefined;
  /** Whether announcements are heard now (false before start, after close and while the listener reconnects). */
  hearing = false;

  /** `listener` hears every change of what a site of an enterprise shows; answers a function that unsubscribes. */
  onChange(listener: (change: PortalPublicChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /** `listener` hears when announcements stop (false) and start (true) being heard. */
  onHearing(listener: (up: boolean) => void): () => void {
    this.emitter.on('hearing', listener);
    return () => this.emitter.off('hearing', listener);
  }

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(PORTAL_PUBLIC_CHANNEL, {
      message: (payload) => {
        const [site, ...rest] = payload.split(':');
        const enterpriseId = rest.join(':');
        if (site && isSite(site) && enterpriseId) this.emitter.emit('change', { site, enterpriseId });
      },
      connected: (up) => {
        this.hearing = up;
        this.emitter.emit('hearing', up);
      },
    });
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
    this.emitter.removeAllListeners();
  }
}

/** Announces, inside the transaction of the write, that what `site` of `enterpriseId` shows has changed. */
export async function announcePublicChange(trx: Kysely<DB>, change: PortalPublicChange): Promise<void> {
  await sql`SELECT pg_notify(${PORTAL_PUBLIC_CHANNEL}, ${`${change.site}:${change.enterpriseId}`})`.execute(trx);
}
