// The document register (issue 14): every upload is a leaf of one Merkle log with consecutive indices, also under
// concurrent uploads from two app processes; certificates verify offline (leaf, inclusion proof, Ed25519-signed
// checkpoint) and a tampered file, leaf or proof fails; checkpoints chain by consistency proofs; another
// enterprise's entries are only hashes and times, its certificates 404; the lookup names only one's own files.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import {
  DOCUMENT_LOG_MESSAGES,
  DOCUMENT_LOG_PATHS,
  UPLOAD_PATHS,
  certificatePageUrl,
  checkpointNote,
  fileIdOfUrl,
  fromHex,
  verifyCertificate,
  verifyConsistency,
  type Certificate,
  type CheckpointWithProof,
  type DocumentLogEntry,
  type SignatureCheck,
} from '@tfb/contract';
import { multipart, pdf } from './helpers/files.js';
import { createTestApp, describeEachDatabase, type TestApp, type TestSession } from './helpers/test-app.js';

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const checkSignature: SignatureCheck = async (message, signature, publicKey) =>
  crypto.verify(
    null,
    message,
    crypto.createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, publicKey]), format: 'der', type: 'spki' }),
    signature,
  );
const VERIFY_SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/verify-certificate.mjs');
const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

describeEachDatabase('document register', (t) => {
  let a: TestSession;
  let b: TestSession;
  let supervisor: TestSession;
  beforeAll(async () => {
    a = await t().enter('demo-a-staff');
    b = await t().enter('demo-b-staff');
    supervisor = await t().enter('demo-supervisor');
  });

  const get = (s: TestSession, url: string, app: TestApp = t()) => app.app.inject({ method: 'GET', url, headers: s.headers });
  const upload = async (s: TestSession, name: string, content: Buffer, app: TestApp = t()) => {
    const { payload, headers } = multipart([{ name: 'file', filename: name, content }]);
    const res = await app.app.inject({ method: 'POST', url: UPLOAD_PATHS.upload, headers: { ...s.headers, ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    return fileIdOfUrl(res.json().data as string)!;
  };
  const entryOf = (fileId: number) =>
    t().database.db.selectFrom('document_log_entries').selectAll().where('file_id', '=', fileId).executeTakeFirstOrThrow();
  const certificate = async (s: TestSession, index: number) => {
    const res = await get(s, DOCUMENT_LOG_PATHS.certificate.replace(':index', String(index)));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { certificate: Certificate; document: { fileName: string; fileId: number } };
  };
  const uniquePdf = (tag: string) => Buffer.concat([pdf(300), Buffer.from(`${tag} ${crypto.randomUUID()}`)]);

  it('registers an upload in the log in its transaction, and its certificate verifies offline against the file', async () => {
    const content = uniquePdf('invoice');
    const fileId = await upload(a, '发票.pdf', content);
    const entry = await entryOf(fileId);
    expect(entry.file_sha256).toBe(sha256(content));
    const { certificate: cert, document } = await certificate(a, entry.leaf_index);
    expect(document).toMatchObject({ fileId, fileName: '发票.pdf' });
    expect(cert.entry).toMatchObject({ index: entry.leaf_index, fileSha256: sha256(content), leafHash: entry.leaf_hash });
    expect(cert.checkpoint.treeSize).toBeGreaterThan(entry.leaf_index);
    expect(await verifyCertificate(cert, checkSignature, sha256(content))).toEqual({
      fileMatches: true,
      leafMatches: true,
      included: true,
      signed: true,
      valid: true,
    });
  });

  it('verifies with the offline script (node, the certificate and the file only), and a tampered file fails', async () => {
    const content = uniquePdf('offline');
    const { certificate: cert } = await certificate(a, (await entryOf(await upload(a, '质检报告.pdf', content))).leaf_index);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-cert-'));
    try {
      fs.writeFileSync(path.join(dir, 'certificate.json'), JSON.stringify(cert));
      fs.writeFileSync(path.join(dir, 'file.pdf'), content);
      fs.writeFileSync(path.join(dir, 'tampered.pdf'), Buffer.concat([content.subarray(0, -1), Buffer.from('!')]));
      const run = (file: string) =>
        spawnSync(process.execPath, [VERIFY_SCRIPT, path.join(dir, 'certificate.json'), path.join(dir, file)], { encoding: 'utf8' });
      const good = run('file.pdf');
      expect(good.status, good.stdout + good.stderr).toBe(0);
      expect(good.stdout).toContain(`VALID: entry ${cert.entry.index}`);
      const bad = run('tampered.pdf');
      expect(bad.status).toBe(1);
      expect(bad.stdout).toMatch(/FAIL {2}file SHA-256/);
      expect(bad.stdout).toContain('NOT VALID');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails verification for a tampered file, leaf, proof, time, checkpoint or signing key', async () => {
    const content = uniquePdf('receipt');
    const { certificate: cert } = await certificate(a, (await entryOf(await upload(a, '仓单.pdf', content))).leaf_index);
    const tampered = Buffer.concat([content, Buffer.from(' ')]);
    expect(await verifyCertificate(cert, checkSignature, sha256(tampered))).toMatchObject({ fileMatches: false, valid: false });
    const otherHash = sha256(tampered);
    expect((await verifyCertificate({ ...cert, entry: { ...cert.entry, fileSha256: otherHash } }, checkSignature)).valid).toBe(false);
    expect(
      (await verifyCertificate({ ...cert, entry: { ...cert.entry, registeredAtMs: cert.entry.registeredAtMs + 1 } }, checkSignature)).valid,
    ).toBe(false);
    if (cert.inclusionProof.length) {
      const proof = [...cert.inclusionProof];
      proof[0] = proof[0]!.replace(/^./, (c) => (c === '0' ? '1' : '0'));
      expect(await verifyCertificate({ ...cert, inclusionProof: proof }, checkSignature)).toMatchObject({ included: false, valid: false });
    }
    const root = cert.checkpoint.rootHash.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    expect(await verifyCertificate({ ...cert, checkpoint: { ...cert.checkpoint, rootHash: root } }, checkSignature)).toMatchObject({
      valid: false,
    });
    const later = { ...cert.checkpoint, timestampMs: cert.checkpoint.timestampMs + 1000 };
    expect(await verifyCertificate({ ...cert, checkpoint: later }, checkSignature)).toMatchObject({ signed: false, valid: false });
    const stranger = crypto.generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');
    expect(await verifyCertificate({ ...cert, publicKey: stranger }, checkSignature)).toMatchObject({ signed: false, valid: false });
  });

  it('appends concurrent uploads from two app processes to one log with consecutive indices', async () => {
    const other = await createTestApp({ kind: t().kind, database: t().database });
    try {
      const before = await t().database.db.selectFrom('document_log_head').select('size').executeTakeFirstOrThrow();
      const ids = await Promise.all(
        Array.from({ length: 16 }, (_, i) => upload(i % 2 ? a : b, `并发-${i}.pdf`, uniquePdf(`c${i}`), i % 2 ? t() : other)),
      );
      const rows = await t().database.db.selectFrom('document_log_entries').selectAll().orderBy('leaf_index').execute();
      const head = await t().database.db.selectFrom('document_log_head').select('size').executeTakeFirstOrThrow();
      expect(head.size).toBe(before.size + 16);
      expect(rows.map((r) => r.leaf_index)).toEqual(rows.map((_, i) => i));
      expect(rows.length).toBe(head.size);
      const mine = rows.filter((r) => ids.includes(r.file_id)).map((r) => r.leaf_index);
      expect(mine).toEqual(Array.from({ length: 16 }, (_, i) => before.size + i));
      // Times rise with the index (each is read under the head's lock).
      rows.slice(1).forEach((r, i) => expect(r.registered_ms).toBeGreaterThanOrEqual(rows[i]!.registered_ms));
      // Both processes sign with the one key kept in the database.
      const keyOf = async (app: TestApp) => (await get(a, DOCUMENT_LOG_PATHS.checkpoints, app)).json().data.publicKey as string;
      expect(await keyOf(other)).toBe(await keyOf(t()));
    } finally {
      await other.close();
    }
  });

  it('publishes checkpoints as the log grows, each signed and consistent with the one before', async () => {
    await upload(a, 'one.pdf', uniquePdf('x1'));
    const first = (await get(a, DOCUMENT_LOG_PATHS.checkpoints)).json().data;
    await upload(b, 'two.pdf', uniquePdf('x2'));
    await upload(a, 'three.pdf', uniquePdf('x3'));
    const res = await get(a, `${DOCUMENT_LOG_PATHS.checkpoints}?pageSize=50`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data as { content: CheckpointWithProof[]; totalElements: number; publicKey: string };
    expect(page.totalElements).toBe(first.totalElements + 1);
    const [latest, previous] = page.content;
    expect(latest!.treeSize).toBe(previous!.treeSize + 2);
    for (const c of page.content) {
      const note = new TextEncoder().encode(checkpointNote(c.treeSize, c.rootHash, c.timestampMs));
      expect(await checkSignature(note, Buffer.from(c.signature, 'base64'), fromHex(page.publicKey))).toBe(true);
      if (c.previous) {
        const ok = verifyConsistency(
          c.previous.treeSize,
          c.treeSize,
          fromHex(c.previous.rootHash),
          fromHex(c.rootHash),
          c.previous.proof.map(fromHex),
        );
        expect(ok, `${c.previous.treeSize} → ${c.treeSize}`).toBe(true);
      }
    }
    // A second read with no new leaf publishes nothing.
    expect((await get(a, DOCUMENT_LOG_PATHS.checkpoints)).json().data.totalElements).toBe(page.totalElements);
    // The log cannot be rewritten in the database either.
    await expect(t().database.db.deleteFrom('document_log_entries').where('leaf_index', '=', 0).execute()).rejects.toThrow(/append-only/);
  });

  it('lists every entry, naming only the caller’s own files', async () => {
    const fileId = await upload(b, 'b-质检报告.pdf', uniquePdf('b'));
    const index = (await entryOf(fileId)).leaf_index;
    const pageFor = async (s: TestSession, query = '') => {
      const res = await get(s, `${DOCUMENT_LOG_PATHS.entries}?pageSize=100${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { content: DocumentLogEntry[]; totalElements: number; treeSize: number };
    };
    const seenByB = (await pageFor(b)).content.find((e) => e.index === index);
    expect(seenByB).toMatchObject({ own: true, fileName: 'b-质检报告.pdf' });
    const seenByA = await pageFor(a);
    expect(seenByA.totalElements).toBe(seenByA.treeSize);
    expect(seenByA.content.find((e) => e.index === index)).toEqual({
      index,
      leafHash: seenByB!.leafHash,
      registeredAt: seenByB!.registeredAt,
      own: false,
      fileSha256: null,
      fileName: null,
    });
    const onlyOwn = await pageFor(a, '&own=1');
    expect(onlyOwn.content.every((e) => e.own)).toBe(true);
    expect(onlyOwn.totalElements).toBeLessThan(seenByA.totalElements);
    // Another enterprise's certificate is as absent as a missing one.
    const refused = await get(a, DOCUMENT_LOG_PATHS.certificate.replace(':index', String(index)));
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(DOCUMENT_LOG_MESSAGES.entryNotFound);
    expect((await get(b, DOCUMENT_LOG_PATHS.certificate.replace(':index', '99999999'))).statusCode).toBe(404);
  });

  it('looks up a file by its hash: whether, when and which own document; another enterprise’s only as a time', async () => {
    const content = uniquePdf('shared');
    const aFile = await upload(a, 'a-合同.pdf', content);
    await upload(b, 'b-合同.pdf', content);
    const aIndex = (await entryOf(aFile)).leaf_index;
    const res = await get(a, `${DOCUMENT_LOG_PATHS.lookup}?sha256=${sha256(content).toUpperCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const { matches } = res.json().data as {
      matches: { own: boolean; fileName: string | null; certificateUrl: string | null; registeredAt: string }[];
    };
    expect(matches).toHaveLength(2);
    expect(matches[0]).toMatchObject({ own: true, fileName: 'a-合同.pdf', certificateUrl: certificatePageUrl(aIndex) });
    expect(matches[1]).toMatchObject({ own: false, fileName: null, certificateUrl: null });
    expect(typeof matches[1]!.registeredAt).toBe('string');
    const unknown = await get(a, `${DOCUMENT_LOG_PATHS.lookup}?sha256=${sha256(Buffer.from('never stored'))}`);
    expect(unknown.json().data.matches).toEqual([]);
    const bad = await get(a, `${DOCUMENT_LOG_PATHS.lookup}?sha256=xyz`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(DOCUMENT_LOG_MESSAGES.sha256Invalid);
  });

  it('needs blockchain:read for every call', async () => {
    for (const url of [
      DOCUMENT_LOG_PATHS.entries,
      DOCUMENT_LOG_PATHS.checkpoints,
      DOCUMENT_LOG_PATHS.certificate.replace(':index', '0'),
      `${DOCUMENT_LOG_PATHS.lookup}?sha256=${'0'.repeat(64)}`,
    ]) {
      expect((await get(supervisor, url)).statusCode, url).toBe(403);
      expect((await t().app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describeEachDatabase(
  'document register signing key from DOCUMENT_LOG_SECRET',
  (t) => {
    it('signs with the key the secret derives', async () => {
      const s = await t().enter('demo-a-staff');
      const first = (await t().app.inject({ method: 'GET', url: DOCUMENT_LOG_PATHS.checkpoints, headers: s.headers })).json().data;
      const again = await createTestApp({ kind: t().kind, config: { documentLogSecret: 'a secret of the deployment' } });
      try {
        const s2 = await again.enter('demo-a-staff');
        const second = (await again.app.inject({ method: 'GET', url: DOCUMENT_LOG_PATHS.checkpoints, headers: s2.headers })).json().data;
        expect(second.publicKey).toBe(first.publicKey);
        expect(second.publicKey).toMatch(/^[0-9a-f]{64}$/);
      } finally {
        await again.close();
      }
    });
  },
  { config: { documentLogSecret: 'a secret of the deployment' } },
);
