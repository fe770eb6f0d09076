// Separation of duties on screen: the approval panel offers 同意 / 驳回 only where the server would accept them —
// nothing for a user without the approve permission, a hint with the reason for the submitter and for someone who
// already handled a step, the buttons for an eligible approver.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROCESS_MESSAGES, PROCESS_PATHS } from '@tfb/contract';
import { historyEntry, taskHistory } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { ApprovalPanel } from '../components/approval-panel';

const history = (canComplete: boolean, refusal: string | null) =>
  taskHistory('contract', 9, {
    canComplete,
    refusal,
    currentTaskName: '风控审核',
    historyList: [
      historyEntry(),
      historyEntry({
        taskId: 2,
        endTime: '2026-11-01T03:00:00.000Z',
        userNameNow: '周敏',
        taskName: '业务审核',
        message: '同意',
        comments: '同意',
      }),
      historyEntry({
        taskId: 3,
        startTime: '2026-11-01T03:00:00.000Z',
        endTime: null,
        userNameNow: '审批人',
        taskName: '风控审核',
        message: '待审批',
        comments: '',
      }),
    ],
  });

function renderPanel(roles: string[], reply: ReturnType<typeof history>) {
  signIn({ userId: 'u-1', userName: 'u1', name: '测试用户', roles });
  mockApi({ [PROCESS_PATHS.taskHistory]: () => reply });
  renderWithProviders(<ApprovalPanel businessType="contract" businessId={9} processInstanceId={42} businessStatus="approving" />);
}

const approveButton = () => screen.queryByRole('button', { name: /同\s*意/ });
const rejectButton = () => screen.queryByRole('button', { name: /驳\s*回/ });
const timelineShown = () => waitFor(() => expect(screen.getAllByTestId('timeline-entry').length).toBeGreaterThan(0));

describe('approval panel and separation of duties', () => {
  it('an eligible approver gets 同意 and 驳回 for the open step', async () => {
    renderPanel(['approver'], history(true, null));
    await waitFor(() => expect(approveButton()).toBeInTheDocument());
    expect(rejectButton()).toBeInTheDocument();
    expect(screen.getByText('处理：风控审核')).toBeInTheDocument();
  });

  it('a user without the approve permission sees neither buttons nor a hint', async () => {
    renderPanel(['staff'], history(false, PROCESS_MESSAGES.approverOnly));
    await timelineShown();
    expect(approveButton()).not.toBeInTheDocument();
    expect(rejectButton()).not.toBeInTheDocument();
    expect(screen.queryByText('处理：风控审核')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('the submitter, though an approver, gets the reason instead of the buttons', async () => {
    renderPanel(['staff', 'approver'], history(false, PROCESS_MESSAGES.selfApproval));
    await waitFor(() => expect(screen.getByText('这是您本人提交的单据，需由其他审批人处理。')).toBeInTheDocument());
    expect(approveButton()).not.toBeInTheDocument();
    expect(rejectButton()).not.toBeInTheDocument();
  });

  it('an approver who handled an earlier step gets the reason instead of the buttons', async () => {
    renderPanel(['approver'], history(false, PROCESS_MESSAGES.secondStep));
    await waitFor(() => expect(screen.getByText('您已处理过本流程的一个步骤，下一步需由其他审批人处理。')).toBeInTheDocument());
    expect(approveButton()).not.toBeInTheDocument();
    expect(rejectButton()).not.toBeInTheDocument();
  });
});
