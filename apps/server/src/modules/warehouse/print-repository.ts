// Printed in-storage notices: each PDF is stored for its requester and kept PRINT_RETENTION_HOURS, so the URL the
// print call answers opens right away and a reload within a day still works.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

/** Printed documents are kept this long. */
const PRINT_RETENTION_HOURS = 24;

export type PrintOwner = { enterpriseId: string; userId: string };
export type NewPrintDocument = { sourceType: string; sourceId: number; fileName: string; content: Buffer };

/** The name printed on the document as its printer, or undefined when the user has none. */
export async function printerName(db: Kysely<DB>, userId: string): Promise<string | undefined> {
  const user = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return user?.name || undefined;
}

/** Stores a printed document for its owner (dropping every one past retention) and answers its id. */
export async function storePrintDocument(db: Kysely<DB>, owner: PrintOwner, doc: NewPrintDocument): Promise<string> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('print_documents')
      .where('created_at', '<', sql<string>`now() - make_interval(hours => ${PRINT_RETENTION_HOURS})`)
      .execute();
    await trx
      .insertInto('print_documents')
      .values({
        id,
        enterprise_id: owner.enterpriseId,
        user_id: owner.userId,
        source_type: doc.sourceType,
        source_id: doc.sourceId,
        file_name: doc.fileName,
        content: doc.content,
      })
      .execute();
  });
  return id;
}

/** A stored document, only for the user who printed it. */
export async function findPrintDocument(
  db: Kysely<DB>,
  owner: PrintOwner,
  id: string,
): Promise<{ fileName: string; content: Buffer } | undefined> {
  const doc = await db
    .selectFrom('print_documents')
    .select(['file_name', 'content'])
    .where('id', '=', id)
    .where('enterprise_id', '=', owner.enterpriseId)
    .where('user_id', '=', owner.userId)
    .executeTakeFirst();
  return doc && { fileName: doc.file_name, content: Buffer.from(doc.content) };
}
