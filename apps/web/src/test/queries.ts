// Finding what the user sees where a role query is too slow or antd gives no accessible name to tell apart.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';

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
 * The dialog titled `title`, once it shows. antd names every dialog by the same generated id under test, so the
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
  const heading = screen.queryAllByText(title).find((el) => el.closest('[role="dialog"]') && el.closest('.ant-modal-title'));
  return heading?.closest<HTMLElement>('[role="dialog"]') ?? null;
}

/** Closes the open dialog with its close (×) button. */
export function closeDialog(dialog?: HTMLElement): void {
  const root = dialog ?? screen.getAllByRole('dialog').at(-1)!;
  const modal = root.closest('.ant-modal') ?? root;
  fireEvent.click(within(modal as HTMLElement).getByRole('button', { name: /close|关闭/i }));
}

/** The table row that holds `text`. */
export function rowOf(text: string | RegExp): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`${String(text)} is not in a table row`);
  return row;
}
