// Demo documents for the blockchain menu (issue 14): a few files of ent-a and ent-b, stored, registered in the
// document log and attached to each enterprise's first contract, with two signed checkpoints (so the records page
// shows a consistency proof on a fresh database).
import type { Transaction } from 'kysely';
import { CONTRACT_DRAFT_DOC_TYPE, certificatePageUrl, fileUrl } from '@tfb/contract';
import { appendToLog, currentCheckpoint, loadLogKey } from '../lib/document-log.js';
import type { FileStore } from '../lib/file-store.js';
import type { DB } from './types.js';

type DemoDocument = { enterpriseId: string; userId: string; name: string; typeId: string; typeName: string; text: string };

const DOCS: readonly DemoDocument[] = [
  {
    enterpriseId: 'ent-a',
    userId: 'demo-a-staff',
    name: '营业执照.pdf',
    typeId: 'MLZZHFWPT_DOCTYPE_YYZZ',
    typeName: '营业执照',
    text: 'Business licence, East China Metals Trading',
  },
  {
    enterpriseId: 'ent-a',
    userId: 'demo-a-staff',
    name: '增值税发票-2026-118.pdf',
    typeId: 'MLZZHFWPT_DOCTYPE_FP',
    typeName: '发票',
    text: 'VAT invoice 2026-118, rebar 1200 t',
  },
  {
    enterpriseId: 'ent-b',
    userId: 'demo-b-staff',
    name: '质检报告-焦煤.pdf',
    typeId: 'MLZZHFWPT_DOCTYPE_ZJBG',
    typeName: '质检报告',
    text: 'Quality report, coking coal lot 7',
  },
  {
    enterpriseId: 'ent-a',
    userId: 'demo-a-staff',
    name: '仓单-沪-0457.pdf',
    typeId: 'MLZZHFWPT_DOCTYPE_CD',
    typeName: '仓单',
    text: 'Warehouse receipt SH-0457, hot-rolled coil',
  },
  {
    enterpriseId: 'ent-b',
    userId: 'demo-b-staff',
    name: '营业执照.pdf',
    typeId: 'MLZZHFWPT_DOCTYPE_YYZZ',
    typeName: '营业执照',
    text: 'Business licence, energy supply chain',
  },
];

/** A small valid PDF showing `text`. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 14 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export async function seedDocumentLog(trx: Transaction<DB>, store: FileStore, documentLogSecret: string | undefined): Promise<void> {
  const key = await loadLogKey(trx, documentLogSecret);
  for (const [i, d] of DOCS.entries()) {
    const bytes = pdf(d.text);
    const stored = await store.put(bytes);
    const file = await trx
      .insertInto('stored_files')
      .values({
        enterprise_id: d.enterpriseId,
        sha256: stored.sha256,
        size_bytes: stored.size,
        mime_type: 'application/pdf',
        extension: 'pdf',
        original_name: d.name,
        uploaded_by: d.userId,
      })
      .returning(['id', 'sha256'])
      .executeTakeFirstOrThrow();
    const entry = await appendToLog(trx, { id: file.id, enterpriseId: d.enterpriseId, sha256: file.sha256 });
    const contract = await trx
      .selectFrom('contracts')
      .select('id')
      .where('enterprise_id', '=', d.enterpriseId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (contract && d.typeId !== CONTRACT_DRAFT_DOC_TYPE) {
      await trx
        .insertInto('documents')
        .values({
          enterprise_id: d.enterpriseId,
          source_type: 'contract',
          source_id: contract.id,
          file_name: d.name,
          file_type_id: d.typeId,
          file_type_name: d.typeName,
          file_id: file.id,
          file_path: fileUrl(file.id),
          file_qk: certificatePageUrl(entry.leaf_index),
          created_by: d.userId,
        })
        .execute();
    }
    // A checkpoint after the first three documents and one over all of them.
    if (i === 2) await currentCheckpoint(trx, key);
  }
  await currentCheckpoint(trx, key);
}
