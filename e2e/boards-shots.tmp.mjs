import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8105';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const errors = [];
const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
ctx.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
const page = await ctx.newPage();
page.on('pageerror', (e) => errors.push(String(e)));
await page.goto(`${base}/?userId=demo-portal-admin`);
await page.getByText('业务概览').waitFor({ timeout: 60000 });
await page.goto(`${base}/portalWebsites/dashboardBoard`);
await page.getByRole('heading', { name: '月度签约金额', exact: true }).waitFor({ timeout: 60000 });
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/boards-shots/board-1440.png', fullPage: false });
await page.screenshot({ path: '/tmp/boards-shots/board-1440-full.png', fullPage: true });
await page.goto(`${base}/portalWebsites/visualScene`);
await page.getByTestId('scene-stage').waitFor({ timeout: 60000 });
await page.waitForTimeout(4000);
await page.screenshot({ path: '/tmp/boards-shots/scene-designer.png' });
// share
const token = await page.evaluate(async () => {
  return null;
});
await page.getByRole('button', { name: /分\s*享\s*链\s*接/ }).click();
await page.getByRole('button', { name: /生成并复制链接/ }).click();
const link = page.locator('.boards-share__url').first();
await link.waitFor();
const url = await link.textContent();
console.log('share url', url);
for (const [w, h] of [[1920, 1080], [1280, 720]]) {
  const wall = await browser.newContext({ viewport: { width: w, height: h }, locale: 'zh-CN' });
  const p = await wall.newPage();
  p.on('pageerror', (e) => errors.push(String(e)));
  p.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await p.goto(url);
  await p.getByTestId('scene-stage').waitFor({ timeout: 60000 });
  await p.waitForTimeout(5000);
  await p.screenshot({ path: `/tmp/boards-shots/scene-${w}.png` });
  await wall.close();
}
console.log('errors', JSON.stringify(errors, null, 1));
await browser.close();
