// Issue 14, document certificates end to end: as demo-a-staff, a document uploaded through the upload call is in the
// document log; from /blockchain/records its name leads to its certificate page, which verifies in the browser;
// the certified file checks as matching and a tampered copy as not matching; the downloaded certificate verifies
// with the offline script; /blockchain/certificates finds the file by the SHA-256 the browser computes.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { BROWSER_SESSION, SESSION_PATHS, UPLOAD_PATHS } from '@tfb/contract';
import { useProduct } from '../support/product.js';

const product = useProduct();
const VERIFY_SCRIPT = path.resolve(import.meta.dirname, '../../scripts/verify-certificate.mjs');

/** Uploads `content` as `name` from the signed-in page, the way the document upload table does. */
async function uploadFromPage(page: Page, name: string, content: Buffer): Promise<void> {
  const status = await page.evaluate(
    async ({ name, bytes, url, session }) => {
      const token = await navigator.locks.request(session.lock, async () => {
        const res = await fetch(session.refresh, { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
        return ((await res.json()) as { data: { token: string } }).data.token;
      });
      const user = JSON.parse(sessionStorage.getItem('sessionUser') ?? '{}') as Record<string, string>;
      const form = new FormData();
      form.append('file', new File([new Uint8Array(bytes)], name, { type: 'application/pdf' }));
      const res = await fetch(url, { method: 'POST', headers: { token, enterpriseId: user.enterpriseId ?? '' }, body: form });
      return res.status;
    },
    { name, bytes: [...content], url: UPLOAD_PATHS.upload, session: { lock: BROWSER_SESSION.refreshLock, refresh: SESSION_PATHS.refresh } },
  );
  assert.equal(status, 200);
}

const samplePdf = (text: string): Buffer =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

describe('issue 14: document certificates', () => {
  it('verifies a document certificate in the browser and offline, and a tampered file fails', async () => {
    const { page } = await product.enter('demo-a-staff');
    const name = `warehouse-receipt-${crypto.randomBytes(4).toString('hex')}.pdf`;
    const content = samplePdf(`warehouse receipt ${crypto.randomUUID()}`);
    const tampered = Buffer.from(content.toString('latin1').replace('warehouse', 'Warehouse'), 'latin1');
    await uploadFromPage(page, name, content);

    // The records page lists the new entry by name (another enterprise's entries carry no name).
    await page.goto(`${product.baseUrl}/blockchain/records`);
    const link = page.getByRole('link', { name });
    await link.waitFor();
    await page.getByText('一致性已验证').first().waitFor();
    await link.click();

    await page.getByRole('heading', { name: /^存证证书 #\d+$/ }).waitFor();
    await page.getByText('证书有效', { exact: true }).waitFor();
    const check = page.getByTestId('file-check');
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name, mimeType: 'application/pdf', buffer: content });
    await check.filter({ hasText: `文件“${name}”与证书一致，验证通过` }).waitFor();
    await fileInput.setInputFiles({ name: 'tampered.pdf', mimeType: 'application/pdf', buffer: tampered });
    await check.filter({ hasText: '文件“tampered.pdf”与证书不符' }).waitFor();

    // The downloaded certificate verifies offline with the file, and not with the tampered copy.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tfb-e2e-cert-'));
    try {
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /下载证书/ }).click()]);
      const certFile = path.join(dir, 'certificate.json');
      await download.saveAs(certFile);
      fs.writeFileSync(path.join(dir, name), content);
      fs.writeFileSync(path.join(dir, 'tampered.pdf'), tampered);
      const run = (file: string) => spawnSync(process.execPath, [VERIFY_SCRIPT, certFile, path.join(dir, file)], { encoding: 'utf8' });
      const good = run(name);
      assert.equal(good.status, 0, good.stdout + good.stderr);
      assert.match(good.stdout, /^VALID: entry \d+/m);
      const bad = run('tampered.pdf');
      assert.equal(bad.status, 1, bad.stdout);
      assert.match(bad.stdout, /NOT VALID/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }

    // The lookup page finds the file by the hash the browser computes, and finds nothing for the tampered copy.
    await page.goto(`${product.baseUrl}/blockchain/certificates`);
    await page.getByRole('heading', { name: '存证证书' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'application/pdf', buffer: content });
    await page.getByText('该文件已登记（1 条记录）').waitFor();
    await page.getByRole('link', { name: '查看存证证书' }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({ name: 'tampered.pdf', mimeType: 'application/pdf', buffer: tampered });
    await page.getByText('未找到登记记录').waitFor();
  });
});
