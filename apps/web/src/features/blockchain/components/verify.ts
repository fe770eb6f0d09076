// What the browser checks itself: a file's SHA-256 (WebCrypto, or the contract's own SHA-256 where the page is not
// in a secure context), Ed25519 signatures (WebCrypto) and, through the contract, RFC 9162 proofs.
import {
  fromHex,
  sha256,
  toHex,
  verifyCertificate,
  verifyConsistency,
  type Certificate,
  type CertificateVerdict,
  type SignatureCheck,
} from '@tfb/contract';

const subtle = (): SubtleCrypto | undefined => globalThis.crypto?.subtle;

/** A file's SHA-256 as lowercase hex. */
export async function hashFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const s = subtle();
  if (s) return toHex(new Uint8Array(await s.digest('SHA-256', bytes)));
  return toHex(sha256(bytes));
}

/** Ed25519 through WebCrypto; throws when the browser has no Ed25519 (the page then says so). */
export const checkSignature: SignatureCheck = async (message, signature, publicKey) => {
  const s = subtle();
  if (!s) throw new Error('WebCrypto is not available');
  const key = await s.importKey('raw', Uint8Array.from(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return s.verify({ name: 'Ed25519' }, key, Uint8Array.from(signature), Uint8Array.from(message));
};

export type BrowserVerdict = CertificateVerdict & { signatureUnavailable: boolean };

/** Verifies a certificate (and a file against it) in the browser. */
export async function verifyInBrowser(cert: Certificate, fileSha256?: string): Promise<BrowserVerdict> {
  let signatureUnavailable = false;
  const guarded: SignatureCheck = async (m, sig, key) => {
    try {
      return await checkSignature(m, sig, key);
    } catch {
      signatureUnavailable = true;
      return false;
    }
  };
  const verdict = await verifyCertificate(cert, guarded, fileSha256);
  return { ...verdict, signatureUnavailable };
}

/** Whether a checkpoint's signature verifies with the log's public key; undefined when the browser cannot tell. */
export async function checkpointSigned(note: string, signature: string, publicKey: string): Promise<boolean | undefined> {
  try {
    const sig = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
    return await checkSignature(new TextEncoder().encode(note), sig, fromHex(publicKey));
  } catch {
    return undefined;
  }
}

/** RFC 9162 consistency between two checkpoints. */
export const checkpointsConsistent = (size1: number, root1: string, size2: number, root2: string, proof: readonly string[]): boolean => {
  try {
    return verifyConsistency(size1, size2, fromHex(root1), fromHex(root2), proof.map(fromHex));
  } catch {
    return false;
  }
};
