// Issue 14, products and signing (spec 7.5): a staff member signs an on-shelf product — the project chosen in the
// shared project picker, the product's required document attached in the shared document table — and submits it;
// an approver of the enterprise approves it on the signing's detail page, and the result reaches a local risk
// service (started here, RISK_SERVICE_URL) under one idempotency key, which the detail page then shows delivered.
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { callApi, useProduct } from '../support/product.js';
import { btn, chooseOption, dialog, records, region, tableSettled, toast } from '../support/screen.js';

/** The local risk service: keeps each raw attempt and accepts every key once. */
const received: { key: string; body: Record<string, unknown> }[] = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ key: String(req.headers['idempotency-key'] ?? ''), body: JSON.parse(body) as Record<string, unknown> });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const riskUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/risk/results`;
after(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

const product = useProduct({ RISK_SERVICE_URL: riskUrl, RISK_OUTBOX_INTERVAL_MS: '300' });

const API = {
  products: '/api/businessperationService/products',
  shelf: (id: number) => `/api/businessperationService/products/${id}/shelf`,
} as const;

function smallPdf(): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const o of objects) {
    offsets.push(body.length);
    body += o;
  }
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function attach(row: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = row.page().waitForEvent('filechooser');
  await row.getByRole('button', { name: /上传/ }).click();
  await (await chooser).setFiles(file);
}

const heading = (page: Page, name: RegExp) => page.getByRole('heading', { name });

describe('issue 14: signing a product and the risk-service outbox', () => {
  it('signs with the pickers and documents, is approved by another user, and the result reaches the risk service', async () => {
    const tag = `E2E${Date.now().toString(36).toUpperCase()}`;
    const admin = await product.enter('demo-admin');
    const staff = await product.enter('demo-a-staff');
    const approver = await product.enter('demo-a-approver');
    try {
      // ---- The admin offers a product that requires an invoice.
      const created = await callApi(admin.page, 'POST', API.products, {
        name: `${tag} 订单融资`,
        code: `${tag}-DD`,
        kind: 'orderFinancing',
        rateMin: 5,
        rateMax: 7.5,
        termMin: 3,
        termMax: 12,
        limitAmount: 2_000_000,
        requiredDocTypes: ['MLZZHFWPT_DOCTYPE_FP'],
        description: 'e2e',
      });
      assert.equal(created.status, 200, created.message);
      const p = created.data as { id: number; version: number };
      const shelved = await callApi(admin.page, 'PUT', API.shelf(p.id), { status: 'on', version: p.version });
      assert.equal(shelved.status, 200, shelved.message);

      // ---- The staff member finds it in the catalogue and signs it.
      const page = staff.page;
      await page.goto(`${product.baseUrl}/products/list`);
      await heading(page, /^金融产品$/).waitFor();
      await page.getByPlaceholder('产品名称、编码或说明').fill(tag);
      await page.getByRole('button', { name: btn('查询') }).click();
      await page.getByText('共 1 条', { exact: true }).waitFor();
      await page.getByText(`${tag} 订单融资`, { exact: true }).click();
      await heading(page, new RegExp(`${tag} 订单融资`)).waitFor();
      await page.getByRole('button', { name: btn('签约此产品') }).click();
      await heading(page, /^签约金融产品$/).waitFor();
      await page.getByText(`订单融资 · 年利率 5.00% – 7.50% · 期限 3–12 个月 · 额度 2,000,000.00 元`).waitFor();

      await page.getByRole('spinbutton', { name: '申请金额（元）' }).fill('2500000');
      await page.getByRole('spinbutton', { name: '申请期限（月）' }).fill('6');
      await page.getByRole('textbox', { name: '融资用途' }).fill(`${tag} 采购备货`);
      await page.getByRole('button', { name: btn('保存') }).click();
      await page.getByText('申请金额不能超过产品额度 2,000,000.00').first().waitFor();
      await page.getByText('请选择项目或合同').first().waitFor();
      await page.getByRole('spinbutton', { name: '申请金额（元）' }).fill('800000');

      // The project, in the shared project picker.
      await region(page, '申请信息')
        .getByRole('button', { name: btn('选择') })
        .first()
        .click();
      const picker = dialog(page, '选择项目');
      await picker.waitFor();
      await tableSettled(picker);
      const pickRow = records(picker).first();
      await pickRow.waitFor();
      const projectCode = (await pickRow.getByRole('cell').nth(1).innerText()).trim();
      await pickRow.getByRole('cell').nth(1).click();
      await pickRow.getByRole('radio', { checked: true }).waitFor();
      await picker.getByRole('button', { name: btn('确定') }).click();
      await picker.waitFor({ state: 'hidden' });
      await region(page, '申请信息').getByText(projectCode, { exact: true }).first().waitFor();

      // The required invoice, in the shared document table.
      const docs = region(page, '签约单据');
      const docRows = records(docs);
      await docRows.first().waitFor();
      await chooseOption(docRows.nth(0).getByRole('combobox', { name: '类型' }), '发票');
      const upload = page.waitForResponse((r) => r.url().includes('/common/upload') && r.request().method() === 'POST');
      await attach(docRows.nth(0), { name: '发票.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
      assert.equal((await upload).status(), 200);
      await toast(page, '上传成功');
      await docRows.nth(0).getByText('发票.pdf').waitFor();

      await page.getByRole('button', { name: btn('保存') }).click();
      await heading(page, /^产品签约 QY-\d{8}-\d{5}$/).waitFor();
      const signCode = ((await heading(page, /^产品签约 QY-/).innerText()).match(/QY-\d{8}-\d{5}/) ?? [''])[0];
      const detailUrl = page.url();
      await page.getByRole('button', { name: btn('提交审批') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: btn('确定') })
        .click();
      await toast(page, '已提交审批');
      await page.getByText('审批中').first().waitFor();
      await screenshot(page, 'issue14-signing-submitted');

      // ---- Another user, an approver of the enterprise, approves it on the detail page.
      const a = approver.page;
      await a.goto(detailUrl);
      await heading(a, new RegExp(signCode)).waitFor();
      await a.getByTestId('timeline-entry').first().waitFor();
      await a.getByRole('textbox', { name: '审批意见' }).fill('资料齐全，同意签约。');
      await a.getByRole('button', { name: /同\s*意/ }).click();
      await a.getByText('已通过').first().waitFor();

      // ---- The dispatcher posts the result; the detail page shows it delivered.
      await region(a, '风控服务结果推送').getByText('已送达').waitFor({ timeout: 30_000 });
      await screenshot(a, 'issue14-signing-delivered');
      const mine = received.filter((r) => r.body.signCode === signCode);
      assert.equal(mine.length, 1, 'the result is posted once');
      assert.match(mine[0]!.key, /^product-sign-\d+-\d+$/);
      assert.equal(mine[0]!.body.idempotencyKey, mine[0]!.key);
      assert.equal(mine[0]!.body.result, 'approved');
      assert.equal(mine[0]!.body.amount, 800000);
      assert.equal(mine[0]!.body.projectCode, projectCode);
      assert.equal(mine[0]!.body.comment, '资料齐全，同意签约。');
    } finally {
      await admin.context.close();
      await staff.context.close();
      await approver.context.close();
    }
  });
});
