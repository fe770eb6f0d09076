// The customer screens against real antd: the list; the add form checks the unified social credit code on blur
// with the contract's message naming the fault and sends what was typed (code upper-cased, lists included); a
// refused delete shows the server's reason; the address book page is the dialog's table; the project approval page
// lists project tasks.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_PATHS, CUSTOMER_MESSAGES, CUSTOMER_PATHS, PROCESS_PATHS, USCC_MESSAGES, type SaveCustomerBody } from '@tfb/contract';
import { customerDetail, customerRow, deliveryAddress, page } from '../../../test/fixtures';
import { refuse } from '../../../test/mock-api';
import { fill, findDialogTitled, rowOf } from '../../../test/queries';
import { openScreen } from '../../../test/screen';

const VALID = '91350100M000100Y43';

describe('customer enterprises', () => {
  it('lists customers with their code, legal representative, region and main contact', async () => {
    openScreen('/customers/enterprises', { [CUSTOMER_PATHS.list]: { GET: () => page([customerRow(customerDetail())]) } });
    const r = rowOf(await screen.findByText('江苏沙钢集团'));
    expect(within(r).getByText('914403001922038216')).toBeInTheDocument();
    expect(within(r).getByText('沈文荣')).toBeInTheDocument();
    expect(within(r).getByText('江苏省 苏州市 张家港市')).toBeInTheDocument();
    expect(within(r).getByText('王建国 13900000001')).toBeInTheDocument();
  });

  it('checks the credit code on blur with the message naming the fault, then saves what was typed', async () => {
    let sent: SaveCustomerBody | undefined;
    const { api, user } = openScreen('/customers/enterprises', {
      [CUSTOMER_PATHS.list]: {
        GET: () => page([]),
        POST: ({ body }) => {
          sent = body;
          return customerDetail({ ...body, id: 9, mainContact: null, contacts: [], bankAccounts: [] });
        },
      },
      [CUSTOMER_PATHS.item]: () => customerDetail({ id: 9 }),
    });
    await user.click(await screen.findByRole('button', { name: /新增客户/ }));
    const dialog = await findDialogTitled('新增客户企业');
    const code = within(dialog).getByLabelText('统一社会信用代码');

    await fill(user, code, '91350100M000100Y44');
    await user.tab();
    expect(await within(dialog).findByText(USCC_MESSAGES.checkDigit)).toBeInTheDocument();
    await fill(user, code, '91350100M00');
    await user.tab();
    expect(await within(dialog).findByText(USCC_MESSAGES.length)).toBeInTheDocument();
    await fill(user, code, VALID.toLowerCase());
    await user.tab();
    await waitFor(() => expect(within(dialog).queryByText(USCC_MESSAGES.length)).not.toBeInTheDocument());
    expect(code).toHaveValue(VALID);

    // Saving with the name and legal representative missing is blocked with the contract's messages.
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CUSTOMER_MESSAGES.legalRepresentativeRequired)).toBeInTheDocument();
    expect(api.bodiesSentTo(CUSTOMER_PATHS.list, 'POST')).toEqual([]);

    await fill(user, within(dialog).getByLabelText('企业名称'), '宁波港物流有限公司');
    await fill(user, within(dialog).getByLabelText('法定代表人'), '李秀英');
    await fill(user, within(dialog).getByLabelText('联系人姓名 1'), '陈志刚');
    await fill(user, within(dialog).getByLabelText('联系电话 1'), '0574-86860000');
    await user.click(within(dialog).getByRole('button', { name: /添加银行账户/ }));
    await fill(user, within(dialog).getByLabelText('开户银行 1'), '招商银行宁波分行');
    await fill(user, within(dialog).getByLabelText('账户名称 1'), '宁波港物流有限公司');
    await fill(user, within(dialog).getByLabelText('银行账号 1'), '12ab');
    await user.tab();
    expect(await within(dialog).findByText(CUSTOMER_MESSAGES.accountNumberInvalid)).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('银行账号 1'), '574900011122233');
    await user.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      name: '宁波港物流有限公司',
      creditCode: VALID,
      legalRepresentative: '李秀英',
      addressCode: '',
      contacts: [{ name: '陈志刚', phone: '0574-86860000', position: '', email: '' }],
      bankAccounts: [{ bankName: '招商银行宁波分行', accountName: '宁波港物流有限公司', accountNumber: '574900011122233' }],
    });
  });

  it("shows the server's reason when a delete is refused", async () => {
    const { user } = openScreen('/customers/enterprises', {
      [CUSTOMER_PATHS.list]: { GET: () => page([customerRow(customerDetail())]) },
      [CUSTOMER_PATHS.item]: { DELETE: () => refuse(40900, CUSTOMER_MESSAGES.inUse(3)) },
    });
    const r = rowOf(await screen.findByText('江苏沙钢集团'));
    await user.click(within(r).getByRole('button', { name: /删\s*除/ }));
    const confirm = await screen.findByText('确定删除客户「江苏沙钢集团」吗？');
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText(CUSTOMER_MESSAGES.inUse(3))).toBeInTheDocument();
  });
});

describe('address book page', () => {
  it('shows the enterprise address book with the default first, without picking', async () => {
    openScreen('/customers/addresses', {
      [ADDRESS_BOOK_PATHS.list]: () =>
        page([deliveryAddress({ id: 1, contacts: '甲联系人', isDefault: 1 }), deliveryAddress({ id: 2, contacts: '乙联系人' })]),
    });
    expect(await screen.findByRole('heading', { name: '收货地址' })).toBeInTheDocument();
    const first = rowOf(await screen.findByText('甲联系人'));
    expect(within(first).getByText('默认')).toBeInTheDocument();
    expect(within(first).queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新增地址|新增收货地址/ })).toBeInTheDocument();
  });
});

describe('project approval', () => {
  it('lists the open steps of project processes', async () => {
    const { api } = openScreen(
      '/projects/approval',
      {
        [PROCESS_PATHS.todoList]: () =>
          page([
            {
              processInstanceId: 5,
              taskId: 51,
              taskName: '业务审核',
              businessType: 'project',
              businessId: 41,
              businessCode: 'XM-20261101-00041',
              startedBy: '张伟',
              startTime: '2026-11-19T08:00:00.000Z',
            },
          ]),
      },
      { roles: ['approver'] },
    );
    const r = rowOf(await screen.findByText('XM-20261101-00041'));
    expect(within(r).getByText('项目')).toBeInTheDocument();
    expect(within(r).getByText('业务审核')).toBeInTheDocument();
    expect(api.lastQuery(PROCESS_PATHS.todoList)).toMatchObject({ businessType: 'project' });
  });
});
