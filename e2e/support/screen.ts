// How the specs find things and wait for them: by role, label and text, as a user (or a screen reader) meets the
// screen, and on the state a step needs — never on a fixed pause, which a busy machine outlasts.
import type { Locator, Page } from 'playwright-core';

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A button's name: antd puts a space between the two characters of a two-character label (确 定). */
export const btn = (label: string): RegExp => new RegExp(label.split('').map(escapeRegExp).join('\\s*'));

/** The open dialog titled `title`. */
export const dialog = (page: Page, title: string): Locator => page.getByRole('dialog', { name: title, exact: true });

/** A titled section of a form or detail screen: a region named by its heading. */
export const region = (scope: Page | Locator, title: string): Locator => scope.getByRole('region', { name: title, exact: true });

/** Waits for a toast (an antd message, announced as an alert) with exactly this text. */
export const toast = (page: Page, text: string): Promise<void> =>
  page.getByRole('alert').getByText(text, { exact: true }).first().waitFor();

/**
 * The record rows of the tables in `scope`. antd gives a record's row its key (data-row-key); the header, summary,
 * placeholder and measuring rows have none, and no role tells them apart, so this is the one attribute the specs
 * locate by besides roles, labels and text.
 */
export const records = (scope: Page | Locator): Locator => scope.getByRole('row').and(scope.locator('[data-row-key]'));

/** The record row whose key is `key`. */
export const recordByKey = (scope: Page | Locator, key: string): Locator =>
  scope.getByRole('row').and(scope.locator(`[data-row-key="${key}"]`));

/** The keys of the record rows shown in `scope`, in order. */
export const recordKeys = (scope: Page | Locator): Promise<string[]> =>
  records(scope).evaluateAll((rows) => rows.map((r) => r.getAttribute('data-row-key') ?? ''));

/** Waits until `scope` shows a table and none of its tables is loading (antd marks a loading table aria-busy). */
export async function tableSettled(scope: Page | Locator): Promise<void> {
  await scope.getByRole('table').first().waitFor();
  await scope.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}

/** Waits until exactly `n` elements match `locator`, the count growing or shrinking to it. */
export async function waitForCount(locator: Locator, n: number): Promise<void> {
  if (n > 0) await locator.nth(n - 1).waitFor({ state: 'attached' });
  await locator.nth(n).waitFor({ state: 'detached' });
}

/** Waits until the input `field` holds a value for which `accept` is true (or exactly `accept`). */
export async function waitForValue(field: Locator, accept: string | ((value: string) => boolean)): Promise<void> {
  const test = typeof accept === 'string' ? (v: string) => v === accept : accept;
  for (;;) {
    const value = await field.inputValue();
    if (test(value)) return;
    // Until the value changes, or the field is replaced (a form re-rendered on reload): then look again.
    await field.evaluate(async (el, seen) => {
      while ((el as HTMLInputElement).value === seen && el.isConnected) await new Promise((r) => requestAnimationFrame(r));
    }, value);
  }
}

/**
 * Waits until `target` is shown and still: the entry motion of it and of what holds it (a dropdown sliding in, a
 * dialog zooming in) has run out. A click during that motion can land beside its target on a busy machine; Playwright
 * then retries after scrolling the page, and a scroll closes an open context menu.
 */
export async function atRest(target: Locator): Promise<void> {
  await target.waitFor();
  await target.evaluate(async (el) => {
    for (;;) {
      const moving = document.getAnimations().filter((a) => {
        const node = a.effect instanceof KeyframeEffect ? a.effect.target : null;
        return (
          !!node &&
          (node.contains(el) || el.contains(node)) &&
          a.playState === 'running' &&
          a.effect?.getComputedTiming().iterations !== Infinity
        );
      });
      if (moving.length === 0) return;
      await Promise.all(moving.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Clicks `target` once it is shown and at rest (see atRest). */
export async function clickAtRest(target: Locator, options: Parameters<Locator['click']>[0] = {}): Promise<void> {
  await atRest(target);
  await target.click(options);
}

/**
 * Chooses `label` in an antd Select with the keyboard, as a screen-reader user does: the combobox names its active
 * option (aria-activedescendant); ArrowDown moves it until it is `label`, and Enter takes it. (antd lists the options
 * to assistive technology around the active one only, so no option can be found by role before it is reached.)
 */
export async function chooseOption(combobox: Locator, label: string): Promise<void> {
  const page = combobox.page();
  const handle = await combobox.elementHandle();
  if (!handle) throw new Error('no such combobox');
  const activeLabel = () =>
    combobox.evaluate((el) => {
      const id = el.getAttribute('aria-activedescendant');
      return id ? (document.getElementById(id)?.getAttribute('aria-label') ?? null) : null;
    });
  await combobox.focus();
  await combobox.press('ArrowDown');
  await page.waitForFunction((el) => el.getAttribute('aria-expanded') === 'true' && !!el.getAttribute('aria-activedescendant'), handle);
  const seen = new Set<string>();
  for (;;) {
    const id = (await combobox.getAttribute('aria-activedescendant')) ?? '';
    if ((await activeLabel()) === label) break;
    if (seen.has(id)) throw new Error(`no option ${label} in the list`);
    seen.add(id);
    await combobox.press('ArrowDown');
    await page.waitForFunction(([el, before]) => el.getAttribute('aria-activedescendant') !== before, [handle, id] as const);
  }
  await combobox.press('Enter');
  await page.waitForFunction((el) => el.getAttribute('aria-expanded') !== 'true', handle);
}

/**
 * How many controls in `scope` antd paints with validation status `status` (a red or orange border). What is
 * asserted here is the painting itself, which antd expresses only through the control's `-status-*` class (the
 * form's messages are asserted by their text); no role or ARIA state carries it.
 */
export const paintedAs = (scope: Locator, status: 'error' | 'warning'): Promise<number> =>
  scope
    .getByRole('textbox')
    .or(scope.getByRole('spinbutton'))
    .or(scope.getByRole('combobox'))
    .evaluateAll((controls, s) => controls.filter((c) => c.closest(`[class*="-status-${s}"]`) !== null).length, status);
