// The loan form shows what the financed contract still allows (the server's `limits`, this application left out)
// and refuses a larger amount before submit with the server's message; at the limit it saves.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BUSINESS_PATHS, LIMIT_MESSAGES, type ContractDetail, type LoanDetail } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { LoanEditPage } from '../components/loan-form-page';

const audit = { createTime: '2026-11-01T00:00:00.000Z', updateTime: '2026-11-01T00:00:00.000Z', version: 1 };

const loan: LoanDetail = {
  id: 5,
  applicationFormNum: 'DK-20261101-00005',
  applicantName: '华东金属贸易有限公司',
  createDate: '2026-11-01',
  contractId: 9,
  contractNum: 'CGHT-20261101-00009',
  contractAmount: 3_073_216.25,
  corporateName: '江苏沙钢集团',
  loanAmount: 1_000_000,
  status: 'draft',
  ...audit,
  documents: [],
  processInstanceId: null,
};

const contract: ContractDetail = {
  id: 9,
  code: 'CGHT-20261101-00009',
  contractRelevanceCode: '',
  contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
  contractName: '螺纹钢采购',
  enterpriseName: '江苏沙钢集团',
  money: 3_073_216.25,
  signDate: null,
  status: 'approved',
  ...audit,
  signType: 0,
  projectId: null,
  projectCode: null,
  salesOrderId: null,
  salesOrderCode: null,
  purchaseOrderId: null,
  purchaseOrderCode: null,
  deliveryAddressId: null,
  deliveryAddress: null,
  goods: [],
  documents: [],
  processInstanceId: null,
  // Another live application holds 1,000,000: 2,073,216.25 remain for this one.
  limits: { contractAmount: 3_073_216.25, loanRemaining: 2_073_216.25, settlementRemaining: 3_073_216.25 },
};

describe('loan form limits', () => {
  it('shows the remaining amount and refuses more before submit; the remaining amount itself is saved', async () => {
    const saved: unknown[] = [];
    const contractCalls: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      let data: unknown = null;
      if (url.pathname === BUSINESS_PATHS.loan.replace(':id', '5')) {
        if (init?.method === 'PUT') {
          const body = JSON.parse(String(init.body)) as { loanAmount: number };
          saved.push(body);
          data = { ...loan, loanAmount: body.loanAmount };
        } else data = loan;
      } else if (url.pathname === BUSINESS_PATHS.contract.replace(':id', '9')) {
        contractCalls.push(url);
        data = contract;
      } else if (url.pathname.includes('dict')) data = [];
      return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MemoryRouter initialEntries={['/funds/loans/edit?id=5']}>
          <LoanEditPage />
        </MemoryRouter>
      </AppProviders>,
    );

    expect(await screen.findByText('剩余可申请 2,073,216.25 元（合同金额 3,073,216.25 元）')).toBeInTheDocument();
    // The application being edited is left out of what the contract's other applications take.
    expect(contractCalls.some((u) => u.searchParams.get('excludeLoanId') === '5')).toBe(true);

    const amount = screen.getByRole('spinbutton');
    await user.clear(amount);
    await user.type(amount, '2073216.26');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(LIMIT_MESSAGES.loanExceedsContract(3_073_216.25, 2_073_216.25))).toBeInTheDocument();
    expect(saved).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '2073216.25');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ contractId: 9, loanAmount: 2_073_216.25, status: 'draft' });
  });
});
