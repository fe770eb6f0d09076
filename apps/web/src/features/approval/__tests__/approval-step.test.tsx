// Separation of duties on screen: the approval panel offers 同意 / 驳回 only where the server would accept them —
// nothing for a user without the approve permission, a hint with the reason for the submitter and for someone who
// already handled a step, the buttons for an eligible approver.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROCESS_MESSAGES, PROCESS_PATHS, type SessionUser } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { saveSessionUser } from '../../../lib/session-store';
import { ApprovalPanel } from '../components/approval-panel';

const user = (roles: string[]): SessionUser => ({
  userId: 'u-1', userName: 'u1', name: '测试用户', enterpriseId: 'ent-a', enterpriseName: '华东金属贸易有限公司',
  companyId: 'com-a', orgId: 'org-a-trade', phone: '', storageAddress: null, storageAddressId: null, warehouseId: null,
  isInternal: false, isGroup: false, isSupervisor: false, roles, avatar: '', introduction: '', menus: [],
});

const history = (canComplete: boolean, refusal: string | null) => ({
  processInstanceId: 42,
  businessType: 'contract',
  businessId: 9,
  businessCode: 'CGHT-20261101-00009',
  status: 'running',
  currentTaskName: '风控审核',
  historyList: [
    { taskId: 1, startTime: '2026-11-01T02:00:00.000Z', endTime: '2026-11-01T02:00:00.000Z', userNameStart: '张伟', userNameNow: '张伟', taskName: '提交申请', message: '提交', comments: '请审批' },
    { taskId: 2, startTime: '2026-11-01T02:00:00.000Z', endTime: '2026-11-01T03:00:00.000Z', userNameStart: '张伟', userNameNow: '周敏', taskName: '业务审核', message: '同意', comments: '同意' },
    { taskId: 3, startTime: '2026-11-01T03:00:00.000Z', endTime: null, userNameStart: '张伟', userNameNow: '审批人', taskName: '风控审核', message: '待审批', comments: '' },
  ],
  canComplete,
  refusal,
});

function renderPanel(roles: string[], reply: ReturnType<typeof history>) {
  saveSessionUser(user(roles));
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const data = path === PROCESS_PATHS.taskHistory.replace(':processInstanceId', '42') ? reply : null;
    return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ApprovalPanel businessType="contract" businessId={9} processInstanceId={42} businessStatus="approving" />
    </AppProviders>,
  );
}

const approveButton = () => screen.queryByRole('button', { name: /同\s*意/ });
const rejectButton = () => screen.queryByRole('button', { name: /驳\s*回/ });
const timelineShown = () => waitFor(() => expect(screen.getAllByTestId('timeline-entry').length).toBeGreaterThan(0));

describe('approval panel and separation of duties', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

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
