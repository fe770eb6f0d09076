// The document register's reads (issue 14): the log's entries (another enterprise's only as hashes and time), the
// signed checkpoints with the consistency proof between each and the one before, one entry's certificate, and the
// lookup of a file's hash. A checkpoint covering what is read is published first when the log has grown.
import type { Kysely } from 'kysely';
import {
  CERTIFICATE_FORMAT,
  DOCUMENT_LOG_ORIGIN,
  certificatePageUrl,
  consistencyProof,
  inclusionProof,
  toHex,
  type Certificate,
  type CertifiedDocument,
  type CheckpointWithProof,
  type DocumentLogEntry,
  type LookupMatch,
} from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { currentCheckpoint, leafHashes, logSize, nodeSha256, type CheckpointRow, type LogKey } from '../../lib/document-log.js';
import { notFound } from '../../lib/errors.js';
import type { PageWindow } from '../../lib/paging.js';

const iso = (ms: number) => new Date(ms).toISOString();

const checkpointWire = (c: CheckpointRow) => ({
  treeSize: c.tree_size,
  rootHash: c.root_hash,
  timestampMs: c.signed_ms,
  timestamp: iso(c.signed_ms),
  signature: c.signature,
});

export async function pageEntries(
  db: Kysely<DB>,
  enterpriseId: string,
  ownOnly: boolean,
  w: PageWindow,
): Promise<{ content: DocumentLogEntry[]; total: number; treeSize: number }> {
  const treeSize = await logSize(db);
  let q = db
    .selectFrom('document_log_entries as e')
    .innerJoin('stored_files as f', 'f.id', 'e.file_id')
    .select(['e.leaf_index', 'e.leaf_hash', 'e.registered_ms', 'e.enterprise_id', 'e.file_sha256', 'f.original_name']);
  if (ownOnly) q = q.where('e.enterprise_id', '=', enterpriseId);
  const [rows, total] = await Promise.all([
    q.orderBy('e.leaf_index', 'desc').limit(w.limit).offset(w.offset).execute(),
    ownOnly
      ? db
          .selectFrom('document_log_entries')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('enterprise_id', '=', enterpriseId)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
      : Promise.resolve(treeSize),
  ]);
  const content = rows.map((r) => {
    const own = r.enterprise_id === enterpriseId;
    return {
      index: r.leaf_index,
      leafHash: r.leaf_hash,
      registeredAt: iso(r.registered_ms),
      own,
      fileSha256: own ? r.file_sha256 : null,
      fileName: own ? r.original_name : null,
    };
  });
  return { content, total, treeSize };
}

export async function pageCheckpoints(
  db: Kysely<DB>,
  key: LogKey,
  w: PageWindow,
): Promise<{ content: CheckpointWithProof[]; total: number }> {
  await currentCheckpoint(db, key);
  // One more than the page: the oldest checkpoint shown is proved against the one before it.
  const [rows, count] = await Promise.all([
    db
      .selectFrom('document_log_checkpoints')
      .selectAll()
      .orderBy('tree_size', 'desc')
      .limit(w.limit + 1)
      .offset(w.offset)
      .execute(),
    db
      .selectFrom('document_log_checkpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const shown = rows.slice(0, w.limit);
  const leaves = shown.length ? await leafHashes(db, shown[0]!.tree_size) : [];
  const content = shown.map((c, i) => {
    const before = rows[i + 1];
    return {
      ...checkpointWire(c),
      previous: before
        ? {
            treeSize: before.tree_size,
            rootHash: before.root_hash,
            proof: consistencyProof(before.tree_size, leaves.slice(0, c.tree_size), nodeSha256).map(toHex),
          }
        : null,
    };
  });
  return { content, total: Number(count.n) };
}

/**
 * The certificate of the caller's enterprise's entry `index` and its document; another enterprise's entry is as
 * absent as a missing one (its file hash would let anyone confirm a guess of its content). The owner may hand the
 * downloaded certificate to anyone: it verifies offline.
 */
export async function certificateOf(
  db: Kysely<DB>,
  key: LogKey,
  enterpriseId: string,
  index: number,
): Promise<{ certificate: Certificate; document: CertifiedDocument }> {
  const entry = await db
    .selectFrom('document_log_entries as e')
    .innerJoin('stored_files as f', 'f.id', 'e.file_id')
    .select(['e.leaf_index', 'e.file_sha256', 'e.registered_ms', 'e.leaf_hash', 'f.id', 'f.original_name', 'f.size_bytes', 'f.uploaded_by'])
    .where('e.leaf_index', '=', index)
    .where('e.enterprise_id', '=', enterpriseId)
    .executeTakeFirst();
  if (!entry) throw notFound('存证记录');
  const checkpoint = await currentCheckpoint(db, key, index);
  if (!checkpoint) throw notFound('存证记录');
  const leaves = await leafHashes(db, checkpoint.tree_size);
  const certificate: Certificate = {
    format: CERTIFICATE_FORMAT,
    log: DOCUMENT_LOG_ORIGIN,
    entry: {
      index: entry.leaf_index,
      fileSha256: entry.file_sha256,
      registeredAtMs: entry.registered_ms,
      registeredAt: iso(entry.registered_ms),
      leafHash: entry.leaf_hash,
    },
    checkpoint: checkpointWire(checkpoint),
    inclusionProof: inclusionProof(entry.leaf_index, leaves, nodeSha256).map(toHex),
    publicKey: key.publicKeyHex,
  };
  const usedBy = await db
    .selectFrom('documents')
    .select(['source_type', 'source_id', 'file_type_name'])
    .where('enterprise_id', '=', enterpriseId)
    .where('file_id', '=', entry.id)
    .orderBy('id')
    .limit(50)
    .execute();
  return {
    certificate,
    document: {
      fileId: entry.id,
      fileName: entry.original_name,
      sizeBytes: entry.size_bytes,
      uploadedBy: entry.uploaded_by,
      usedBy: usedBy.map((u) => ({ sourceType: u.source_type, sourceId: u.source_id, fileTypeName: u.file_type_name })),
    },
  };
}

/** Every entry that registered content `sha256`, oldest first: the caller's named, others only as a time. */
export async function lookup(db: Kysely<DB>, enterpriseId: string, sha256: string): Promise<LookupMatch[]> {
  const rows = await db
    .selectFrom('document_log_entries as e')
    .innerJoin('stored_files as f', 'f.id', 'e.file_id')
    .select(['e.leaf_index', 'e.registered_ms', 'e.enterprise_id', 'f.original_name'])
    .where('e.file_sha256', '=', sha256)
    .orderBy('e.leaf_index')
    .limit(100)
    .execute();
  return rows.map((r) => {
    const own = r.enterprise_id === enterpriseId;
    return {
      index: r.leaf_index,
      registeredAt: iso(r.registered_ms),
      own,
      fileName: own ? r.original_name : null,
      certificateUrl: own ? certificatePageUrl(r.leaf_index) : null,
    };
  });
}
