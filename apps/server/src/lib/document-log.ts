// The document register's writes (issue 14): appending a stored file to the Merkle log inside the transaction
// that stores it, and publishing signed checkpoints. Appends are serialised by the log head's row lock, so every
// app process builds one log with consecutive indices; a checkpoint is one row per tree size, so two processes
// publishing the same size at once keep one of them.
import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { checkpointNote, entryLeafHash, fromHex, treeHash, toHex, type Bytes } from '@tfb/contract';
import type { DB } from '../db/types.js';

/** node's SHA-256: the same function as the contract's, faster over a long log. */
export const nodeSha256 = (data: Bytes): Bytes => crypto.createHash('sha256').update(data).digest();

export type LogEntryRow = { leaf_index: number; file_sha256: string; registered_ms: number; leaf_hash: string };

/** Appends stored file `file` to the log (call it inside the transaction that inserts the file row). */
export async function appendToLog(
  trx: Transaction<DB>,
  file: { id: number; enterpriseId: string; sha256: string },
  now: () => number = Date.now,
): Promise<LogEntryRow> {
  // The lock is taken before the time is read: indices and times rise together.
  const head = await trx.selectFrom('document_log_head').select('size').where('id', '=', 1).forUpdate().executeTakeFirst();
  const index = head?.size ?? 0;
  const registered = now();
  const row: LogEntryRow = {
    leaf_index: index,
    file_sha256: file.sha256,
    registered_ms: registered,
    leaf_hash: entryLeafHash(file.sha256, registered, nodeSha256),
  };
  await trx
    .insertInto('document_log_entries')
    .values({ ...row, file_id: file.id, enterprise_id: file.enterpriseId })
    .execute();
  await trx
    .insertInto('document_log_head')
    .values({ id: 1, size: index + 1 })
    .onConflict((oc) => oc.column('id').doUpdateSet({ size: index + 1 }))
    .execute();
  return row;
}

/** The log's current size (committed appends only). */
export async function logSize(db: Kysely<DB>): Promise<number> {
  const head = await db.selectFrom('document_log_head').select('size').where('id', '=', 1).executeTakeFirst();
  return head?.size ?? 0;
}

/** The leaf hashes of the first `size` entries, in order. */
export async function leafHashes(db: Kysely<DB>, size: number): Promise<Bytes[]> {
  if (size === 0) return [];
  const rows = await db
    .selectFrom('document_log_entries')
    .select('leaf_hash')
    .where('leaf_index', '<', size)
    .orderBy('leaf_index')
    .execute();
  if (rows.length !== size) throw new Error(`document log has ${rows.length} of ${size} leaves`);
  return rows.map((r) => fromHex(r.leaf_hash));
}

export type CheckpointRow = { tree_size: number; root_hash: string; signed_ms: number; signature: string };

/** The log's Ed25519 signing key and its raw public key. */
export type LogKey = { privateKey: crypto.KeyObject; publicKeyHex: string };

// The DER prefix of a PKCS#8 Ed25519 private key whose 32-byte seed follows (RFC 8410).
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function logKeyFromSeed(seed: Buffer): LogKey {
  const privateKey = crypto.createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const spki = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return { privateKey, publicKeyHex: spki.subarray(spki.length - 32).toString('hex') };
}

/**
 * The signing key: derived from DOCUMENT_LOG_SECRET when set, else one random seed kept in the database (like the
 * access-token key), so every app process signs with the same key.
 */
export async function loadLogKey(db: Kysely<DB>, secret: string | undefined): Promise<LogKey> {
  if (secret) return logKeyFromSeed(crypto.createHash('sha256').update(`document-log-key\0${secret}`).digest());
  await db
    .insertInto('app_secrets')
    .values({ name: 'document_log_key', value: crypto.randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'document_log_key').executeTakeFirstOrThrow();
  return logKeyFromSeed(Buffer.from(row.value, 'base64'));
}

export async function latestCheckpoint(db: Kysely<DB>): Promise<CheckpointRow | undefined> {
  return db.selectFrom('document_log_checkpoints').selectAll().orderBy('tree_size', 'desc').limit(1).executeTakeFirst();
}

/**
 * The latest checkpoint, after publishing one over the whole log when the log has grown past it (or, with
 * `covering`, only when the latest does not include leaf `covering`). Undefined while the log is empty.
 */
export async function currentCheckpoint(db: Kysely<DB>, key: LogKey, covering?: number): Promise<CheckpointRow | undefined> {
  const latest = await latestCheckpoint(db);
  const size = await logSize(db);
  const enough = covering === undefined ? (latest?.tree_size ?? 0) >= size : latest !== undefined && latest.tree_size > covering;
  if (enough || size === 0) return latest;
  const root = toHex(treeHash(await leafHashes(db, size), nodeSha256));
  const signedMs = Date.now();
  const signature = crypto.sign(null, Buffer.from(checkpointNote(size, root, signedMs)), key.privateKey).toString('base64');
  await db
    .insertInto('document_log_checkpoints')
    .values({ tree_size: size, root_hash: root, signed_ms: signedMs, signature })
    .onConflict((oc) => oc.column('tree_size').doNothing())
    .execute();
  // Another process may have published this size first: its row is the one kept.
  return db.selectFrom('document_log_checkpoints').selectAll().where('tree_size', '=', size).executeTakeFirstOrThrow();
}
