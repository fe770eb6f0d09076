// The contract and loan detail routes hand the record's latest process (processInstanceId of the detail reply) to
// the approval panel: a record in approval shows its timeline on its own detail page.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_PATHS, PROCESS_PATHS } from '@tfb/contract';
import { contractDetail, documentRow, loanDetail, taskHistory } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

const inApproval = { status: 'approving', version: 2, processInstanceId: 42 } as const;

describe('detail pages with the approval panel', () => {
  it('a contract in approval shows its process timeline', async () => {
    signIn();
    const api = mockApi({
      [BUSINESS_PATHS.contract]: () => contractDetail({ id: 9, ...inApproval }),
      [PROCESS_PATHS.taskHistory]: () => taskHistory('contract', 9),
    });
    renderRoute('/contracts/purchase/detail?id=9');
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(2));
    const timeline = PROCESS_PATHS.taskHistory.replace(':processInstanceId', '42');
    expect(api.callsTo(PROCESS_PATHS.taskHistory).map((c) => c.url.pathname)).toEqual([timeline]);
    expect(screen.getByText('请审批')).toBeInTheDocument();
    // Read-only while in approval: no edit button, no submit button.
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提交审批/ })).not.toBeInTheDocument();
  });

  it('a loan application shows its own documents and its process timeline', async () => {
    signIn();
    mockApi({
      [BUSINESS_PATHS.loan]: () =>
        loanDetail({
          id: 11,
          contractId: null,
          contractNum: '',
          contractAmount: 0,
          corporateName: '',
          ...inApproval,
          documents: [documentRow({ sourceId: 11 })],
        }),
      [PROCESS_PATHS.taskHistory]: () => taskHistory('loan', 11),
    });
    renderRoute('/funds/loans/detail?id=11');
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(2));
    expect(screen.getByText('发票.pdf')).toBeInTheDocument();
    expect(screen.getByText('融资资料')).toBeInTheDocument();
  });
});
