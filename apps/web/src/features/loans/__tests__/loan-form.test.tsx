// The loan form shows what the financed contract still allows (the server's `limits`, this application left out)
// and refuses a larger amount before submit with the server's message; at the limit it saves.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_PATHS, LIMIT_MESSAGES } from '@tfb/contract';
import { contractDetail, loanDetail } from '../../../test/fixtures';
import { fill } from '../../../test/queries';
import { openScreen } from '../../../test/screen';

const loan = loanDetail({ id: 5, applicationFormNum: 'DK-20261101-00005', contractAmount: 3_073_216.25, loanAmount: 1_000_000 });

// Another live application holds 1,000,000: 2,073,216.25 remain for this one.
const contract = contractDetail({
  id: 9,
  money: 3_073_216.25,
  status: 'approved',
  limits: { contractAmount: 3_073_216.25, loanRemaining: 2_073_216.25, settlementRemaining: 3_073_216.25 },
});

describe('loan form limits', () => {
  it('shows the remaining amount and refuses more before submit; the remaining amount itself is saved', async () => {
    const { api, user } = openScreen('/funds/loans/edit?id=5', {
      [BUSINESS_PATHS.loan]: { GET: () => loan, PUT: ({ body }) => ({ ...loan, loanAmount: body.loanAmount, version: 2 }) },
      [BUSINESS_PATHS.contract]: () => contract,
    });

    expect(await screen.findByText('剩余可申请 2,073,216.25 元（合同金额 3,073,216.25 元）')).toBeInTheDocument();
    // The application being edited is left out of what the contract's other applications take.
    expect(api.callsTo(BUSINESS_PATHS.contract).some((c) => c.query.excludeLoanId === '5')).toBe(true);

    const amount = screen.getByRole('spinbutton', { name: '申请金额' });
    await fill(user, amount, '2073216.26');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(LIMIT_MESSAGES.loanExceedsContract(3_073_216.25, 2_073_216.25))).toBeInTheDocument();
    expect(api.bodiesSentTo(BUSINESS_PATHS.loan)).toHaveLength(0);

    await fill(user, amount, '2073216.25');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.loan)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.loan)[0]).toMatchObject({
      contractId: 9,
      loanAmount: 2_073_216.25,
      status: 'draft',
      version: 1,
    });
  });
});
