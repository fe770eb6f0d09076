// The accessibility check every screen passes: axe-core with the WCAG 2.x level A and AA rules, where a critical or
// serious violation fails, and the page structure the shared kit gives every screen — one main landmark holding one
// level-one heading.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.0, 2.1 and 2.2 level A and AA rules of axe-core. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** Impacts that fail a screen. */
const BLOCKING = new Set(['critical', 'serious']);

export type Finding = { rule: string; impact: string; help: string; targets: string[] };

/**
 * Waits until no finite animation runs (a dialog's zoom and fade, a drawer's slide): checked mid-motion, a dialog
 * half faded in has its text at a fraction of its contrast. Endless ones (a spinner, a skeleton's shimmer) are left.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** axe's critical and serious WCAG A/AA violations on the page as it is now (an open dialog included), once its motion has settled. */
export async function axeFindings(page: Page): Promise<Finding[]> {
  await animationsSettled(page);
  const result = await new AxeBuilder({ page }).withTags([...WCAG_AA_TAGS]).analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
}

/** What is wrong with the page's structure: not exactly one main landmark, or not exactly one level-one heading in it. */
export async function structureFindings(page: Page): Promise<string[]> {
  const problems: string[] = [];
  const mains = await page.getByRole('main').count();
  if (mains !== 1) problems.push(`${mains} main landmarks (one expected)`);
  const headings = await page.getByRole('heading', { level: 1 }).allInnerTexts();
  if (headings.length !== 1) problems.push(`${headings.length} level-one headings (one expected): ${headings.join(' | ')}`);
  else if (mains === 1 && (await page.getByRole('main').getByRole('heading', { level: 1 }).count()) !== 1) {
    problems.push(`the level-one heading "${headings[0]}" is outside the main landmark`);
  }
  return problems;
}

/** One line per problem of the screen `name`, empty when it passes: rule, impact, node count, help and targets. */
export async function accessibilityReport(page: Page, name: string): Promise<string[]> {
  const findings = await axeFindings(page);
  const structure = await structureFindings(page);
  return [
    ...findings.map((f) => `${name}: ${f.rule} (${f.impact}) ×${f.targets.length} — ${f.help}: ${f.targets.join(', ')}`),
    ...structure.map((s) => `${name}: ${s}`),
  ];
}
