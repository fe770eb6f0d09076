// Document rows attached to a business record (a contract, a loan application): read, and replaced as a whole
// inside the record's save transaction. The rows are the documents table, told apart by source_type.
import type { Kysely, Transaction } from 'kysely';
import {
  BUSINESS_MESSAGES,
  CONTRACT_DRAFT_DOC_TYPE,
  DOCUMENT_TYPE_GROUP,
  DRAFT_EXTENSIONS,
  certificatePageUrl,
  MESSAGES,
  fileIdOfUrl,
  fileUrl,
  type DocumentRow,
  type DocumentRowInput,
  type FieldError,
} from '@tfb/contract';
import type { DB } from '../db/types.js';
import { badRequest } from './errors.js';
import { replaceChildRows } from './records.js';

export type DocumentSource = 'contract' | 'loan' | 'productSign';

type ResolvedDocument = {
  file_name: string;
  file_type_id: string;
  file_type_name: string;
  file_id: number;
  file_path: string;
  end_time: string | null;
  file_qk: string | null;
};

export async function documentsOf(db: Kysely<DB>, enterpriseId: string, source: DocumentSource, sourceId: number): Promise<DocumentRow[]> {
  const rows = await db
    .selectFrom('documents')
    .leftJoin('document_log_entries as e', 'e.file_id', 'documents.file_id')
    .selectAll('documents')
    .select('e.leaf_index')
    .where('documents.enterprise_id', '=', enterpriseId)
    .where('source_type', '=', source)
    .where('source_id', '=', sourceId)
    .orderBy('documents.id')
    .execute();
  return rows.map((d) => ({
    id: d.id,
    sourceId: d.source_id,
    fileName: d.file_name,
    fileTypeId: d.file_type_id,
    fileTypeName: d.file_type_name,
    filePath: d.file_path,
    endTime: d.end_time,
    // The certificate page of the file's entry in the document log (issue 14), whatever the row once stored.
    fileQk: d.leaf_index === null ? d.file_qk : certificatePageUrl(d.leaf_index),
  }));
}

/**
 * Document rows: the type must be in the business_documentType dictionary, the file one the caller's
 * enterprise uploaded, and the contract-draft type takes only .doc/.docx files. (At most one agreement
 * data-pack row is checked by the body schema.) Field errors name `documents.<i>.<field>`.
 */
async function resolveDocuments(
  trx: Transaction<DB>,
  enterpriseId: string,
  rows: readonly DocumentRowInput[],
): Promise<ResolvedDocument[]> {
  if (rows.length === 0) return [];
  const types = await trx
    .selectFrom('dict_entries')
    .select(['dict_key', 'dict_value_name'])
    .where('group_name', '=', DOCUMENT_TYPE_GROUP)
    .execute();
  const typeNames = new Map(types.map((t) => [t.dict_key, t.dict_value_name]));
  const fileIds = rows.map((r) => fileIdOfUrl(r.filePath));
  const wanted = [...new Set(fileIds.filter((id): id is number => id !== undefined))];
  const files = wanted.length
    ? await trx
        .selectFrom('stored_files')
        .leftJoin('document_log_entries as e', 'e.file_id', 'stored_files.id')
        .select(['stored_files.id', 'extension', 'original_name', 'e.leaf_index'])
        .where('stored_files.enterprise_id', '=', enterpriseId)
        .where('stored_files.id', 'in', wanted)
        .execute()
    : [];
  const fileById = new Map(files.map((f) => [f.id, f]));
  const errors: FieldError[] = [];
  const resolved: ResolvedDocument[] = [];
  rows.forEach((r, i) => {
    const typeName = typeNames.get(r.fileTypeId);
    if (typeName === undefined) errors.push({ field: `documents.${i}.fileTypeId`, message: BUSINESS_MESSAGES.docTypeUnknown });
    const fileId = fileIds[i];
    const file = fileId === undefined ? undefined : fileById.get(fileId);
    if (!file) {
      errors.push({ field: `documents.${i}.filePath`, message: BUSINESS_MESSAGES.fileNotFound });
      return;
    }
    if (r.fileTypeId === CONTRACT_DRAFT_DOC_TYPE && !(DRAFT_EXTENSIONS as readonly string[]).includes(file.extension)) {
      errors.push({ field: `documents.${i}.filePath`, message: MESSAGES.documentDraftDocOnly });
    }
    resolved.push({
      file_name: r.fileName || file.original_name,
      file_type_id: r.fileTypeId,
      file_type_name: typeName ?? '',
      file_id: file.id,
      file_path: fileUrl(file.id),
      end_time: r.endTime,
      // The certificate link comes from the log, never from the client.
      file_qk: file.leaf_index === null ? null : certificatePageUrl(file.leaf_index),
    });
  });
  if (errors.length) throw badRequest(errors[0]!.message, errors);
  return resolved;
}

/** Checks every row (400 with field errors, nothing written) and then replaces the record's rows with them. */
export async function replaceDocuments(
  trx: Transaction<DB>,
  actor: { enterpriseId: string; userId: string },
  source: DocumentSource,
  sourceId: number,
  rows: readonly DocumentRowInput[],
): Promise<void> {
  const documents = await resolveDocuments(trx, actor.enterpriseId, rows);
  const owner = { enterprise_id: actor.enterpriseId, source_type: source, source_id: sourceId };
  await replaceChildRows(
    trx,
    'documents',
    owner,
    documents.map((d) => ({ ...d, created_by: actor.userId })),
  );
}
