#!/usr/bin/env node
// Verifies a document certificate offline: `node scripts/verify-certificate.mjs certificate.json [file]`.
// Needs Node.js only (no packages, no server): it checks that the file's SHA-256 is the certificate's, that the
// leaf hash is the entry hashed as RFC 9162 says (SHA-256(0x00 || 0x01 || file SHA-256 || uint64 ms)), that the
// inclusion proof leads from the leaf to the checkpoint's root (RFC 9162 §2.1.3.2), and that the checkpoint is
// signed by the certificate's Ed25519 key. Compare that key with the one the platform publishes (the records page).
// Exit code 0: valid; 1: not valid; 2: usage or unreadable input.
import { Buffer } from 'node:buffer';
import crypto from 'node:crypto';
import fs from 'node:fs';

const ORIGIN = 'tfb document log v1';
const FORMAT = 'tfb-document-certificate/1';

const sha256 = (...parts) => crypto.createHash('sha256').update(Buffer.concat(parts)).digest();
const hex = (s) => Buffer.from(s, 'hex');

function leafHash(fileSha256, registeredAtMs) {
  const data = Buffer.alloc(41);
  data[0] = 1;
  hex(fileSha256).copy(data, 1);
  data.writeBigUInt64BE(BigInt(registeredAtMs), 33);
  return sha256(Buffer.from([0]), data);
}

function verifyInclusion(index, size, leaf, proof, root) {
  if (!Number.isInteger(index) || !Number.isInteger(size) || index < 0 || index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = sha256(Buffer.from([1]), p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = sha256(Buffer.from([1]), r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

function verifySignature(cert) {
  const { treeSize, rootHash, timestampMs, signature } = cert.checkpoint;
  const note = `${ORIGIN}\n${treeSize}\n${rootHash}\n${timestampMs}\n`;
  const spki = Buffer.concat([hex('302a300506032b6570032100'), hex(cert.publicKey)]);
  const key = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
  return crypto.verify(null, Buffer.from(note), key, Buffer.from(signature, 'base64'));
}

function main(args) {
  if (args.length < 1 || args.length > 2 || args[0] === '--help') {
    console.error('usage: node scripts/verify-certificate.mjs <certificate.json> [file]');
    return 2;
  }
  let cert;
  let file;
  try {
    cert = JSON.parse(fs.readFileSync(args[0], 'utf8'));
    if (args[1]) file = fs.readFileSync(args[1]);
  } catch (e) {
    console.error(`cannot read input: ${e.message}`);
    return 2;
  }
  if (cert?.format !== FORMAT || cert.log !== ORIGIN) {
    console.error(`not a certificate of ${ORIGIN} (format ${FORMAT})`);
    return 2;
  }
  const checks = [];
  const check = (name, fn) => {
    let ok = false;
    try {
      ok = fn();
    } catch {
      ok = false;
    }
    checks.push({ name, ok });
  };
  const { entry, checkpoint } = cert;
  if (file) check(`file SHA-256 is ${entry.fileSha256}`, () => sha256(file).toString('hex') === entry.fileSha256);
  check('leaf hash matches the entry', () => leafHash(entry.fileSha256, entry.registeredAtMs).toString('hex') === entry.leafHash);
  check(`inclusion proof leads to the root of tree size ${checkpoint.treeSize}`, () =>
    verifyInclusion(entry.index, checkpoint.treeSize, hex(entry.leafHash), cert.inclusionProof.map(hex), hex(checkpoint.rootHash)),
  );
  check(`checkpoint signed by key ${cert.publicKey}`, () => verifySignature(cert));
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}`);
  const valid = checks.every((c) => c.ok);
  console.log(
    valid
      ? `VALID: entry ${entry.index} registered at ${new Date(entry.registeredAtMs).toISOString()}, in the log signed at ${new Date(checkpoint.timestampMs).toISOString()}`
      : 'NOT VALID',
  );
  return valid ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
