// The Merkle log algorithms of RFC 9162 §2.1 (packages/contract/src/merkle-log.ts) against the definition computed
// here independently (node's SHA-256, recursion on the data), the RFC 6962/9162 reference vectors of the
// certificate-transparency test suite, and tampered leaves and proofs, which must fail.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  consistencyProof,
  fromHex,
  inclusionProof,
  leafHash,
  sha256,
  toHex,
  treeHash,
  verifyConsistency,
  verifyInclusion,
} from '@tfb/contract';

const H = (...parts: Buffer[]) => crypto.createHash('sha256').update(Buffer.concat(parts)).digest();
/** MTH(D[n]) exactly as RFC 9162 §2.1.1 defines it, over the entries' data. */
function mth(d: readonly Buffer[]): Buffer {
  if (d.length === 0) return H();
  if (d.length === 1) return H(Buffer.from([0]), d[0]!);
  let k = 1;
  while (k * 2 < d.length) k *= 2;
  return H(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
}

// The leaves and roots of the certificate-transparency reference tests (RFC 6962 trees, unchanged in RFC 9162).
const VECTOR_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) =>
  Buffer.from(h, 'hex'),
);
const VECTOR_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

const data = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`entry ${i}`));
const leaves = (d: readonly Buffer[]) => d.map((x) => leafHash(x));
const flip = (b: Uint8Array, byte = 0) => {
  const c = Uint8Array.from(b);
  c[byte] = c[byte]! ^ 1;
  return c;
};

describe('the Merkle log of RFC 9162', () => {
  it('hashes like FIPS 180-4 SHA-256 (its own implementation, used in the browser)', () => {
    for (const input of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), '文档存证'.repeat(40)]) {
      const bytes = new TextEncoder().encode(input);
      expect(toHex(sha256(bytes))).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    }
    expect(toHex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('computes the reference roots of the certificate-transparency test trees', () => {
    const l = leaves(VECTOR_LEAVES);
    VECTOR_ROOTS.forEach((root, i) => expect(toHex(treeHash(l.slice(0, i + 1)))).toBe(root));
    expect(toHex(treeHash([]))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });

  it('gives the reference inclusion and consistency proofs of the 8-leaf tree', () => {
    const l = leaves(VECTOR_LEAVES);
    expect(inclusionProof(0, l).map(toHex)).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(consistencyProof(1, l).map(toHex)).toEqual(inclusionProof(0, l).map(toHex));
    expect(consistencyProof(4, l).map(toHex)).toEqual(['6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4']);
  });

  it('matches the definition for every size up to 40 (powers of two and the sizes between)', () => {
    for (let n = 1; n <= 40; n++) {
      const d = data(n);
      expect(toHex(treeHash(leaves(d))), `size ${n}`).toBe(mth(d).toString('hex'));
    }
  });

  it('proves and verifies every leaf of every tree up to 33 leaves, and a tampered leaf, proof, index or root fails', () => {
    for (let n = 1; n <= 33; n++) {
      const l = leaves(data(n));
      const root = treeHash(l);
      for (let m = 0; m < n; m++) {
        const proof = inclusionProof(m, l);
        expect(verifyInclusion(m, n, l[m]!, proof, root), `leaf ${m} of ${n}`).toBe(true);
        expect(verifyInclusion(m, n, flip(l[m]!), proof, root)).toBe(false);
        expect(verifyInclusion(m, n, leafHash(Buffer.from(`entry ${m}!`)), proof, root)).toBe(false);
        expect(verifyInclusion(m, n, l[m]!, proof, flip(root, 31))).toBe(false);
        if (proof.length) {
          expect(verifyInclusion(m, n, l[m]!, [flip(proof[0]!), ...proof.slice(1)], root)).toBe(false);
          expect(verifyInclusion(m, n, l[m]!, proof.slice(0, -1), root)).toBe(false);
        }
        if (n > 1) expect(verifyInclusion((m + 1) % n, n, l[m]!, proof, root)).toBe(false);
        expect(verifyInclusion(m, n, l[m]!, [...proof, root], root)).toBe(false);
      }
    }
  });

  it('proves and verifies consistency between every pair of sizes up to 33, and tampered proofs or roots fail', () => {
    const all = leaves(data(33));
    for (let n = 1; n <= 33; n++) {
      const l = all.slice(0, n);
      const root = treeHash(l);
      for (let m = 1; m <= n; m++) {
        const old = treeHash(l.slice(0, m));
        const proof = consistencyProof(m, l);
        expect(verifyConsistency(m, n, old, root, proof), `${m} → ${n}`).toBe(true);
        expect(verifyConsistency(m, n, flip(old), root, proof)).toBe(false);
        expect(verifyConsistency(m, n, old, flip(root), proof)).toBe(false);
        if (proof.length) expect(verifyConsistency(m, n, old, root, [...proof.slice(0, -1), flip(proof.at(-1)!)])).toBe(false);
        if (m < n) expect(verifyConsistency(m, n, old, root, [])).toBe(false);
      }
    }
    // A rewritten history: the same size, one leaf replaced, has no consistency proof from the old tree.
    const forked = [...all.slice(0, 5), leafHash(Buffer.from('forged')), ...all.slice(6, 12)];
    expect(verifyConsistency(8, 12, treeHash(all.slice(0, 8)), treeHash(forked), consistencyProof(8, forked))).toBe(false);
  });

  it('refuses proofs for leaves or sizes outside the tree', () => {
    const l = leaves(data(5));
    expect(() => inclusionProof(5, l)).toThrow(RangeError);
    expect(() => consistencyProof(0, l)).toThrow(RangeError);
    expect(verifyInclusion(5, 5, l[0]!, [], treeHash(l))).toBe(false);
    expect(verifyConsistency(6, 5, treeHash(l), treeHash(l), [])).toBe(false);
    expect(fromHex('00ff')).toEqual(Uint8Array.of(0, 255));
  });
});
