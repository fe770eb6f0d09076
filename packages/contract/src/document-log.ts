// Document certificates (issue 14, the blockchain menu; spec 2.3 item 2 "fileQk"): every stored file's SHA-256 is a
// leaf of one append-only Merkle log (merkle-log.ts); the server signs checkpoints (Ed25519 over the checkpoint
// note below); a certificate carries a leaf, its inclusion proof and a signed checkpoint, and verifies offline.
import { z } from 'zod';
import { PageQuerySchema, envelope, pageOf } from './envelope.js';
import { fromHex, leafHash, toHex, verifyInclusion, type Bytes } from './merkle-log.js';

export const DOCUMENT_LOG_PATHS = {
  /** GET: a page of the log's entries, newest first (the caller's enterprise's marked and named). */
  entries: '/api/blockchain/records',
  /** GET: a page of the signed checkpoints, newest first, each with the consistency proof from the one before. */
  checkpoints: '/api/blockchain/checkpoints',
  /** GET: the certificate of one entry against a signed checkpoint covering it (the web fills in :index). */
  certificate: '/api/blockchain/certificates/:index',
  /** GET ?sha256=: which entries registered that content (own ones named; others only "registered, not yours"). */
  lookup: '/api/blockchain/lookup',
} as const;

/** The web page of an entry's certificate: a document's fileQk. */
export const certificatePageUrl = (index: number): string => `/blockchain/certificates/detail?index=${index}`;

/** Names this log in every signed checkpoint note (a signature cannot be replayed for another log). */
export const DOCUMENT_LOG_ORIGIN = 'tfb document log v1';
export const CERTIFICATE_FORMAT = 'tfb-document-certificate/1';
/** The version byte that opens every leaf's data. */
export const LEAF_VERSION = 1;

export const DOCUMENT_LOG_MESSAGES = {
  sha256Invalid: '请提供 64 位十六进制 SHA-256 值',
  entryNotFound: '存证记录不存在',
} as const;

/** The data of a leaf: version byte, the file's SHA-256 (32 bytes), its registration time in ms (uint64 big-endian). */
export function leafData(fileSha256: string, registeredAtMs: number): Bytes {
  const out = new Uint8Array(41);
  out[0] = LEAF_VERSION;
  out.set(fromHex(fileSha256), 1);
  new DataView(out.buffer).setBigUint64(33, BigInt(registeredAtMs));
  return out;
}

/** The leaf hash (hex) of a registered file. */
export const entryLeafHash = (fileSha256: string, registeredAtMs: number, h?: (d: Bytes) => Bytes): string =>
  toHex(leafHash(leafData(fileSha256, registeredAtMs), h));

/** The text an Ed25519 checkpoint signature is over: the log's name, the tree size, the root hash and the time. */
export const checkpointNote = (treeSize: number, rootHash: string, timestampMs: number): string =>
  `${DOCUMENT_LOG_ORIGIN}\n${treeSize}\n${rootHash}\n${timestampMs}\n`;

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

export const CheckpointSchema = z.object({
  treeSize: z.number().int().nonnegative(),
  rootHash: hex64,
  timestampMs: z.number().int(),
  timestamp: z.string(),
  /** Ed25519 over checkpointNote(treeSize, rootHash, timestampMs), base64. */
  signature: z.string(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

/** What a certificate holds: all that is needed, with the file, to check it offline. */
export const CertificateSchema = z.object({
  format: z.literal(CERTIFICATE_FORMAT),
  log: z.literal(DOCUMENT_LOG_ORIGIN),
  entry: z.object({
    index: z.number().int().nonnegative(),
    fileSha256: hex64,
    registeredAtMs: z.number().int(),
    registeredAt: z.string(),
    leafHash: hex64,
  }),
  checkpoint: CheckpointSchema,
  inclusionProof: z.array(hex64),
  /** The log's Ed25519 public key, raw 32 bytes as hex. */
  publicKey: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Certificate = z.infer<typeof CertificateSchema>;

/** The entry's document (certificates are answered to the file's own enterprise only). */
export const CertifiedDocumentSchema = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  uploadedBy: z.string(),
  /** The business records whose document rows use this file, e.g. "contract 12" (type and id). */
  usedBy: z.array(z.object({ sourceType: z.string(), sourceId: z.number().int(), fileTypeName: z.string() })),
});
export type CertifiedDocument = z.infer<typeof CertifiedDocumentSchema>;

export const CertificateReplySchema = envelope(z.object({ certificate: CertificateSchema, document: CertifiedDocumentSchema }));

export const DocumentLogEntrySchema = z.object({
  index: z.number().int(),
  leafHash: hex64,
  registeredAt: z.string(),
  /** The file's hash and name are shown only to its own enterprise. */
  own: z.boolean(),
  fileSha256: hex64.nullable(),
  fileName: z.string().nullable(),
});
export type DocumentLogEntry = z.infer<typeof DocumentLogEntrySchema>;

export const DocumentLogEntriesQuerySchema = PageQuerySchema.extend({
  /** '1': only the caller's enterprise's entries. */
  own: z.enum(['0', '1']).optional(),
});
export const DocumentLogEntriesReplySchema = envelope(pageOf(DocumentLogEntrySchema).extend({ treeSize: z.number().int() }));

export const CheckpointWithProofSchema = CheckpointSchema.extend({
  /** The checkpoint before this one and the RFC 9162 consistency proof from it (null for the first). */
  previous: z.object({ treeSize: z.number().int(), rootHash: hex64, proof: z.array(hex64) }).nullable(),
});
export type CheckpointWithProof = z.infer<typeof CheckpointWithProofSchema>;
export const CheckpointsReplySchema = envelope(pageOf(CheckpointWithProofSchema).extend({ publicKey: z.string() }));

export const CertificateParamsSchema = z.object({
  index: z.coerce.number({ error: DOCUMENT_LOG_MESSAGES.entryNotFound }).int().nonnegative().max(Number.MAX_SAFE_INTEGER),
});

export const LookupQuerySchema = z.object({
  sha256: z
    .string({ error: DOCUMENT_LOG_MESSAGES.sha256Invalid })
    .trim()
    .toLowerCase()
    .regex(/^[0-9a-f]{64}$/, DOCUMENT_LOG_MESSAGES.sha256Invalid),
});
export const LookupMatchSchema = z.object({
  index: z.number().int(),
  registeredAt: z.string(),
  own: z.boolean(),
  /** Own entries only. */
  fileName: z.string().nullable(),
  certificateUrl: z.string().nullable(),
});
export type LookupMatch = z.infer<typeof LookupMatchSchema>;
export const LookupReplySchema = envelope(z.object({ sha256: hex64, matches: z.array(LookupMatchSchema) }));

/** Checks an Ed25519 signature (node:crypto or WebCrypto, whichever the caller has). */
export type SignatureCheck = (message: Bytes, signature: Bytes, publicKey: Bytes) => Promise<boolean>;

export type CertificateVerdict = {
  /** The file's SHA-256 equals the certificate's (undefined when no file was given). */
  fileMatches: boolean | undefined;
  /** The leaf hash is the entry's data hashed as RFC 9162 says. */
  leafMatches: boolean;
  /** The inclusion proof leads from the leaf to the checkpoint's root. */
  included: boolean;
  /** The checkpoint is signed by the certificate's key. */
  signed: boolean;
  valid: boolean;
};

const base64ToBytes = (b64: string): Bytes => {
  const bin = atob(b64);
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
};

/**
 * Verifies a certificate (and, when given, that `fileSha256` is its file) with nothing but the certificate: the leaf
 * hash, the inclusion proof against the checkpoint's root, and the checkpoint's signature.
 */
export async function verifyCertificate(
  cert: Certificate,
  checkSignature: SignatureCheck,
  fileSha256?: string,
): Promise<CertificateVerdict> {
  const { entry, checkpoint } = cert;
  const fileMatches = fileSha256 === undefined ? undefined : fileSha256.toLowerCase() === entry.fileSha256;
  const leafMatches = entryLeafHash(entry.fileSha256, entry.registeredAtMs) === entry.leafHash;
  let included = false;
  let signed = false;
  try {
    included = verifyInclusion(
      entry.index,
      checkpoint.treeSize,
      fromHex(entry.leafHash),
      cert.inclusionProof.map(fromHex),
      fromHex(checkpoint.rootHash),
    );
    const note = new TextEncoder().encode(checkpointNote(checkpoint.treeSize, checkpoint.rootHash, checkpoint.timestampMs));
    signed = await checkSignature(note, base64ToBytes(checkpoint.signature), fromHex(cert.publicKey));
  } catch {
    // A malformed hex or base64 field: the certificate does not verify.
  }
  const valid = fileMatches !== false && leafMatches && included && signed;
  return { fileMatches, leafMatches, included, signed, valid };
}
