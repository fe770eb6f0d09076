// `npm run bench:web [-- --runs N] [-- --charts]`: how fast the built web app opens and moves, in headless Chromium on localhost.
// Starts the built product (run `npm run build` first; built here when missing) on a spare port with a fresh data
// folder, then per run, in a fresh browser context (empty cache): enters as a demo user through the portal URL
// and times the cold entry to a usable workbench (its overview rendered); then for each list page clicks its
// top menu, and times the click on the page's sidebar item until the page's rows are rendered. Also weighs the
// runtime styles Ant Design writes into the page by the end of a run (count and size of its `<style>` elements), and
// how long the chart pages (a data-portal board, a statistics page) take from their address to every chart drawn.
// Prints the median and the worst of each figure; asserts nothing about time. The product and the browser (Debian's
// Chromium, headless, with the flags of e2e/support/browser.ts) start as in the browser tests: run under tsx.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';

/* global document, location -- the functions handed to page.waitForFunction / page.evaluate run in the page */

const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(args[runsArg + 1]) : Number(process.env.BENCH_WEB_RUNS || 5);
/** `--charts`: only the chart pages (the board and the statistics page). */
const CHARTS_ONLY = args.includes('--charts');
const USER = 'demo-admin';
const root = path.resolve(import.meta.dirname, '..');

/**
 * The list pages: top menu, sidebar item (zh labels) and address. A page its top menu opens (`first`) is timed
 * from the top-menu click; any other from the sidebar click once its top menu's first page has settled.
 */
const LIST_PAGES = [
  { name: 'settlements', menu: '资金', item: '结算管理', path: '/funds/settlement' },
  { name: 'regulated warehouses', menu: '仓储物流', item: '监管仓库', path: '/warehouse/regulated', first: true },
  { name: 'company risk', menu: '风险视图', item: '企业风险', path: '/risk/companies' },
  { name: 'purchase contracts', menu: '合同', item: '采购合同', path: '/contracts/purchase', first: true },
  { name: 'goods catalogue', menu: '货品', item: '货品目录', path: '/goods/catalogue', first: true },
  // The warehouse work list is the list of the user's own warehouse: a warehouse supervisor's.
  { name: 'warehouse work', menu: '仓储物流', item: '仓库作业', path: '/warehouse/external', user: 'demo-supervisor' },
];

/** The built product on a spare port with a fresh data folder, as the browser tests start it; built first when missing. */
async function startBuiltServer() {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js')) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    console.log('No build found: running npm run build');
    const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
    if (r.status !== 0) throw new Error('npm run build failed');
  }
  return startServer();
}

/** Resolves once the address is `pathname` and a row of a visible table is on screen. */
const rowsShown = (page, pathname) =>
  page.waitForFunction(
    (p) =>
      location.pathname === p && [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].some((row) => row.checkVisibility()),
    pathname,
    { timeout: 30_000, polling: 'raf' },
  );

/** antd's runtime `<style>` elements (CSS-in-JS and its CSS variables): count and characters. */
const runtimeStyles = (page) =>
  page.evaluate(() => {
    const styles = [...document.querySelectorAll('style')].filter(
      (s) => s.hasAttribute('data-css-hash') || s.hasAttribute('data-rc-order') || s.hasAttribute('data-token-hash'),
    );
    return { count: styles.length, chars: styles.reduce((n, s) => n + (s.textContent?.length ?? 0), 0) };
  });

/**
 * The chart pages: opened by address (a full load, the browser's cache empty but the session kept), timed until every
 * chart on them is drawn — no chart or page skeleton left and at least `charts` charts and figures on screen.
 */
const CHART_PAGES = [
  { name: 'data-portal board 经营驾驶舱', path: '/portalWebsites/dashboardBoard', user: 'demo-portal-admin', charts: 11 },
  { name: 'business statistics', path: '/statistics/business', user: USER, charts: 7 },
];

const chartsDrawn = (page, charts) =>
  page.waitForFunction(
    (n) =>
      document.querySelectorAll('.tfb-chart__canvas canvas, .tfb-kpi__value, .tfb-chart-table, .tfb-chart--empty').length >= n &&
      document.querySelectorAll('main .ant-skeleton, .tfb-chart__skeleton, [role="region"] [role="img"][aria-busy="true"]').length === 0,
    charts,
    { timeout: 30_000, polling: 'raf' },
  );

async function chartPages(browser, baseUrl, figures) {
  for (const target of CHART_PAGES) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/?userId=${target.user}`);
    await page.getByRole('banner').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    const started = performance.now();
    await page.goto(`${baseUrl}${target.path}`);
    await chartsDrawn(page, target.charts).catch((e) => {
      throw new Error(`${target.name}: charts not drawn at ${target.path}`, { cause: e });
    });
    figures[`${target.name}: open → charts drawn`].push(performance.now() - started);
    await context.close();
  }
}

async function oneRun(browser, baseUrl, figures) {
  for (const user of CHARTS_ONLY ? [] : new Set(LIST_PAGES.map((t) => t.user ?? USER))) {
    await oneUser(browser, baseUrl, figures, user);
  }
  await chartPages(browser, baseUrl, figures);
}

async function oneUser(browser, baseUrl, figures, user) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const started = performance.now();
  await page.goto(`${baseUrl}/?userId=${user}`);
  // Checked every frame (a locator's waitFor polls at growing intervals, up to half a second late).
  await page.waitForFunction(() => document.querySelector('main section[aria-label="业务概览"]')?.checkVisibility() === true, undefined, {
    timeout: 30_000,
    polling: 'raf',
  });
  if (user === USER) figures['cold entry → workbench'].push(performance.now() - started);
  const topMenu = page.getByRole('banner').getByRole('menu');
  for (const target of LIST_PAGES.filter((t) => (t.user ?? USER) === user)) {
    const menuItem = topMenu.getByRole('menuitem', { name: target.menu, exact: true });
    let item = menuItem;
    if (!target.first) {
      await menuItem.click();
      item = page.locator('aside').getByRole('menuitem', { name: new RegExp(`${target.item}$`) });
      await item.waitFor();
      // Let the top menu's first page settle (its code and rows), so the click below is timed alone.
      await page.waitForLoadState('networkidle');
    }
    const metricsBefore = await cdp.send('Performance.getMetrics');
    const clicked = performance.now();
    await item.click();
    await rowsShown(page, target.path).catch(async (e) => {
      throw new Error(`${target.name}: no rows shown at ${target.path} (now at ${new URL(page.url()).pathname})`, { cause: e });
    });
    figures[`${target.name}: menu click → rows`].push(performance.now() - clicked);
    const metricsAfter = await cdp.send('Performance.getMetrics');
    const metric = (m, name) => m.metrics.find((x) => x.name === name)?.value ?? 0;
    const cpu = (name) => (metric(metricsAfter, name) - metric(metricsBefore, name)) * 1000;
    figures[`${target.name}: script ms in that`].push(cpu('ScriptDuration'));
    figures[`${target.name}: style recalc+layout ms`].push(cpu('RecalcStyleDuration') + cpu('LayoutDuration'));
  }
  if (user === USER) {
    const styles = await runtimeStyles(page);
    figures['runtime <style> elements'].push(styles.count);
    figures['runtime style kB'].push(styles.chars / 1024);
  }
  await context.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const server = await startBuiltServer();
const browser = await launchBrowser();
try {
  /** @type {Record<string, number[]>} */
  const figures = CHARTS_ONLY ? {} : { 'cold entry → workbench': [] };
  for (const t of CHARTS_ONLY ? [] : LIST_PAGES) {
    figures[`${t.name}: menu click → rows`] = [];
    figures[`${t.name}: script ms in that`] = [];
    figures[`${t.name}: style recalc+layout ms`] = [];
  }
  for (const t of CHART_PAGES) figures[`${t.name}: open → charts drawn`] = [];
  if (!CHARTS_ONLY) {
    figures['runtime <style> elements'] = [];
    figures['runtime style kB'] = [];
  }
  // One warm-up run (the server's first queries, the browser's first start) is not counted.
  await oneRun(browser, server.baseUrl, Object.fromEntries(Object.keys(figures).map((k) => [k, []])));
  for (let i = 0; i < RUNS; i++) await oneRun(browser, server.baseUrl, figures);
  console.log(`\nbench:web — ${RUNS} runs as ${USER} (warehouse work: demo-supervisor), fresh browser context each (ms unless noted)`);
  console.log(`${'figure'.padEnd(44)} ${'median'.padStart(8)} ${'worst'.padStart(8)}`);
  for (const [name, xs] of Object.entries(figures)) {
    console.log(
      `${name.padEnd(44)} ${median(xs).toFixed(0).padStart(8)} ${Math.max(...xs)
        .toFixed(0)
        .padStart(8)}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
