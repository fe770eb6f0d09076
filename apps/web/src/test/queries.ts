// Finding what the user sees where a role query is too slow or antd gives no accessible name to tell apart.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/** A user at the keyboard and mouse; typing does not wait between keys (nothing here reacts to the pace). */
export const setupUser = () => userEvent.setup({ delay: null });
export type User = ReturnType<typeof setupUser>;

/** Replaces what a field holds with `text`, entered at once (as pasted: one change instead of one per key). */
export async function fill(user: User, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text !== '') await user.paste(text);
}

/** Visible text with spaces removed: antd spaces out two-character Chinese button labels (保 存). */
const compact = (el: Element) => (el.textContent ?? '').replace(/\s/g, '');

/**
 * The buttons whose visible label is `label` (a string matches exactly, spaces ignored). Faster than a role query
 * over a large antd table, which computes every element's accessible name.
 */
export function buttonsLabelled(label: string | RegExp, container: ParentNode = document.body): HTMLButtonElement[] {
  const matches = (text: string) => (typeof label === 'string' ? text === label : label.test(text));
  return Array.from(container.querySelectorAll('button')).filter((b) => matches(compact(b)));
}

/** The tab whose label is `label`. */
export function tabLabelled(label: string): HTMLElement {
  const tab = screen.getAllByRole('tab').find((el) => el.textContent === label);
  if (!tab) throw new Error(`no tab ${label}`);
  return tab;
}

/** The open dialog, once it shows (the last one opened when several are). */
export function findDialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialogs = screen.getAllByRole('dialog');
    return dialogs[dialogs.length - 1]!;
  });
}

/**
 * The dialog (or drawer) titled `title`, once it shows. antd names every dialog by the same generated id under test, so the
 * dialog is found by the text of its title.
 */
export function findDialogTitled(title: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = dialogTitled(title);
    if (!dialog) throw new Error(`no dialog titled ${String(title)}`);
    return dialog;
  });
}

export function dialogTitled(title: string | RegExp): HTMLElement | null {
  const heading = screen
    .queryAllByText(title)
    .find((el) => el.closest('[role="dialog"]') && el.closest('.ant-modal-title, .ant-drawer-title'));
  return heading?.closest<HTMLElement>('[role="dialog"]') ?? null;
}

/** Closes the open dialog with its close (×) button. */
export function closeDialog(dialog?: HTMLElement): void {
  const root = dialog ?? screen.getAllByRole('dialog').at(-1)!;
  fireEvent.click(within(root).getByRole('button', { name: /close|关闭/i }));
}

/** The table row that holds `text` (or the element given). */
export function rowOf(text: string | RegExp | HTMLElement): HTMLElement {
  const row = (text instanceof HTMLElement ? text : screen.getByText(text)).closest('tr');
  if (!row) throw new Error(`${String(text)} is not in a table row`);
  return row;
}

/** Chooses `option` in the antd select labelled `label` (the options open in a list of their own). */
export async function chooseOption(user: User, label: string, option: string): Promise<void> {
  await user.click(screen.getByRole('combobox', { name: label }));
  await clickOption(user, option);
}

/** Chooses `option` in the list that is open: antd names the choices for screen readers (role option) and shows
 * each as an item titled by its label, which is what a click chooses (the item of the list opened last). */
export async function clickOption(user: User, option: string): Promise<void> {
  await screen.findAllByRole('option', { name: option });
  const items = screen.getAllByTitle(option).filter((el) => el.hasAttribute('aria-disabled'));
  const item = items[items.length - 1];
  if (!item) throw new Error(`no option ${option} to click`);
  await user.click(item);
}

/**
 * Searches a record list: the keyword, and the filters by their labels (selects, chosen by option label), then 查询.
 */
export async function searchList(
  user: User,
  { keyword, ...selects }: { keyword?: string } & Record<string, string | undefined>,
): Promise<void> {
  if (keyword !== undefined) {
    await fill(user, screen.getByRole('textbox', { name: '关键字' }), keyword);
  }
  for (const [label, option] of Object.entries(selects)) if (option !== undefined) await chooseOption(user, label, option);
  await user.click(screen.getByRole('button', { name: /查\s*询/ }));
}

/**
 * Chooses a path in a cascader (as the region field's province / city / district): opens `field`, then picks
 * each level's option by its label as the next column shows it.
 */
export async function chooseCascade(user: User, field: HTMLElement, labels: readonly string[]): Promise<void> {
  await user.click(field);
  for (const label of labels) {
    const option = await waitFor(() => {
      const found = screen.getAllByTitle(label).find((e) => e.getAttribute('role') === 'menuitemcheckbox');
      expect(found).toBeDefined();
      return found!;
    });
    await user.click(option);
  }
}

/** Searches a record list as searchList does and waits until the row showing `gone` has left it. */
export async function searchListUntilGone(user: User, filters: Parameters<typeof searchList>[1], gone: string): Promise<void> {
  await searchList(user, filters);
  await waitFor(() => expect(screen.queryByText(gone)).not.toBeInTheDocument());
}

/** Submits a record form: 提交, then 提交 again in the confirmation (a submitted record can no longer be changed). */
export async function submitRecord(user: User): Promise<void> {
  await user.click(screen.getByRole('button', { name: /提\s*交$/ }));
  const confirm = await findDialogTitled('确认提交？');
  await user.click(within(confirm).getByRole('button', { name: /提\s*交$/ }));
}
