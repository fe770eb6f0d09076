// Signed draft preview links: an HMAC-SHA256 over a small claim naming (enterprise, site, type, item, version) and
// an expiry. The key is one random secret kept in app_secrets, so every app process signs and checks alike.
import crypto from 'node:crypto';
import { CONTENT_TYPES, PORTAL_SITES, type ContentType, type PortalSite } from '@tfb/contract';
import type { Database } from '../../db/connection.js';

export type PreviewClaims = { enterpriseId: string; site: PortalSite; type: ContentType; id: number; version: number; exp: number };

const SECRET_NAME = 'portal_preview_key';
const TOKEN_MAX_LENGTH = 200;

/** The preview key, made on first use (the first process to store it wins; the others read it). */
export async function loadPreviewKey(database: Database): Promise<Buffer> {
  await database.db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

/** 128 bits of HMAC-SHA256: the whole token has to fit in one path segment of the router (100 characters). */
const mac = (key: Buffer, payload: string) => crypto.createHmac('sha256', key).update(`preview.${payload}`).digest().subarray(0, 16);

/** `site.type.id.version.exp.enterprise` (site and type as their index in the contract's lists), base64url, then the MAC. */
export function signPreview(key: Buffer, c: PreviewClaims): string {
  const text = [PORTAL_SITES.indexOf(c.site), CONTENT_TYPES.indexOf(c.type), c.id, c.version, c.exp, c.enterpriseId].join('.');
  const payload = Buffer.from(text).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

const CLAIMS = /^(\d)\.(\d)\.([1-9]\d{0,14})\.([1-9]\d{0,8})\.([1-9]\d{0,11})\.(.+)$/s;

/** The claims of an untampered, unexpired token in exactly the form signPreview writes; undefined otherwise. */
export function checkPreview(key: Buffer, token: string, nowSeconds: number): PreviewClaims | undefined {
  if (token.length > TOKEN_MAX_LENGTH) return undefined;
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return undefined;
  const [, payload, sig] = m as unknown as [string, string, string];
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, payload);
  // One spelling per token: base64url segments that decode the same but are written otherwise are refused.
  if (given.toString('base64url') !== sig || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  const c = CLAIMS.exec(Buffer.from(payload, 'base64url').toString('utf8'));
  if (!c) return undefined;
  const site = PORTAL_SITES[Number(c[1])];
  const type = CONTENT_TYPES[Number(c[2])];
  const exp = Number(c[5]);
  if (!site || !type || exp <= nowSeconds) return undefined;
  return { enterpriseId: c[6]!, site, type, id: Number(c[3]), version: Number(c[4]), exp };
}
