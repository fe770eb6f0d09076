// Issue 3 end to end: the shared widgets inside real business screens. As demo-a-staff, a purchase contract
// is created with goods picked across two pages of the goods picker, a delivery address created in the
// nested dialog of the address book and made the default, and documents in the document upload table (one
// rejected with the spec's exact messages, one accepted); the contract is reopened as saved, and a loan
// application picks it in the contract picker.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { screenshot } from '../support/browser.js';
import { useProduct } from '../support/product.js';
import {
  btn,
  chooseOption,
  clickAtRest,
  dialog,
  paintedAs,
  recordByKey,
  recordKeys,
  records,
  region,
  tableSettled,
  toast,
  waitForValue,
} from '../support/screen.js';

const product = useProduct();

const enter = (userId: string) => product.enter(userId);

// What the test creates; the run's stamp keeps the records apart from the seeded ones.
const stamp = Date.now().toString(36).toUpperCase();
const CONTRACT = {
  name: `E2E 螺纹钢采购 ${stamp}`,
  paperNo: `E2E-CG-${stamp}`,
  supplier: `E2E 测试钢铁贸易有限公司 ${stamp}`,
};
const ADDRESS = {
  contacts: `测收货${stamp.slice(-4)}`,
  phone: '13800138000',
  region: ['浙江省', '杭州市', '西湖区'],
  regionCodes: '330000,330100,330106',
  detail: `文三路 100 号 E2E 仓库 ${stamp}`,
};
const ACCEPTED_DOC = { name: `营业执照-${stamp}.pdf`, type: '营业执照' };

/** A small but well-formed PDF (the server judges the type by the content). */
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

// The spec's exact strings (spec 5 and 8), written out here rather than imported, so a typo in the product fails.
const MESSAGES = {
  addressNameRequired: '请输入姓名',
  addressPhoneRequired: '请输入手机号',
  addressRegionRequired: '请选择地址',
  addressDetailRequired: '请输入详细地址',
  setDefaultSuccess: '设置成功',
  addSuccess: '添加成功',
  uploadSuccess: '上传成功',
  documentTooLarge10: '上传文件大小不能超过 10MB!',
  documentDraftDocOnly: '上传文件只能是.doc或.docx格式!',
} as const;

/**
 * A screenshot once the screen is still: finite CSS animations and transitions (modal zoom, radio dot,
 * button colour) have run out. Endless ones (spinners, badges) do not count.
 */
async function shot(page: Page, name: string): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  await screenshot(page, name);
}

/** The form section titled `title` on a create/edit/detail screen. */
const section = (page: Page, title: string) => region(page, title);

/** Gives `file` to the row's upload button through the file chooser it opens, as a user picks a file. */
async function attach(row: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = row.page().waitForEvent('filechooser');
  await row.getByRole('button', { name: /上传/ }).click();
  await (await chooser).setFiles(file);
}

describe('issue 3: master data and shared widgets in the business screens', () => {
  it('creates a purchase contract with picked goods, a new default address and documents, then a loan on it', async () => {
    const { context, page } = await enter('demo-a-staff');
    try {
      // ---- The purchase contract list → create.
      await page.goto(`${product.baseUrl}/contracts/purchase`);
      await page.getByRole('heading', { name: '采购合同', exact: true }).waitFor();
      await page
        .getByRole('main')
        .getByRole('button', { name: btn('新增采购合同') })
        .first()
        .click();
      await page.waitForURL(/\/contracts\/purchase\/add$/);
      await page.getByRole('heading', { name: '新增采购合同' }).waitFor();

      await page.getByLabel('合同名称').fill(CONTRACT.name);
      await page.getByLabel('纸质合同号').fill(CONTRACT.paperNo);
      await page.getByLabel('供应商（卖方）').fill(CONTRACT.supplier);

      // ---- Goods picker: two goods on page 1, one on page 2; the selection survives paging.
      const goodsSection = section(page, '货品明细');
      await goodsSection.getByRole('button', { name: btn('从货品库选择') }).click();
      const picker = dialog(page, '选择货品');
      await picker.waitFor();
      await picker.getByRole('tree').getByText('全部', { exact: true }).waitFor();
      await tableSettled(picker);
      await records(picker).first().waitFor();
      const page1 = await recordKeys(picker);
      assert.ok(page1.length >= 2, `page 1 has goods: ${page1.join(',')}`);
      const totalText = await picker.getByText(/^共 \d+ 条$/).innerText();
      assert.ok(Number(totalText.replace(/\D/g, '')) > page1.length, `more than one page of goods: ${totalText}`);

      const goodsRow = (key: string) => recordByKey(picker, key);
      const goodsName = async (key: string) => (await goodsRow(key).getByRole('cell').nth(1).innerText()).trim();
      const picked: { key: string; name: string }[] = [];
      for (const key of page1.slice(0, 2)) {
        await goodsRow(key).getByRole('checkbox').check();
        picked.push({ key, name: await goodsName(key) });
      }
      await picker.getByText('已选 2 项').waitFor();

      // The pager's page items are named by their number.
      await picker.getByRole('listitem', { name: '2', exact: true }).click();
      await goodsRow(page1[0]!).waitFor({ state: 'detached' });
      await tableSettled(picker);
      await records(picker).first().waitFor();
      const page2 = await recordKeys(picker);
      assert.ok(page2.length >= 1 && page2.every((k) => !page1.includes(k)), `page 2 shows other goods: ${page2.join(',')}`);
      const key3 = page2[0]!;
      // A click on the row (not the checkbox) selects it too.
      await goodsRow(key3).getByRole('cell').nth(1).click();
      await goodsRow(key3).getByRole('checkbox', { checked: true }).waitFor();
      picked.push({ key: key3, name: await goodsName(key3) });
      await picker.getByText('已选 3 项').waitFor();
      // Every column fits: no sideways scrolling to reach the price.
      const overflow = await records(picker)
        .first()
        .evaluate((row) => {
          const box = row.closest('table')?.parentElement;
          return box ? box.scrollWidth - box.clientWidth : Number.NaN;
        });
      assert.ok(overflow <= 0, `the goods table fits the dialog (overflow ${overflow}px)`);
      await shot(page, 'issue3-goods-picker-page2');

      // Back on page 1 the first two are still ticked.
      await picker.getByRole('listitem', { name: '1', exact: true }).click();
      await goodsRow(page1[0]!).waitFor();
      await tableSettled(picker);
      for (const p of picked.slice(0, 2))
        assert.ok(await goodsRow(p.key).getByRole('checkbox').isChecked(), `goods ${p.name} still selected`);
      await picker.getByRole('button', { name: btn('确定') }).click();
      await picker.waitFor({ state: 'hidden' });

      const lineRows = records(goodsSection);
      await lineRows.nth(2).waitFor();
      assert.equal(await lineRows.count(), 3, 'three goods lines');
      const lineText = await lineRows.allInnerTexts();
      for (const p of picked)
        assert.ok(
          lineText.some((t) => t.includes(p.name)),
          `goods line ${p.name} in ${lineText.join(' | ')}`,
        );
      // The picked lines still need quantities: the field says so, and marks the empty quantities, but the
      // prices taken from the catalogue are not painted as errors.
      await goodsSection.getByText('请填写每行货品的数量').waitFor();
      assert.equal(await paintedAs(goodsSection, 'error'), 0, 'no control of the goods lines is marked as an error');
      assert.equal(await paintedAs(goodsSection, 'warning'), 3, 'the three empty quantities are marked');
      await goodsSection.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'issue3-goods-lines-picked');
      // Quantities (the lines keep the catalogue price); then the contract amount from the goods total.
      const quantities = ['120', '80.5', '45'];
      for (const [i, q] of quantities.entries()) await lineRows.nth(i).getByLabel('数量').fill(q);
      await page.getByRole('button', { name: btn('按货品合计填入') }).click();
      await waitForValue(page.getByRole('spinbutton', { name: '合同金额' }), (v) => v !== '' && v !== '0.00');

      // ---- Address book: create an address in the nested dialog, make it the default, choose it.
      await page.getByRole('button', { name: btn('选择地址') }).click();
      const book = dialog(page, '收货地址');
      await book.waitFor();
      await tableSettled(book);
      await records(book).first().waitFor();
      // The default address carries the tag 默认 (the others offer 设为默认).
      const defaultTag = page.getByText('默认', { exact: true });
      const oldDefault = records(book).filter({ has: defaultTag });
      assert.equal(await oldDefault.count(), 1, 'one seeded default address');
      const oldDefaultKey = await oldDefault.getAttribute('data-row-key');
      assert.ok(oldDefaultKey, 'the default address row has its key');
      // (The computed width: the opening animation scales the box.)
      const dialogWidth = await book.evaluate((el) => getComputedStyle(el).width);
      assert.equal(dialogWidth, '600px', 'the address book is 600 px wide');

      await book.getByRole('button', { name: btn('新增地址') }).click();
      const addrForm = dialog(page, '新增收货地址');
      await addrForm.waitFor();
      // The four blur validations: focus each field and leave it empty.
      const contactsInput = addrForm.getByLabel('姓名');
      const phoneInput = addrForm.getByLabel('手机号');
      const detailInput = addrForm.getByLabel('详细地址');
      const regionSelect = addrForm.getByRole('combobox', { name: '所在地区' });
      // The region picker's columns list their places as checkable menu items (named with the arrow of an item
      // that opens a further column: 浙江省 right).
      const place = (name: string) => page.getByRole('menuitemcheckbox', { name: new RegExp(`^${name}( right)?$`) });
      const blurMessages = [
        MESSAGES.addressNameRequired,
        MESSAGES.addressPhoneRequired,
        MESSAGES.addressRegionRequired,
        MESSAGES.addressDetailRequired,
      ];
      await contactsInput.click();
      await phoneInput.click();
      await detailInput.click();
      await regionSelect.click();
      await place(ADDRESS.region[0]!).waitFor();
      // A click on the dialog's title leaves the region field (and closes its list).
      await addrForm.getByText('新增收货地址', { exact: true }).click();
      for (const m of blurMessages) await addrForm.getByText(m, { exact: true }).waitFor();
      await place(ADDRESS.region[0]!).waitFor({ state: 'hidden' });
      await shot(page, 'issue3-address-form-blur');

      await contactsInput.fill(ADDRESS.contacts);
      await phoneInput.fill(ADDRESS.phone);
      await regionSelect.click();
      // Each pick opens the next column; the last one closes the list.
      for (const label of ADDRESS.region) await clickAtRest(place(label));
      await place(ADDRESS.region.at(-1)!).waitFor({ state: 'hidden' });
      await detailInput.fill(ADDRESS.detail);
      await addrForm.getByText('新增收货地址', { exact: true }).click();
      await addrForm.getByText(ADDRESS.region.join(' / ')).waitFor();
      for (const m of blurMessages) await addrForm.getByText(m, { exact: true }).waitFor({ state: 'hidden' });
      await shot(page, 'issue3-address-form-filled');

      const addResponse = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/mlzSettle/mlzBillListPathAdd'));
      await addrForm.getByRole('button', { name: btn('保存') }).click();
      const addBody = (await addResponse).request().postDataJSON() as Record<string, unknown>;
      assert.equal(addBody.addressCode, ADDRESS.regionCodes);
      assert.equal(addBody.isDefault, 0);
      assert.equal(addBody.isDelete, 0);
      await toast(page, MESSAGES.addSuccess);
      await addrForm.waitFor({ state: 'hidden' });

      const newRow = records(book).filter({ hasText: ADDRESS.contacts });
      await newRow.waitFor();
      await tableSettled(book);
      // The new address is the one chosen in the book.
      await newRow.getByRole('radio', { checked: true }).waitFor();
      await newRow.getByRole('button', { name: btn('设为默认') }).click();
      await toast(page, MESSAGES.setDefaultSuccess);
      await newRow.getByText('默认', { exact: true }).waitFor();
      await tableSettled(book);
      await recordByKey(book, oldDefaultKey)
        .getByRole('button', { name: btn('设为默认') })
        .waitFor();
      assert.equal(await records(book).filter({ has: defaultTag }).count(), 1, 'exactly one default');
      // The default comes first.
      assert.equal(await records(book).first().getAttribute('data-row-key'), await newRow.getAttribute('data-row-key'));
      await shot(page, 'issue3-address-book');
      await book.getByRole('button', { name: btn('确定') }).click();
      await book.waitFor({ state: 'hidden' });
      await section(page, '关联信息').getByText(ADDRESS.detail, { exact: false }).waitFor();
      await page.getByRole('button', { name: btn('更换地址') }).waitFor();

      // ---- Document table: the draft type refuses a pdf and an oversize docx; a pdf of another type is kept.
      const docs = section(page, '附件资料');
      const docRows = records(docs);
      await docRows.first().waitFor();
      assert.equal(await docRows.count(), 1, 'the table starts with one row');

      await chooseOption(docRows.nth(0).getByRole('combobox', { name: '类型' }), ACCEPTED_DOC.type);
      const upload = page.waitForResponse((r) => r.url().includes('/common/upload') && r.request().method() === 'POST');
      await attach(docRows.nth(0), { name: ACCEPTED_DOC.name, mimeType: 'application/pdf', buffer: smallPdf() });
      assert.equal((await upload).status(), 200);
      await toast(page, MESSAGES.uploadSuccess);
      await docRows.nth(0).getByText(ACCEPTED_DOC.name).waitFor();
      await docRows.nth(0).getByRole('link', { name: /查看/ }).waitFor();

      await docs.getByRole('button', { name: btn('添加一行') }).click();
      await docRows.nth(1).waitFor();
      assert.equal(await docRows.count(), 2);
      await chooseOption(docRows.nth(1).getByRole('combobox', { name: '类型' }), '合同草稿');
      let uploads = 0;
      const countUploads = (r: { url(): string }) => {
        if (r.url().includes('/common/upload')) uploads += 1;
      };
      page.on('request', countUploads);
      // Wrong type for the contract-draft row.
      await attach(docRows.nth(1), { name: `合同草稿-${stamp}.pdf`, mimeType: 'application/pdf', buffer: smallPdf() });
      await toast(page, MESSAGES.documentDraftDocOnly);
      // Right type but over 10 MB.
      const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 0x41);
      await attach(docRows.nth(1), {
        name: `合同草稿-${stamp}.docx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: big,
      });
      await toast(page, MESSAGES.documentTooLarge10);
      page.off('request', countUploads);
      assert.equal(uploads, 0, 'refused files are never sent');
      assert.equal((await docRows.nth(1).getByRole('cell').nth(1).innerText()).trim(), '—', 'the refused row holds no file');
      // The incomplete row is reported under the table, without painting the complete row's controls red.
      await docs.getByText('请上传附件').waitFor();
      assert.equal(await paintedAs(docs, 'error'), 0, 'no control of the document table is marked as an error');
      await docs.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'issue3-document-table');

      // The refused row goes; the kept document stays.
      await docRows
        .nth(1)
        .getByRole('button', { name: btn('删除该行') })
        .click();
      await docRows.nth(1).waitFor({ state: 'detached' });
      assert.equal(await docRows.count(), 1);
      await docRows.nth(0).getByText(ACCEPTED_DOC.name).waitFor();

      // ---- Save as draft → the detail screen.
      const saveResponse = page.waitForResponse(
        (r) => r.request().method() !== 'GET' && /contract/i.test(r.url()) && !/upload/.test(r.url()),
      );
      await page.getByRole('button', { name: btn('保存草稿') }).click();
      assert.equal((await saveResponse).status(), 200);
      await toast(page, MESSAGES.addSuccess);
      await page.waitForURL(/\/contracts\/purchase\/detail\?id=\d+/);
      const contractId = Number(new URL(page.url()).searchParams.get('id'));
      await page.getByRole('heading', { name: /^采购合同详情 \S/ }).waitFor();
      const contractCode = (await page.getByRole('heading', { name: /^采购合同详情 \S/ }).innerText()).replace('采购合同详情', '').trim();
      assert.ok(contractCode.length > 0, 'the new contract has a code');

      // ---- Reopen: from the list (search by the paper number), after a reload.
      await page.goto(`${product.baseUrl}/contracts/purchase`);
      await page.getByRole('heading', { name: '采购合同', exact: true }).waitFor();
      await page.getByRole('search').getByLabel('关键字').fill(CONTRACT.paperNo);
      await page
        .getByRole('search')
        .getByRole('button', { name: btn('查询') })
        .click();
      const listRow = records(page.getByRole('main')).filter({ hasText: CONTRACT.name });
      await listRow.waitFor();
      await page.getByRole('main').getByText('共 1 条', { exact: true }).waitFor();
      await listRow.getByText(contractCode, { exact: true }).click();
      await page.waitForURL(new RegExp(`/contracts/purchase/detail\\?id=${contractId}$`));
      await page.reload();
      await page.getByRole('heading', { name: new RegExp(`采购合同详情 ${contractCode}`) }).waitFor();

      const detailGoods = records(section(page, '货品明细'));
      await detailGoods.first().waitFor();
      assert.equal(await detailGoods.count(), 3, 'three goods lines saved');
      const detailGoodsText = await detailGoods.allInnerTexts();
      // In the order they were picked (two goods may share a name: the manufacturers differ).
      for (const [i, p] of picked.entries()) {
        const cells = (await detailGoods.nth(i).getByRole('cell').allInnerTexts()).map((c) => c.trim());
        assert.ok(cells[1]?.includes(p.name), `line ${i + 1} is ${p.name}: ${cells.join(' | ')}`);
        assert.equal(Number(cells[4]?.replace(/,/g, '')), Number(quantities[i]), `line ${i + 1} quantity: ${cells.join(' | ')}`);
      }
      assert.ok(
        detailGoodsText.every((t) => t.includes('货品库')),
        'every line comes from the catalogue',
      );
      const links = section(page, '关联信息');
      await links.getByText(ADDRESS.detail, { exact: false }).waitFor();
      const linksText = await links.innerText();
      for (const part of [ADDRESS.contacts, ADDRESS.phone, ...ADDRESS.region])
        assert.ok(linksText.includes(part), `address shows ${part}: ${linksText}`);
      const basic = await section(page, '基本信息').innerText();
      for (const part of [CONTRACT.name, CONTRACT.paperNo, CONTRACT.supplier]) assert.ok(basic.includes(part), `detail shows ${part}`);
      const detailDocs = records(section(page, '附件资料'));
      await detailDocs.first().waitFor();
      assert.equal(await detailDocs.count(), 1, 'one document saved');
      const docText = await detailDocs.first().innerText();
      assert.ok(docText.includes(ACCEPTED_DOC.name) && docText.includes(ACCEPTED_DOC.type), `saved document: ${docText}`);
      const docHref = await detailDocs.first().getByRole('link', { name: /查看/ }).getAttribute('href');
      assert.ok(docHref, 'the document has a view link');
      const fileResponse = await page.request.get(new URL(docHref, product.baseUrl).toString());
      assert.equal(fileResponse.status(), 200, 'the saved document can be opened');
      assert.ok(
        (await fileResponse.body()).subarray(0, 8).toString('latin1').startsWith('%PDF-1.4'),
        'the stored file is the uploaded pdf',
      );
      await shot(page, 'issue3-contract-detail');
      await section(page, '附件资料').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'issue3-contract-detail-documents');

      // The edit form opens with the same goods, address and document.
      await page
        .getByRole('button', { name: btn('编辑') })
        .first()
        .click();
      await page.waitForURL(new RegExp(`/contracts/purchase/edit\\?id=${contractId}$`));
      await records(section(page, '货品明细')).nth(2).waitFor();
      assert.equal(await records(section(page, '货品明细')).count(), 3);
      await section(page, '关联信息').getByText(ADDRESS.detail, { exact: false }).waitFor();
      await section(page, '附件资料').getByText(ACCEPTED_DOC.name).waitFor();

      // ---- A loan application that finances the contract, chosen in the contract picker.
      await page.goto(`${product.baseUrl}/funds/loans`);
      await page.getByRole('heading', { name: '链资贷款申请', exact: true }).waitFor();
      await page
        .getByRole('main')
        .getByRole('button', { name: btn('新增贷款申请') })
        .first()
        .click();
      await page.waitForURL(/\/funds\/loans\/add$/);
      await page.getByRole('heading', { name: '新增贷款申请' }).waitFor();
      await section(page, '融资合同')
        .getByRole('button', { name: btn('选择') })
        .click();
      const contractPicker = dialog(page, '选择合同/订单');
      await contractPicker.waitFor();
      await tableSettled(contractPicker);
      await records(contractPicker).first().waitFor();
      const unfiltered = await recordKeys(contractPicker);
      await contractPicker.getByPlaceholder('编号 / 纸质合同号 / 对方企业').fill(CONTRACT.paperNo);
      await contractPicker.getByRole('button', { name: btn('搜索') }).click();
      const pickRow = records(contractPicker).filter({ hasText: contractCode });
      await pickRow.waitFor();
      await contractPicker.getByText('共 1 条', { exact: true }).waitFor();
      await tableSettled(contractPicker);
      assert.ok(unfiltered.length > 1, 'the picker lists more than the one contract before the search');
      const pickText = await pickRow.innerText();
      assert.ok(pickText.includes('采购合同') && pickText.includes(CONTRACT.supplier), `picker row: ${pickText}`);
      await pickRow.getByRole('cell').nth(1).click();
      await pickRow.getByRole('radio', { checked: true }).waitFor();
      await shot(page, 'issue3-contract-picker');
      await contractPicker.getByRole('button', { name: btn('确定') }).click();
      await contractPicker.waitFor({ state: 'hidden' });

      const loanContract = section(page, '融资合同');
      await loanContract.getByText(contractCode, { exact: true }).first().waitFor();
      assert.ok((await loanContract.innerText()).includes(CONTRACT.supplier));
      // The financed contract's documents are shown read-only.
      await section(page, '融资合同附件（只读）').getByText(ACCEPTED_DOC.name).waitFor();
      await page.getByLabel('申请金额').fill('500000');
      await page.getByLabel('申请人').fill(`E2E 申请人 ${stamp}`);
      await shot(page, 'issue3-loan-form');
      await page.getByRole('button', { name: btn('保存草稿') }).click();
      await toast(page, MESSAGES.addSuccess);
      await page.waitForURL(/\/funds\/loans\/detail\?id=\d+/);
      await page.getByRole('heading', { name: /^贷款申请 \S/ }).waitFor();
      await section(page, '融资合同').getByText(contractCode, { exact: true }).first().waitFor();
      const loanCode = (await page.getByRole('heading', { name: /^贷款申请 \S/ }).innerText()).replace('贷款申请', '').trim();

      await page.goto(`${product.baseUrl}/funds/loans`);
      await page.getByRole('heading', { name: '链资贷款申请', exact: true }).waitFor();
      const loanRow = records(page.getByRole('main')).filter({ hasText: loanCode });
      await loanRow.waitFor();
      await tableSettled(page.getByRole('main'));
      const loanRowText = await loanRow.innerText();
      assert.ok(loanRowText.includes(contractCode), `the loan row names the contract: ${loanRowText}`);
      assert.ok(loanRowText.includes('500,000.00'), `the loan row shows the amount: ${loanRowText}`);
      assert.ok(loanRowText.includes('草稿'), `the loan is a draft: ${loanRowText}`);
      await shot(page, 'issue3-loan-list');
    } catch (err) {
      // What the screen showed when a step failed, for the report.
      await screenshot(page, 'issue3-failure').catch(() => undefined);
      throw err;
    } finally {
      await context.close();
    }
  });
});
