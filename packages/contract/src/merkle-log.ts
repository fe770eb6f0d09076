// The append-only Merkle log of RFC 9162 (Certificate Transparency v2) §2.1, pure and synchronous so the server,
// the web verify page and the tests share one implementation: the tree hash MTH (leaves hashed with a 0x00 prefix,
// nodes with 0x01), inclusion proofs (PATH) and consistency proofs (PROOF/SUBPROOF), and their verification
// (§2.1.3.2, §2.1.4.2). SHA-256 is built in (FIPS 180-4) so a browser needs no asynchronous WebCrypto here; the
// server may pass node's faster hash as `h`.

export type Bytes = Uint8Array;
export type HashFn = (data: Bytes) => Bytes;

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 of `data` (FIPS 180-4). */
export function sha256(data: Bytes): Bytes {
  const bitLength = data.length * 8;
  const padded = new Uint8Array((((data.length + 9 + 63) >> 6) << 6) >>> 0);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLength / 0x100000000));
  view.setUint32(padded.length - 4, bitLength >>> 0);
  const hv = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, h] = [hv[0]!, hv[1]!, hv[2]!, hv[3]!, hv[4]!, hv[5]!, hv[6]!, hv[7]!];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    hv[0] = (hv[0]! + a) >>> 0;
    hv[1] = (hv[1]! + b) >>> 0;
    hv[2] = (hv[2]! + c) >>> 0;
    hv[3] = (hv[3]! + d) >>> 0;
    hv[4] = (hv[4]! + e) >>> 0;
    hv[5] = (hv[5]! + f) >>> 0;
    hv[6] = (hv[6]! + g) >>> 0;
    hv[7] = (hv[7]! + h) >>> 0;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  hv.forEach((v, i) => outView.setUint32(i * 4, v));
  return out;
}

export const toHex = (b: Bytes): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/** The bytes of a lowercase or uppercase hex string of even length; throws on anything else. */
export function fromHex(hex: string): Bytes {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new Error('not a hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

const concat = (...parts: Bytes[]): Bytes => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

export const bytesEqual = (a: Bytes, b: Bytes): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/** RFC 9162 §2.1.1: the hash of a leaf, SHA-256(0x00 || data). */
export const leafHash = (data: Bytes, h: HashFn = sha256): Bytes => h(concat(Uint8Array.of(0x00), data));
/** RFC 9162 §2.1.1: the hash of an interior node, SHA-256(0x01 || left || right). */
export const nodeHash = (left: Bytes, right: Bytes, h: HashFn = sha256): Bytes => h(concat(Uint8Array.of(0x01), left, right));

/** The largest power of two smaller than n (n > 1): the split point k of RFC 9162 §2.1.1. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[n]) over the leaves' hashes (leafHash of each entry, in order); the empty tree's hash is SHA-256(""). */
export function treeHash(leaves: readonly Bytes[], h: HashFn = sha256): Bytes {
  const mth = (lo: number, hi: number): Bytes => {
    const n = hi - lo;
    if (n === 1) return leaves[lo]!;
    const k = splitPoint(n);
    return nodeHash(mth(lo, lo + k), mth(lo + k, hi), h);
  };
  return leaves.length === 0 ? h(new Uint8Array(0)) : mth(0, leaves.length);
}

/** PATH(m, D[n]) of RFC 9162 §2.1.3.1: the inclusion proof of leaf m in the tree of the given leaf hashes. */
export function inclusionProof(m: number, leaves: readonly Bytes[], h: HashFn = sha256): Bytes[] {
  if (!Number.isInteger(m) || m < 0 || m >= leaves.length) throw new RangeError('leaf index outside the tree');
  const path = (m: number, lo: number, hi: number): Bytes[] => {
    const n = hi - lo;
    if (n === 1) return [];
    const k = splitPoint(n);
    return m < k
      ? [...path(m, lo, lo + k), treeHash(leaves.slice(lo + k, hi), h)]
      : [...path(m - k, lo + k, hi), treeHash(leaves.slice(lo, lo + k), h)];
  };
  return path(m, 0, leaves.length);
}

/** PROOF(m, D[n]) of RFC 9162 §2.1.4.1: that the tree of the first m leaves is a prefix of the tree of all of them. */
export function consistencyProof(m: number, leaves: readonly Bytes[], h: HashFn = sha256): Bytes[] {
  const n0 = leaves.length;
  if (!Number.isInteger(m) || m < 1 || m > n0) throw new RangeError('old tree size outside 1..n');
  const subproof = (m: number, lo: number, hi: number, b: boolean): Bytes[] => {
    const n = hi - lo;
    if (m === n) return b ? [] : [treeHash(leaves.slice(lo, hi), h)];
    const k = splitPoint(n);
    return m <= k
      ? [...subproof(m, lo, lo + k, b), treeHash(leaves.slice(lo + k, hi), h)]
      : [...subproof(m - k, lo + k, hi, false), treeHash(leaves.slice(lo, lo + k), h)];
  };
  return subproof(m, 0, n0, true);
}

/** RFC 9162 §2.1.3.2: whether `proof` shows the leaf with hash `leaf` at `index` in the tree of `size` with `root`. */
export function verifyInclusion(
  index: number,
  size: number,
  leaf: Bytes,
  proof: readonly Bytes[],
  root: Bytes,
  h: HashFn = sha256,
): boolean {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r, h);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p, h);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesEqual(r, root);
}

/** RFC 9162 §2.1.4.2: whether `proof` shows the tree (size1, root1) is a prefix of the tree (size2, root2). */
export function verifyConsistency(
  size1: number,
  size2: number,
  root1: Bytes,
  root2: Bytes,
  proof: readonly Bytes[],
  h: HashFn = sha256,
): boolean {
  if (!Number.isInteger(size1) || !Number.isInteger(size2) || size1 < 1 || size2 < size1) return false;
  if (size1 === size2) return proof.length === 0 && bytesEqual(root1, root2);
  if (proof.length === 0) return false;
  // A power-of-two first tree is itself a node of the second: its root opens the path.
  const path = (size1 & (size1 - 1)) === 0 ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr, h);
      sr = nodeHash(c, sr, h);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c, h);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && bytesEqual(fr, root1) && bytesEqual(sr, root2);
}
