import { describe, expect, it } from 'vitest';
import { AGREEMENT_DATA_PACK_DOC_TYPE, CONTRACT_DRAFT_DOC_TYPE, MB, MESSAGES, type DictEntry } from '@tfb/contract';
import {
  DOCUMENT_PROBLEM_MESSAGES,
  applyTypeChange,
  canAddRow,
  canDeleteRow,
  checkDocumentFile,
  documentRowsForSave,
  documentRowsProblem,
  emptyDocumentRow,
  normalizeRows,
  removeRow,
  typeOptionsForRow,
  uploadVariantFor,
  type DocumentRowValue,
} from '../document-rules';

const DICT: DictEntry[] = [
  { dictKey: CONTRACT_DRAFT_DOC_TYPE, dictValueName: '合同草稿' },
  { dictKey: AGREEMENT_DATA_PACK_DOC_TYPE, dictValueName: '协议合同资料包' },
  { dictKey: 'MLZZHFWPT_DOCTYPE_FP', dictValueName: '发票' },
];
const row = (key: string, patch: Partial<DocumentRowValue> = {}): DocumentRowValue => ({ ...emptyDocumentRow(key), ...patch });

describe('document rules', () => {
  it('offers add-row only when signType is 0', () => {
    expect(canAddRow(0)).toBe(true);
    expect(canAddRow(undefined)).toBe(true);
    expect(canAddRow(1)).toBe(false);
  });

  it('always keeps at least one row', () => {
    expect(normalizeRows(undefined, 'k')).toHaveLength(1);
    expect(normalizeRows([], 'k')).toHaveLength(1);
    const only = [row('a')];
    expect(canDeleteRow(only)).toBe(false);
    expect(removeRow(only, 'a')).toEqual(only);
    const two = [row('a'), row('b')];
    expect(canDeleteRow(two)).toBe(true);
    expect(removeRow(two, 'a').map((r) => r.key)).toEqual(['b']);
  });

  it('gives rows loaded from the server stable keys', () => {
    const rows = normalizeRows([{ ...row(''), key: undefined, id: 7 }], 'k');
    expect(rows[0]!.key).toBe('doc-id-7');
  });

  it('lets the agreement data pack be taken once and returns it when its row is deleted', () => {
    const rows = [row('a', { fileTypeId: AGREEMENT_DATA_PACK_DOC_TYPE }), row('b')];
    expect(typeOptionsForRow(DICT, rows, 'a').map((e) => e.dictKey)).toContain(AGREEMENT_DATA_PACK_DOC_TYPE);
    expect(typeOptionsForRow(DICT, rows, 'b').map((e) => e.dictKey)).not.toContain(AGREEMENT_DATA_PACK_DOC_TYPE);
    const afterDelete = removeRow(rows, 'a');
    expect(typeOptionsForRow(DICT, afterDelete, 'b').map((e) => e.dictKey)).toContain(AGREEMENT_DATA_PACK_DOC_TYPE);
  });

  it('clears the type when the draft type is chosen with a pdf attached', () => {
    const withPdf = row('a', { fileName: '合同.pdf', filePath: '/api/businessperationService/common/file/1' });
    const result = applyTypeChange(withPdf, DICT[0]);
    expect(result.row.fileTypeId).toBe('');
    expect(result.problem).toBe('draftDocOnly');
    expect(DOCUMENT_PROBLEM_MESSAGES[result.problem!]).toBe('上传文件只能是.doc或.docx格式!');

    const withDocx = row('a', { fileName: '合同.DOCX', filePath: '/api/businessperationService/common/file/2' });
    expect(applyTypeChange(withDocx, DICT[0])).toEqual({
      row: { ...withDocx, fileTypeId: CONTRACT_DRAFT_DOC_TYPE, fileTypeName: '合同草稿' },
      problem: null,
    });
    expect(applyTypeChange(row('a'), DICT[0]).row.fileTypeId).toBe(CONTRACT_DRAFT_DOC_TYPE);
  });

  it('accepts only doc/docx for the draft type', () => {
    expect(checkDocumentFile({ name: 'a.pdf', size: 10 }, 'document', CONTRACT_DRAFT_DOC_TYPE)).toBe('draftDocOnly');
    expect(checkDocumentFile({ name: 'a.doc', size: 10 }, 'document', CONTRACT_DRAFT_DOC_TYPE)).toBeNull();
    expect(checkDocumentFile({ name: 'a.docx', size: 10 }, 'large', CONTRACT_DRAFT_DOC_TYPE)).toBeNull();
    expect(checkDocumentFile({ name: 'a.pdf', size: 10 }, 'document', 'MLZZHFWPT_DOCTYPE_FP')).toBeNull();
    expect(uploadVariantFor('large', CONTRACT_DRAFT_DOC_TYPE)).toBe('draft');
    expect(uploadVariantFor('large', 'MLZZHFWPT_DOCTYPE_FP')).toBe('large');
  });

  it('limits files to below 10 MB, or 200 MB for the large variant, with the exact messages', () => {
    expect(checkDocumentFile({ name: 'a.pdf', size: 10 * MB - 1 }, 'document', '')).toBeNull();
    expect(checkDocumentFile({ name: 'a.pdf', size: 10 * MB }, 'document', '')).toBe('tooLarge10');
    expect(checkDocumentFile({ name: 'a.pdf', size: 150 * MB }, 'large', '')).toBeNull();
    expect(checkDocumentFile({ name: 'a.pdf', size: 200 * MB }, 'large', '')).toBe('tooLarge200');
    expect(DOCUMENT_PROBLEM_MESSAGES.tooLarge10).toBe(MESSAGES.documentTooLarge10);
    expect(DOCUMENT_PROBLEM_MESSAGES.tooLarge10).toBe('上传文件大小不能超过 10MB!');
    expect(DOCUMENT_PROBLEM_MESSAGES.tooLarge200).toBe('上传文件大小不能超过 200MB!');
  });

  it('drops the blank placeholder row on save and flags incomplete rows', () => {
    const rows = [row('a'), row('b', { fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', fileName: 'x.pdf', filePath: '/f/1' })];
    expect(documentRowsForSave(rows)).toEqual([
      { fileName: 'x.pdf', fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', fileTypeName: '', filePath: '/f/1', endTime: null, fileQk: null },
    ]);
    expect(documentRowsProblem(rows)).toBeNull();
    expect(documentRowsProblem([row('a', { fileTypeId: 'MLZZHFWPT_DOCTYPE_FP' })])).toBe('fileRequired');
    expect(documentRowsProblem([row('a', { filePath: '/f/1', fileName: 'x.pdf' })])).toBe('typeRequired');
  });
});
