// The rules of the document upload table (spec 2.3 item 2, 4 Document types, 5 Document upload), kept free
// of React so they can be tested directly: add-row only for signType 0, never fewer than one row, the
// contract-draft type takes .doc/.docx only, the agreement data pack once per form, 10 MB / 200 MB.
import {
  AGREEMENT_DATA_PACK_DOC_TYPE,
  CONTRACT_DRAFT_DOC_TYPE,
  DRAFT_EXTENSIONS,
  MB,
  MESSAGES,
  UPLOAD_VARIANT_LIMITS_MB,
  type DictEntry,
  type UploadVariant,
} from '@tfb/contract';

/** `large`: the contract-data variant and the first upload table of a form (200 MB). */
export type DocumentTableVariant = 'document' | 'large';

/** One row of the table; rows loaded from the server (DocumentRow) fit as they are. */
export type DocumentRowValue = {
  /** Client-side row identity; assigned by the table when missing. */
  key?: string;
  id?: number;
  fileName: string;
  fileTypeId: string;
  fileTypeName: string;
  /** The URL the upload returned ('' until a file is attached). */
  filePath: string;
  /** yyyy-MM-dd or null. */
  endTime: string | null;
  /** Blockchain certificate link. */
  fileQk: string | null;
};

/** What is wrong with a chosen file; the table shows the matching message. */
export type DocumentFileProblem = 'draftDocOnly' | 'tooLarge10' | 'tooLarge200';

export const DOCUMENT_PROBLEM_MESSAGES = {
  draftDocOnly: MESSAGES.documentDraftDocOnly,
  tooLarge10: MESSAGES.documentTooLarge10,
  tooLarge200: MESSAGES.documentTooLarge200,
} as const satisfies Record<DocumentFileProblem, string>;

let keySeq = 0;
export const newRowKey = (): string => `doc-row-${++keySeq}`;

export const emptyDocumentRow = (key: string = newRowKey()): DocumentRowValue => ({
  key,
  fileName: '',
  fileTypeId: '',
  fileTypeName: '',
  filePath: '',
  endTime: null,
  fileQk: null,
});

/** Rows with a key each, and at least one row (an empty one when there is none). */
export function normalizeRows(rows: readonly DocumentRowValue[] | undefined, fallbackKey: string): DocumentRowValue[] {
  if (!rows || rows.length === 0) return [emptyDocumentRow(fallbackKey)];
  return rows.map((r, i) => (r.key ? r : { ...r, key: r.id !== undefined ? `doc-id-${r.id}` : `${fallbackKey}-${i}` }));
}

/** Add-row is offered only when signType is 0 (a missing signType counts as 0, the contract default). */
export const canAddRow = (signType: number | null | undefined): boolean => (signType ?? 0) === 0;

/** The only row cannot be deleted. */
export const canDeleteRow = (rows: readonly DocumentRowValue[]): boolean => rows.length > 1;

export function removeRow(rows: readonly DocumentRowValue[], key: string): DocumentRowValue[] {
  if (!canDeleteRow(rows)) return [...rows];
  return rows.filter((r) => r.key !== key);
}

/**
 * The type options one row may choose: the agreement data pack disappears once another row holds it and
 * comes back when that row is deleted or changes type.
 */
export function typeOptionsForRow(entries: readonly DictEntry[], rows: readonly DocumentRowValue[], key: string): DictEntry[] {
  const takenElsewhere = rows.some((r) => r.key !== key && r.fileTypeId === AGREEMENT_DATA_PACK_DOC_TYPE);
  return takenElsewhere ? entries.filter((e) => e.dictKey !== AGREEMENT_DATA_PACK_DOC_TYPE) : [...entries];
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0
    ? ''
    : name
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

export const isDraftFileName = (name: string): boolean => (DRAFT_EXTENSIONS as readonly string[]).includes(fileExtension(name));

/**
 * Choosing a type. Choosing the contract-draft type while a file that is not .doc/.docx is attached clears
 * the type instead (spec 4) and reports why.
 */
export function applyTypeChange(
  row: DocumentRowValue,
  entry: DictEntry | undefined,
): { row: DocumentRowValue; problem: DocumentFileProblem | null } {
  if (!entry) return { row: { ...row, fileTypeId: '', fileTypeName: '' }, problem: null };
  if (entry.dictKey === CONTRACT_DRAFT_DOC_TYPE && row.filePath !== '' && !isDraftFileName(row.fileName)) {
    return { row: { ...row, fileTypeId: '', fileTypeName: '' }, problem: 'draftDocOnly' };
  }
  return { row: { ...row, fileTypeId: entry.dictKey, fileTypeName: entry.dictValueName }, problem: null };
}

/** The server's upload variant for a row: draft rows are checked as drafts, the others by the table. */
export const uploadVariantFor = (table: DocumentTableVariant, fileTypeId: string): UploadVariant =>
  fileTypeId === CONTRACT_DRAFT_DOC_TYPE ? 'draft' : table;

export const sizeLimitMb = (table: DocumentTableVariant, fileTypeId: string): number =>
  UPLOAD_VARIANT_LIMITS_MB[uploadVariantFor(table, fileTypeId)];

/** Checks a file before it is sent: the draft type's extension first, then the size (must stay below the limit). */
export function checkDocumentFile(
  file: { name: string; size: number },
  table: DocumentTableVariant,
  fileTypeId: string,
): DocumentFileProblem | null {
  if (fileTypeId === CONTRACT_DRAFT_DOC_TYPE && !isDraftFileName(file.name)) return 'draftDocOnly';
  const limit = sizeLimitMb(table, fileTypeId);
  if (file.size / MB >= limit) return limit === UPLOAD_VARIANT_LIMITS_MB.large ? 'tooLarge200' : 'tooLarge10';
  return null;
}

/** A row is blank when nothing was entered in it: the placeholder row a form does not save. */
export const isBlankRow = (r: DocumentRowValue): boolean => r.filePath === '' && r.fileTypeId === '' && !r.endTime;

/** What a form sends: blank rows dropped, client keys removed. */
export function documentRowsForSave(rows: readonly DocumentRowValue[] | undefined): Omit<DocumentRowValue, 'key'>[] {
  return (rows ?? []).filter((r) => !isBlankRow(r)).map(({ key: _key, ...rest }) => rest);
}

export type DocumentRowsProblem = 'fileRequired' | 'typeRequired';

/** An incomplete row (a type without a file or a file without a type), for a form rule. */
export function documentRowsProblem(rows: readonly DocumentRowValue[] | undefined): DocumentRowsProblem | null {
  for (const r of rows ?? []) {
    if (isBlankRow(r)) continue;
    if (r.filePath === '') return 'fileRequired';
    if (r.fileTypeId === '') return 'typeRequired';
  }
  return null;
}
