// Every screen of the product passes axe-core's WCAG 2.x A and AA rules with no critical or serious violation, and
// has one main landmark holding one level-one heading: the sign-in and status pages, the workbench, every record
// kind's list, new form, detail and edit form of a seeded record, the approval, warehouse, warning, risk and
// profile screens (as the users who can open them), a coming screen, the refused page and the dialogs the screens
// open (address book, goods picker, company risk, warehouse goods). A failure lists each screen's findings: rule,
// impact, node count and the nodes' selectors.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { accessibilityReport } from '../support/accessibility.js';
import { useProduct } from '../support/product.js';
import { btn, dialog, recordKeys, records, tableSettled } from '../support/screen.js';

const product = useProduct();

/** A signed-in user's page, entered once for the describe block it serves. */
function signedIn(userId: string): () => Page {
  let entered: { context: BrowserContext; page: Page } | undefined;
  before(async () => {
    entered = await product.enter(userId);
  });
  after(async () => {
    await entered?.context.close();
  });
  return () => {
    if (!entered) throw new Error(`${userId} enters in before()`);
    return entered.page;
  };
}

/** Loads `pathname` afresh (only that screen is mounted) and waits for the shell's banner. */
async function open(page: Page, pathname: string): Promise<Locator> {
  await page.goto(`${product.baseUrl}${pathname}`);
  await page.getByRole('banner').waitFor();
  return page.getByRole('main');
}

/** The screen's level-one heading is shown (the shell has rendered the page itself, not only its frame). */
const titled = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

/** Fails with every finding of every screen checked by `visit`, which reports each screen through `check`. */
async function checkScreens(page: Page, visit: (check: (name: string) => Promise<void>) => Promise<void>): Promise<void> {
  const problems: string[] = [];
  await visit(async (name) => {
    problems.push(...(await accessibilityReport(page, name)));
  });
  if (problems.length > 0) assert.fail(`${problems.length} accessibility problems:\n${problems.join('\n')}`);
}

/** A list screen: its table settled with the seeded records in it; answers the keys of the shown records. */
async function listReady(main: Locator): Promise<string[]> {
  await records(main).first().waitFor();
  await tableSettled(main);
  return recordKeys(main);
}

/** A create or edit screen: its form with its cancel action, or for a record no longer editable the read-only gate. */
const formReady = (main: Locator) =>
  main.getByRole('button', { name: btn('取消') }).or(main.getByText('只有草稿或已驳回的单据可以修改')).first().waitFor();

/** A detail screen: the record is loaded and shown in its sections. */
const detailReady = (main: Locator) => main.getByRole('region').first().waitFor();

/** The record screens: each kind's list, new form, and the detail and edit screens of a seeded record. */
const RECORD_KINDS = [
  '/orders/sale',
  '/orders/purchase',
  '/projects/list',
  '/contracts/purchase',
  '/contracts/sales',
  '/contracts/logistics',
  '/contracts/supervision',
  '/contracts/assay',
  '/contracts/guarantee',
  '/contracts/other',
  '/funds/loans',
  '/funds/settlement',
  '/goods/catalogue',
] as const;

describe('accessibility: every screen passes axe (WCAG 2 A/AA, no critical or serious violation)', () => {
  describe('public pages', () => {
    it('the sign-in page, the portal notice and the status pages', async () => {
      const context = await product.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      try {
        await checkScreens(page, async (check) => {
          await page.goto(`${product.baseUrl}/login`);
          await page.getByRole('textbox', { name: '用户名' }).waitFor();
          await titled(page);
          await check('/login');
          await page.goto(`${product.baseUrl}/logon`);
          await page.getByRole('link', { name: '运维人员登录' }).waitFor();
          await titled(page);
          await check('/logon');
          for (const status of ['/404', '/401', '/500']) {
            await page.goto(`${product.baseUrl}${status}`);
            await page.getByRole('button', { name: /返回工作台/ }).waitFor();
            await titled(page);
            await check(status);
          }
        });
      } finally {
        await context.close();
      }
    });
  });

  describe('as demo-admin', () => {
    const page = signedIn('demo-admin');

    it('the workbench', async () => {
      await checkScreens(page(), async (check) => {
        const main = await open(page(), '/');
        await main.getByRole('region', { name: '业务概览' }).waitFor();
        await titled(page());
        await check('/');
      });
    });

    for (const list of RECORD_KINDS) {
      it(`${list}: list, new, detail and edit`, async () => {
        await checkScreens(page(), async (check) => {
          let main = await open(page(), list);
          const keys = await listReady(main);
          await titled(page());
          await check(list);
          // The edit screen of a draft where the first page shows one (a submitted record opens read-only).
          const drafts = records(main).filter({ hasText: '草稿' });
          const draft = (await drafts.count()) > 0 ? await drafts.first().getAttribute('data-row-key') : null;
          const id = keys[0];
          assert.ok(id, `${list} lists seeded records`);

          main = await open(page(), `${list}/add`);
          await formReady(main);
          await titled(page());
          await check(`${list}/add`);

          main = await open(page(), `${list}/detail?id=${id}`);
          await detailReady(main);
          await titled(page());
          await check(`${list}/detail`);

          main = await open(page(), `${list}/edit?id=${draft ?? id}`);
          await formReady(main);
          await titled(page());
          await check(`${list}/edit`);
        });
      });
    }

    it('the address book and the goods picker of a contract form', async () => {
      await checkScreens(page(), async (check) => {
        const main = await open(page(), '/contracts/sales/add');
        await formReady(main);
        await main.getByRole('button', { name: /选\s*择\s*地\s*址/ }).click();
        const book = dialog(page(), '收货地址');
        await records(book).first().waitFor();
        await tableSettled(book);
        await check('address book dialog');
        await book.getByRole('button', { name: '关闭' }).click();
        await book.waitFor({ state: 'hidden' });

        await main.getByRole('button', { name: btn('从货品库选择') }).click();
        const picker = dialog(page(), '选择货品');
        await records(picker).first().waitFor();
        await tableSettled(picker);
        await check('goods picker dialog');
      });
    });

    it('the approval task lists', async () => {
      await checkScreens(page(), async (check) => {
        for (const path of ['/contracts/approval', '/funds/approval']) {
          const main = await open(page(), path);
          await tableSettled(main);
          await titled(page());
          await check(path);
        }
      });
    });

    it('the warning messages, the company risk view and its dialog', async () => {
      await checkScreens(page(), async (check) => {
        let main = await open(page(), '/risk/warnings');
        await main.getByRole('list', { name: '预警消息' }).getByRole('listitem').first().waitFor();
        await titled(page());
        await check('/risk/warnings');

        main = await open(page(), '/risk/companies');
        await records(main).first().waitFor();
        await main.getByRole('list', { name: '风险类型' }).getByRole('listitem').nth(1).waitFor();
        await titled(page());
        await check('/risk/companies');
        await records(main).first().getByRole('button', { name: /详\s*情/ }).click();
        const risk = page().getByRole('dialog', { name: / · / });
        await records(risk).first().waitFor();
        await check('company risk dialog');
      });
    });

    it('the warehouse lists, the order lists, the profile and a coming screen', async () => {
      await checkScreens(page(), async (check) => {
        let main = await open(page(), '/warehouse/regulated');
        await records(main.getByRole('tabpanel', { name: '入库通知' })).first().waitFor();
        await titled(page());
        await check('/warehouse/regulated');

        for (const path of ['/Warehous/crexternalListManagement', '/Warehous/creatwbGoodsOutbound']) {
          main = await open(page(), path);
          await tableSettled(main);
          await titled(page());
          await check(path);
        }

        main = await open(page(), '/system/profile');
        await main.getByText('demo-admin', { exact: true }).waitFor();
        await titled(page());
        await check('/system/profile');

        main = await open(page(), '/products/list');
        await main.getByRole('button', { name: /返回工作台/ }).waitFor();
        await titled(page());
        await check('/products/list (coming)');
      });
    });
  });

  describe('as demo-warehouse-operator', () => {
    const page = signedIn('demo-warehouse-operator');

    it('the regulated warehouse with its actions, the goods dialog and the two create-order screens', async () => {
      await checkScreens(page(), async (check) => {
        let main = await open(page(), '/warehouse/regulated');
        const notices = main.getByRole('tabpanel', { name: '入库通知' });
        await records(notices).first().waitFor();
        await tableSettled(notices);
        await titled(page());
        await check('/warehouse/regulated (operator)');
        const [notice] = await recordKeys(notices);

        await notices.getByRole('button', { name: '查看更多货品' }).first().click();
        const goods = page().getByRole('dialog', { name: /^入库通知货品明细 / });
        await records(goods).first().waitFor();
        await check('warehouse goods dialog');
        await goods.getByRole('button', { name: '关闭' }).click();
        await goods.waitFor({ state: 'hidden' });

        await main.getByRole('tab', { name: '出库指令' }).click();
        const instructions = main.getByRole('tabpanel', { name: '出库指令' });
        await records(instructions).first().waitFor();
        await tableSettled(instructions);
        await check('/warehouse/regulated, delivery instructions (operator)');
        const [instruction] = await recordKeys(instructions);

        main = await open(page(), `/WarehouscreatitemManagement?id=${notice}&scope=operator`);
        await main.getByRole('button', { name: '确认创建' }).waitFor();
        await titled(page());
        await check('/WarehouscreatitemManagement');

        main = await open(page(), `/WarehouscreatmGoodsOutbound?id=${instruction}&scope=operator`);
        await main.getByRole('button', { name: '确认创建' }).waitFor();
        await titled(page());
        await check('/WarehouscreatmGoodsOutbound');
      });
    });
  });

  describe('as demo-supervisor', () => {
    const page = signedIn('demo-supervisor');

    it("the supervisor's own warehouse", async () => {
      await checkScreens(page(), async (check) => {
        const main = await open(page(), '/warehouse/external');
        await records(main.getByRole('tabpanel', { name: '入库通知' })).first().waitFor();
        await titled(page());
        await check('/warehouse/external');
      });
    });
  });

  describe('as demo-group', () => {
    const page = signedIn('demo-group');

    it('a page outside the user\'s menus: the refused page inside the shell', async () => {
      await checkScreens(page(), async (check) => {
        const main = await open(page(), '/orders/sale');
        await main.getByText('无权访问').first().waitFor();
        await titled(page());
        await check('/orders/sale (refused)');
      });
    });
  });
});
