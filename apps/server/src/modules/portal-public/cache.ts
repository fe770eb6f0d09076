// What the public side keeps in memory: per site, the replies and page parts built for one content version of the
// site. Each request reads the site's version from the database (one small query), so a change made by another
// process — or straight in the database — is never answered from here; a change in this process also drops the
// site's entries at once (portalPublicEvents). And the HTTP side of it: strong ETags, Last-Modified and 304s.
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalSite } from '@tfb/contract';

/** A reply ready to send: its bytes and their validators. */
export type Rendered = { body: Buffer; etag: string; lastModified: Date; contentType: string };

/** The most entries kept per site (pages of many columns and items); the oldest go first. */
const ENTRIES_PER_SITE = 1000;

export class PublicCache {
  private readonly sites = new Map<PortalSite, { version: string; entries: Map<string, Promise<unknown>> }>();

  /** The value kept under `key` for this version of the site, built (once, however many ask at the same time) when missing. */
  get<T>(site: PortalSite, version: string, key: string, build: () => Promise<T>): Promise<T> {
    let kept = this.sites.get(site);
    if (!kept || kept.version !== version) {
      kept = { version, entries: new Map() };
      this.sites.set(site, kept);
    }
    const entries = kept.entries;
    const known = entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    if (entries.size >= ENTRIES_PER_SITE) entries.delete(entries.keys().next().value!);
    const made = build();
    entries.set(key, made);
    // A failed build (a 404, a lost connection) is not kept: the next request tries again.
    made.catch(() => {
      if (entries.get(key) === made) entries.delete(key);
    });
    return made;
  }

  drop(site: PortalSite): void {
    this.sites.delete(site);
  }

  size(site: PortalSite): number {
    return this.sites.get(site)?.entries.size ?? 0;
  }
}

export function rendered(body: string, contentType: string, lastModified: Date): Rendered {
  const bytes = Buffer.from(body);
  const etag = `"${crypto.createHash('sha256').update(bytes).digest('base64url').slice(0, 32)}"`;
  // HTTP dates have whole seconds: a validator finer than what the client can send back would never match.
  return { body: bytes, etag, lastModified: new Date(Math.floor(lastModified.getTime() / 1000) * 1000), contentType };
}

/** Whether the client's copy is current: If-None-Match when sent (RFC 9110: it wins), else If-Modified-Since. */
function notModified(req: FastifyRequest, r: Rendered): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    return inm
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === r.etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims === undefined) return false;
  const since = Date.parse(ims);
  return !Number.isNaN(since) && r.lastModified.getTime() <= since;
}

/** Sends a public reply with its validators, or 304 when the client's copy is current. */
export function sendRendered(req: FastifyRequest, reply: FastifyReply, r: Rendered, cacheControl: string): FastifyReply {
  void reply.header('etag', r.etag).header('last-modified', r.lastModified.toUTCString()).header('cache-control', cacheControl);
  if (notModified(req, r)) return reply.status(304).send();
  return reply.type(r.contentType).send(r.body);
}
