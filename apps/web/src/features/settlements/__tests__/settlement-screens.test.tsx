// Settlements through their addresses: the list asks with the settlement type chosen, the form copies an existing
// settlement, holds the amount to what the contract still allows (the contract's message) and saves exactly what
// was typed, and a submitted settlement is read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, BUSINESS_PATHS, LIMIT_MESSAGES, type SettlementRow } from '@tfb/contract';
import { contractDetail, page, pageByType, settlementRow } from '../../../test/fixtures';
import { fill, findDialogTitled, rowOf, searchListUntilGone } from '../../../test/queries';
import { openLockedEdit, openScreen } from '../../../test/screen';

describe('settlement list', () => {
  it('shows each settlement with its contract and type, and asks again with the type chosen', async () => {
    const rows = [settlementRow(), settlementRow({ id: 52, settleCode: 'JS-20261101-00052', type: 2, money: 120 })];
    const { api, user } = openScreen('/funds/settlement', {
      [BUSINESS_PATHS.settlements]: pageByType(rows),
    });

    const first = rowOf(await screen.findByText('JS-20261101-00051'));
    expect(within(first).getByText('CGHT-20261101-00009')).toBeInTheDocument();
    expect(within(first).getByText('采购合同')).toBeInTheDocument();
    expect(within(first).getByText('收款结算')).toBeInTheDocument();
    expect(within(first).getByText('300.00')).toBeInTheDocument();

    await searchListUntilGone(user, { 结算类型: '付款结算' }, 'JS-20261101-00051');
    expect(within(rowOf('JS-20261101-00052')).getByText('付款结算')).toBeInTheDocument();
    expect(api.lastQuery(BUSINESS_PATHS.settlements)).toEqual({ pageNumber: '0', pageSize: '10', type: '2' });
  });
});

describe('settlement form', () => {
  it('copies a settlement, refuses more than the contract allows with the contract’s message, and saves what was typed', async () => {
    let saved: SettlementRow | undefined;
    const { api, user } = openScreen('/funds/settlement/add', {
      [BUSINESS_PATHS.chooseSettle]: () => page([settlementRow()]),
      // 800 of the contract's 1,000 are settled already.
      [BUSINESS_PATHS.contract]: () =>
        contractDetail({ status: 'approved', limits: { contractAmount: 1000, loanRemaining: 1000, settlementRemaining: 200 } }),
      [BUSINESS_PATHS.settlements]: { POST: ({ body }) => (saved = settlementRow({ ...body, id: 53, settleCode: 'JS-20261121-00053' })) },
      [BUSINESS_PATHS.settlement]: () => saved!,
    });

    await user.click(await screen.findByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(BUSINESS_MESSAGES.contractRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /参照已有结算单/ }));
    const picker = await findDialogTitled('选择要参照的结算单');
    await user.click(await within(picker).findByText('JS-20261101-00051'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('已带入结算单 JS-20261101-00051 的合同、类型和金额')).toBeInTheDocument();
    expect(api.lastQuery(BUSINESS_PATHS.chooseSettle)).toMatchObject({ enterpriseId: 'ent-a', pageNumber: '0' });
    expect(await screen.findByText('剩余可结算 200.00 元（合同金额 1,000.00 元）')).toBeInTheDocument();

    // The copied 300 is more than the 200 left.
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(LIMIT_MESSAGES.settlementExceedsContract(1000, 200))).toBeInTheDocument();
    expect(api.bodiesSentTo(BUSINESS_PATHS.settlements)).toEqual([]);

    const money = screen.getByRole('spinbutton', { name: '结算金额' });
    await fill(user, money, '200');
    await user.click(screen.getByRole('radio', { name: '付款结算' }));
    await user.type(screen.getByLabelText('结算日期'), '2026-11-30{Enter}');
    await fill(user, screen.getByLabelText('备注'), '尾款');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.settlements)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.settlements)[0]).toEqual({
      contractId: 9,
      type: 2,
      money: 200,
      settleDate: '2026-11-30',
      remark: '尾款',
      status: 'draft',
    });
    expect(await screen.findByRole('heading', { name: '结算单 JS-20261121-00053' })).toBeInTheDocument();
  });
});

describe('settlement detail and the edit gate', () => {
  it('shows a submitted settlement without 编辑, and its edit address leads back to it', async () => {
    await openLockedEdit(
      '/funds/settlement/edit?id=51',
      { [BUSINESS_PATHS.settlement]: () => settlementRow({ status: 'submitted' }) },
      '结算单 JS-20261101-00051',
    );
    expect(screen.getByText('300.00 元')).toBeInTheDocument();
    expect(screen.getByText('首期货款')).toBeInTheDocument();
    expect(screen.getByText('2026-11-20')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });
});
