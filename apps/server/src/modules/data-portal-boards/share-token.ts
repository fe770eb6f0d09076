// A scene's public share link: the share row's random id and an HMAC-SHA256 of it under one random key kept in
// app_secrets (so every app process signs and checks alike). The signature stops guessing and tampering before the
// database is asked; the row (checked on every view) makes a revocation take effect at once in every process.
import crypto from 'node:crypto';
import type { Database } from '../../db/connection.js';

const SECRET_NAME = 'scene_share_key';
const TOKEN_MAX_LENGTH = 120;

/** The share key, made on first use (the first process to store it wins; the others read it). */
export async function loadShareKey(database: Database): Promise<Buffer> {
  await database.db
    .insertInto('app_secrets')
    .values({ name: SECRET_NAME, value: crypto.randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('app_secrets').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}

const mac = (key: Buffer, shareId: string) => crypto.createHmac('sha256', key).update(`scene-share.${shareId}`).digest().subarray(0, 16);

/** `<share id>.<mac>`, both base64url: one path segment. */
export const signShare = (key: Buffer, shareId: string): string => `${shareId}.${mac(key, shareId).toString('base64url')}`;

/** The share id of an untampered token in exactly the form signShare writes; undefined otherwise. */
export function checkShare(key: Buffer, token: string): string | undefined {
  if (token.length > TOKEN_MAX_LENGTH) return undefined;
  const m = /^([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!m) return undefined;
  const [, shareId, sig] = m as unknown as [string, string, string];
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(key, shareId);
  if (given.toString('base64url') !== sig || given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  return shareId;
}
