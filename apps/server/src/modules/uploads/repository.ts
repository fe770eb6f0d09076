// The stored_files rows: one per upload (identical content shares its bytes on disk), always read within the
// caller's enterprise.
import type { Kysely, Selectable } from 'kysely';
import { fileUrl, type StoredFile } from '@tfb/contract';
import type { DB } from '../../db/types.js';
import { appendToLog } from '../../lib/document-log.js';

export type StoredFileRow = Selectable<DB['stored_files']>;

export type NewStoredFile = {
  enterpriseId: string;
  sha256: string;
  sizeBytes: number;
  mimeType: string;
  extension: string;
  originalName: string;
  uploadedBy: string;
};

export const toWire = (r: StoredFileRow): StoredFile => ({
  id: r.id,
  fileName: r.original_name,
  filePath: fileUrl(r.id),
  extension: r.extension,
  mimeType: r.mime_type,
  sizeBytes: r.size_bytes,
  sha256: r.sha256,
  uploadedBy: r.uploaded_by,
  uploadedAt: r.uploaded_at,
});

/**
 * Writes the file's row and runs `storeBytes` in the same transaction: a failure to store the bytes rolls the row
 * back, and the bytes are stored only once the row is written, so a refused insert leaves nothing stored.
 */
export async function insertStoredFile(db: Kysely<DB>, f: NewStoredFile, storeBytes: () => Promise<void>): Promise<StoredFileRow> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('stored_files')
      .values({
        enterprise_id: f.enterpriseId,
        sha256: f.sha256,
        size_bytes: f.sizeBytes,
        mime_type: f.mimeType,
        extension: f.extension,
        original_name: f.originalName,
        uploaded_by: f.uploadedBy,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await storeBytes();
    // Registered in the document log with the row (a stored file is certified or not stored at all), last: the
    // log head's lock is held only until the commit that follows.
    await appendToLog(trx, { id: row.id, enterpriseId: row.enterprise_id, sha256: row.sha256 });
    return row;
  });
}

/** The file row when it belongs to the enterprise; another enterprise's file is as absent as a missing one. */
export async function findStoredFile(db: Kysely<DB>, enterpriseId: string, id: number): Promise<StoredFileRow | undefined> {
  return db.selectFrom('stored_files').selectAll().where('enterprise_id', '=', enterpriseId).where('id', '=', id).executeTakeFirst();
}
