// Spec 2.3 item 8 and 4 (Timeline): the history shows its first 2 entries, 'more' shows all and 'hide' folds them
// again, and the last entry is highlighted as the current one.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROCESS_PATHS, type ProcessHistoryEntry } from '@tfb/contract';
import { historyEntry, taskHistory } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { ProcessTimeline } from '../components/process-timeline';

const TASKS = ['提交申请', '业务审核', '风控审核', '财务复核', '总经理审批'];

function entries(count: number): ProcessHistoryEntry[] {
  return Array.from({ length: count }, (_, i) =>
    historyEntry({
      taskId: 100 + i,
      startTime: `2026-11-0${i + 1}T02:00:00.000Z`,
      endTime: i === count - 1 ? null : `2026-11-0${i + 1}T03:00:00.000Z`,
      userNameNow: i === 0 ? '张伟' : '系统管理员',
      taskName: TASKS[i]!,
      message: i === 0 ? '提交' : i === count - 1 ? '待审批' : '同意',
      comments: i === 0 ? '请审批' : '',
    }),
  );
}

function renderTimeline(count: number) {
  const api = mockApi({
    [PROCESS_PATHS.taskHistory]: () =>
      taskHistory('contract', 7, { canComplete: false, refusal: null, currentTaskName: TASKS[count - 1], historyList: entries(count) }),
  });
  renderWithProviders(<ProcessTimeline processInstanceId={42} />);
  return api;
}

const shownEntries = () => screen.queryAllByTestId('timeline-entry');
/** The button that folds and unfolds the history (更多 / 收起). */
const toggle = () => screen.queryByRole('button', { expanded: false }) ?? screen.queryByRole('button', { expanded: true });

describe('process history timeline', () => {
  it('loads taskHistory and shows only the first 2 of 5 entries, then all with more, and 2 again with hide', async () => {
    const api = renderTimeline(5);
    await waitFor(() => expect(shownEntries()).toHaveLength(2));
    expect(api.calls.map((c) => c.url.pathname)).toEqual([PROCESS_PATHS.taskHistory.replace(':processInstanceId', '42')]);
    expect(shownEntries().map((e) => e.querySelector('.process-entry__task')?.textContent)).toEqual(['提交申请', '业务审核']);
    expect(screen.queryByText('总经理审批')).not.toBeInTheDocument();
    // Folded, the current step is still named next to the toggle.
    expect(screen.getByText('当前环节：总经理审批')).toBeInTheDocument();

    expect(toggle()).toHaveTextContent('更多');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle()!);
    expect(shownEntries()).toHaveLength(5);
    expect(toggle()).toHaveTextContent('收起');
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');

    fireEvent.click(toggle()!);
    expect(shownEntries()).toHaveLength(2);
    expect(toggle()).toHaveTextContent('更多');
  });

  it('highlights the last entry, and only it, as the current one', async () => {
    renderTimeline(5);
    await waitFor(() => expect(toggle()).not.toBeNull());
    // Folded: neither of the first two is the current one.
    expect(shownEntries().filter((e) => e.getAttribute('aria-current') === 'step')).toHaveLength(0);
    fireEvent.click(toggle()!);
    const all = shownEntries();
    const current = all.filter((e) => e.getAttribute('aria-current') === 'step');
    expect(current).toEqual([all[4]]);
    expect(all[4]).toHaveClass('process-entry--current');
    expect(all[4]).toHaveTextContent('总经理审批');
    expect(all[4]).toHaveTextContent('当前');
    for (const e of all.slice(0, 4)) {
      expect(e).not.toHaveClass('process-entry--current');
      expect(e.querySelector('.process-entry__current-tag')).toBeNull();
    }
  });

  it('with 2 entries or fewer shows all of them, no toggle, the last one current', async () => {
    renderTimeline(2);
    await waitFor(() => expect(shownEntries()).toHaveLength(2));
    expect(toggle()).toBeNull();
    expect(shownEntries()[1]).toHaveAttribute('aria-current', 'step');
    expect(shownEntries()[0]).not.toHaveAttribute('aria-current');
  });
});
