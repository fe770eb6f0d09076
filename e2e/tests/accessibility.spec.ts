// Every screen of the product passes axe-core's WCAG 2.x A and AA rules with no critical or serious violation, and
// has one main landmark holding one level-one heading: the sign-in and status pages, the workbench, every record
// kind's list, new form, detail and edit form of a seeded record, the approval, warehouse, warning, risk and
// profile screens (as the users who can open them), the refused page and the dialogs the screens
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

type Screens = {
  /**
   * Loads `pathname` afresh (only that screen is mounted), waits until `ready` holds in its main landmark and the
   * screen's level-one heading shows, checks it as `name`, and answers the main landmark.
   */
  visit(pathname: string, ready: (main: Locator) => Promise<unknown>, name?: string): Promise<Locator>;
  /** Checks the page as it is now (a dialog open) as `name`. */
  check(name: string): Promise<void>;
};

/** Fails with every finding of every screen that `walk` visits or checks. */
async function checkScreens(page: Page, walk: (screens: Screens) => Promise<void>): Promise<void> {
  const problems: string[] = [];
  const check = async (name: string) => {
    problems.push(...(await accessibilityReport(page, name)));
  };
  await walk({
    check,
    async visit(pathname, ready, name = pathname) {
      await page.goto(`${product.baseUrl}${pathname}`);
      const main = page.getByRole('main');
      await ready(main);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(name);
      return main;
    },
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
  main
    .getByRole('button', { name: btn('取消') })
    .or(main.getByText('只有草稿或已驳回的单据可以修改'))
    .first()
    .waitFor();

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
  '/products/signing',
] as const;

describe('accessibility: every screen passes axe (WCAG 2 A/AA, no critical or serious violation)', () => {
  describe('public pages', () => {
    it('the sign-in page, the portal notice and the status pages', async () => {
      const context = await product.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      try {
        await checkScreens(page, async ({ visit }) => {
          await visit('/login', (main) => main.getByRole('textbox', { name: '用户名' }).waitFor());
          await visit('/logon', (main) => main.getByRole('link', { name: '运维人员登录' }).waitFor());
          for (const status of ['/404', '/401', '/500']) {
            await visit(status, (main) => main.getByRole('button', { name: /返回工作台/ }).waitFor());
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
      await checkScreens(page(), async ({ visit }) => {
        await visit('/', (main) => main.getByRole('region', { name: '业务概览' }).waitFor());
      });
    });

    for (const list of RECORD_KINDS) {
      it(`${list}: list, new, detail and edit`, async () => {
        await checkScreens(page(), async ({ visit }) => {
          const main = await visit(list, listReady);
          const [id] = await recordKeys(main);
          assert.ok(id, `${list} lists seeded records`);
          // The edit screen of a draft where the first page shows one (a submitted record opens read-only).
          const drafts = records(main).filter({ hasText: '草稿' });
          const draft = (await drafts.count()) > 0 ? await drafts.first().getAttribute('data-row-key') : null;
          await visit(`${list}/add`, formReady);
          await visit(`${list}/detail?id=${id}`, detailReady, `${list}/detail`);
          await visit(`${list}/edit?id=${draft ?? id}`, formReady, `${list}/edit`);
        });
      });
    }

    it('the address book and the goods picker of a contract form', async () => {
      await checkScreens(page(), async ({ visit, check }) => {
        const main = await visit('/contracts/sales/add', formReady);
        await main.getByRole('button', { name: /选\s*择\s*地\s*址/ }).click();
        const book = dialog(page(), '收货地址');
        await listReady(book);
        await check('address book dialog');
        await book.getByRole('button', { name: '关闭' }).click();
        await book.waitFor({ state: 'hidden' });

        await main.getByRole('button', { name: btn('从货品库选择') }).click();
        await listReady(dialog(page(), '选择货品'));
        await check('goods picker dialog');
      });
    });

    it('the approval task lists', async () => {
      await checkScreens(page(), async ({ visit }) => {
        for (const path of ['/contracts/approval', '/funds/approval']) await visit(path, tableSettled);
      });
    });

    it('the warning messages, the company risk view and its dialog', async () => {
      await checkScreens(page(), async ({ visit, check }) => {
        await visit('/risk/warnings', (main) => main.getByRole('list', { name: '预警消息' }).getByRole('listitem').first().waitFor());
        const main = await visit('/risk/companies', async (main) => {
          await records(main).first().waitFor();
          await main.getByRole('list', { name: '风险类型' }).getByRole('listitem').nth(1).waitFor();
        });
        await records(main)
          .first()
          .getByRole('button', { name: /详\s*情/ })
          .click();
        await records(page().getByRole('dialog', { name: / · / }))
          .first()
          .waitFor();
        await check('company risk dialog');
      });
    });

    it('the warehouse lists, the order lists, the profile and the product catalogue', async () => {
      await checkScreens(page(), async ({ visit }) => {
        await visit('/warehouse/regulated', (main) => listReady(main.getByRole('tabpanel', { name: '入库通知' })));
        for (const path of ['/Warehous/crexternalListManagement', '/Warehous/creatwbGoodsOutbound']) await visit(path, tableSettled);
        await visit('/system/profile', (main) => main.getByText('demo-admin', { exact: true }).waitFor());
        // The product catalogue (issue 14): list, a product's detail, and the admin's add and edit forms.
        const products = await visit('/products/list', listReady);
        const [productId] = await recordKeys(products);
        assert.ok(productId, 'the catalogue lists the seeded products');
        await visit(`/products/list/detail?id=${productId}`, detailReady, '/products/list/detail');
        await visit('/products/list/add', formReady, '/products/list/add');
        await visit(`/products/list/edit?id=${productId}`, formReady, '/products/list/edit');
      });
    });
  });

  describe('as demo-warehouse-operator', () => {
    const page = signedIn('demo-warehouse-operator');

    it('the regulated warehouse with its actions, the goods dialog and the two create-order screens', async () => {
      await checkScreens(page(), async ({ visit, check }) => {
        const noticesOf = (main: Locator) => main.getByRole('tabpanel', { name: '入库通知' });
        const main = await visit('/warehouse/regulated', (main) => listReady(noticesOf(main)), '/warehouse/regulated (operator)');
        const notices = noticesOf(main);
        const [notice] = await recordKeys(notices);
        await notices.getByRole('button', { name: '查看更多货品' }).first().click();
        const goods = page().getByRole('dialog', { name: /^入库通知货品明细 / });
        await records(goods).first().waitFor();
        await check('warehouse goods dialog');
        await goods.getByRole('button', { name: '关闭' }).click();
        await goods.waitFor({ state: 'hidden' });

        await main.getByRole('tab', { name: '出库指令' }).click();
        const instructions = main.getByRole('tabpanel', { name: '出库指令' });
        const [instruction] = await listReady(instructions);
        await check('/warehouse/regulated, delivery instructions (operator)');

        const createForm = (main: Locator) => main.getByRole('button', { name: '确认创建' }).waitFor();
        await visit(`/WarehouscreatitemManagement?id=${notice}&scope=operator`, createForm, '/WarehouscreatitemManagement');
        await visit(`/WarehouscreatmGoodsOutbound?id=${instruction}&scope=operator`, createForm, '/WarehouscreatmGoodsOutbound');
      });
    });
  });

  describe('as demo-supervisor', () => {
    const page = signedIn('demo-supervisor');

    it("the supervisor's own warehouse", async () => {
      await checkScreens(page(), async ({ visit }) => {
        await visit('/warehouse/external', (main) => listReady(main.getByRole('tabpanel', { name: '入库通知' })));
      });
    });
  });

  describe('as demo-group', () => {
    const page = signedIn('demo-group');

    it("a page outside the user's menus: the refused page inside the shell", async () => {
      await checkScreens(page(), async ({ visit }) => {
        await visit('/orders/sale', (main) => main.getByText('无权访问').first().waitFor(), '/orders/sale (refused)');
      });
    });
  });
});
