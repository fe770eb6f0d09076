// Loan applications through their addresses: the list asks with the application date and keyword typed, the form
// needs a financed contract (chosen in the contract picker, the contract's message when missing) and saves exactly
// what was typed, and an application in approval is read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, BUSINESS_PATHS, PICKER_API_PATHS, type LoanDetail } from '@tfb/contract';
import { contractDetail, contractEntry, loanDetail, loanRow, page } from '../../../test/fixtures';
import { fill, findDialogTitled, rowOf, searchList } from '../../../test/queries';
import { openLockedEdit, openScreen } from '../../../test/screen';

describe('loan application list', () => {
  it('shows each application with its contract and amount, and asks for the application date typed', async () => {
    const { api, user } = openScreen('/funds/loans', {
      [BUSINESS_PATHS.loans]: ({ query }) => page([loanRow()].filter((l) => !query.createDate || l.createDate === query.createDate)),
    });

    const row = rowOf(await screen.findByText('DK-20261101-00011'));
    expect(within(row).getByText('CGHT-20261101-00009')).toBeInTheDocument();
    expect(within(row).getByText('江苏沙钢集团')).toBeInTheDocument();
    expect(within(row).getByText('500.00')).toBeInTheDocument();

    await user.type(screen.getByLabelText('申请日期'), '2026-11-02{Enter}');
    await searchList(user, { keyword: 'DK-2026' });
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
    expect(api.lastQuery(BUSINESS_PATHS.loans)).toEqual({ pageNumber: '0', pageSize: '10', search: 'DK-2026', createDate: '2026-11-02' });
  });
});

describe('loan application list opened from a link', () => {
  it('starts filtered by the status and keyword of its address, and shows them in the filter form', async () => {
    const { api } = openScreen('/funds/loans?status=submitted&search=%E6%B2%99%E9%92%A2', {
      [BUSINESS_PATHS.loans]: () => page([loanRow({ status: 'submitted' })]),
    });

    expect(await screen.findByText('DK-20261101-00011')).toBeInTheDocument();
    expect(api.callsTo(BUSINESS_PATHS.loans)[0]?.query).toEqual({ pageNumber: '0', pageSize: '10', search: '沙钢', status: 'submitted' });
    expect(screen.getByLabelText('关键字')).toHaveValue('沙钢');
    const filters = screen.getByRole('search');
    expect(within(filters).getByText('已提交')).toBeInTheDocument();
  });
});

describe('loan application form', () => {
  it('asks for the financed contract with the contract’s message, then saves the chosen contract and the amount typed', async () => {
    let saved: LoanDetail | undefined;
    const { api, user } = openScreen('/funds/loans/add', {
      [PICKER_API_PATHS.fundContracts]: ({ query }) => ({
        result: [contractEntry({ money: 80_000 })],
        totalElements: 1,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      }),
      [BUSINESS_PATHS.contract]: () =>
        contractDetail({
          money: 80_000,
          status: 'approved',
          limits: { contractAmount: 80_000, loanRemaining: 30_000, settlementRemaining: 80_000 },
        }),
      [BUSINESS_PATHS.loans]: {
        POST: ({ body }) =>
          (saved = loanDetail({ id: 12, applicationFormNum: 'DK-20261121-00012', contractAmount: 80_000, loanAmount: body.loanAmount })),
      },
      [BUSINESS_PATHS.loan]: () => saved!,
    });

    await user.click(await screen.findByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(BUSINESS_MESSAGES.contractRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /选\s*择/ }));
    const picker = await findDialogTitled('选择合同/订单');
    await user.click(await within(picker).findByText('CGHT-20261101-00009'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('剩余可申请 30,000.00 元（合同金额 80,000.00 元）')).toBeInTheDocument();
    // The picker lists only the contract types a loan finances.
    expect(api.lastQuery(PICKER_API_PATHS.fundContracts)?.type?.split(',')).toContain('MLZZHFWPT_CONTACTTYPE_CGHT');

    await fill(user, screen.getByRole('spinbutton', { name: '申请金额' }), '25000');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.loans)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.loans)[0]).toEqual({
      contractId: 9,
      applicantName: '',
      loanAmount: 25000,
      status: 'draft',
      documents: [],
    });
    expect(await screen.findByRole('heading', { name: '贷款申请 DK-20261121-00012' })).toBeInTheDocument();
  });
});

describe('loan application detail and the edit gate', () => {
  it('keeps an application in approval read-only and shows its detail without 编辑', async () => {
    await openLockedEdit(
      '/funds/loans/edit?id=11',
      { [BUSINESS_PATHS.loan]: () => loanDetail({ status: 'approving' }), [BUSINESS_PATHS.contract]: () => contractDetail() },
      '贷款申请 DK-20261101-00011',
    );
    expect(screen.getByText('500.00 元')).toBeInTheDocument();
    expect(screen.getAllByText('审批中').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });
});
