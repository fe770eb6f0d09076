// The access-token signing key: TOKEN_SECRET when set, else one random key stored in the database so
// every app process behind a load balancer signs and verifies with the same key.
import crypto from 'node:crypto';
import type { Database } from '../../db/connection.js';

export async function loadSigningKey(database: Database, tokenSecret: string | undefined): Promise<Buffer> {
  if (tokenSecret) return crypto.createHash('sha256').update(tokenSecret).digest();
  const candidate = crypto.randomBytes(32).toString('base64');
  await database.db
    .insertInto('app_secrets')
    .values({ name: 'access_token_key', value: candidate })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await database.db.selectFrom('app_secrets').select('value').where('name', '=', 'access_token_key').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
