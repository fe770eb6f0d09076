// Issue 8 point 4: the address form always shows the record it edits. The sequence that used to leak one
// opening's values into the next (edit A, cancel, edit B; add after an edit; edit after a create) replayed
// against the real antd dialogs, with the saves read back from what was sent.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConfigProvider } from 'antd';
import { ADDRESS_BOOK_PATHS, type DeliveryAddress } from '@tfb/contract';
import { deliveryAddress, page } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { chooseCascade, dialogTitled, findDialogTitled, rowOf, type User } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { AddressBookDialog } from '../address-book-dialog';

const A = deliveryAddress({ id: 1, contacts: '甲联系人', contactsPhone: '13900000001', detailedAddress: '长江西路 1 号', isDefault: 1 });
const B = deliveryAddress({
  id: 2,
  contacts: '乙联系人',
  contactsPhone: '13900000002',
  addressCode: '110000,110100,110105',
  province: '北京市',
  city: '市辖区',
  area: '朝阳区',
  detailedAddress: '建国路 2 号',
});

/** An address book server in memory: lists, adds and updates (the mock API records every write body). */
function stubAddressBook() {
  let rows = [A, B];
  return mockApi({
    [ADDRESS_BOOK_PATHS.list]: () => page(rows),
    [ADDRESS_BOOK_PATHS.update]: ({ body }) => {
      const saved: DeliveryAddress = { ...rows.find((r) => r.id === body.id)!, ...body };
      rows = rows.map((r) => (r.id === saved.id ? saved : r));
      return saved;
    },
    [ADDRESS_BOOK_PATHS.add]: ({ body }) => {
      const saved = deliveryAddress({ ...body, id: rows.length + 1 });
      rows = [...rows, saved];
      return saved;
    },
  });
}

// Motion off: jsdom fires no transition events, so a closing dialog would otherwise stay in its leave state.
const renderBook = () =>
  renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AddressBookDialog open onCancel={() => undefined} onSelect={() => undefined} />
    </ConfigProvider>,
  );

type FormTitle = '编辑收货地址' | '新增收货地址';

/** The nested address form dialog with the given title, once it is shown. */
async function formDialog(title: FormTitle) {
  const dialog = await findDialogTitled(title);
  return {
    dialog,
    value: (label: string) => (within(dialog).getByLabelText(label) as HTMLInputElement).value,
  };
}

/** Clicks 编辑 on the row of `contacts` and returns the edit form once it shows that address. */
async function editAddress(user: User, contacts: string) {
  await user.click(within(rowOf(contacts)).getByRole('button', { name: '编辑' }));
  const form = await formDialog('编辑收货地址');
  await waitFor(() => expect(form.value('姓名')).toBe(contacts));
  return form;
}

/** Waits until no address form dialog is shown any more (closing runs an animation). */
const formClosed = () =>
  waitFor(() => {
    expect(dialogTitled('编辑收货地址')).toBeNull();
    expect(dialogTitled('新增收货地址')).toBeNull();
  });

describe('AddressBookDialog: the form shows the record it edits', () => {
  let api: ReturnType<typeof stubAddressBook>;
  /** The address writes, in order: where each went and what it sent. */
  const sent = () => api.calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body as Record<string, unknown> }));
  beforeEach(() => {
    signIn({ roles: ['staff'] });
    api = stubAddressBook();
  });

  it('edit A, cancel, edit B shows B; saving sends B’s fields with B’s id; add after an edit is empty', async () => {
    const user = userEvent.setup();
    renderBook();
    await screen.findByText('甲联系人');

    const first = await editAddress(user, '甲联系人');
    await user.click(within(first.dialog).getByRole('button', { name: '取 消' }));
    await formClosed();

    const second = await editAddress(user, '乙联系人');
    expect(second.value('手机号')).toBe('13900000002');
    expect(second.value('详细地址')).toBe('建国路 2 号');

    const phone = within(second.dialog).getByLabelText('手机号');
    await user.clear(phone);
    await user.type(phone, '13700000002');
    await user.click(within(second.dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.path).toBe(ADDRESS_BOOK_PATHS.update);
    expect(sent()[0]!.body).toMatchObject({
      id: 2,
      contacts: '乙联系人',
      contactsPhone: '13700000002',
      addressCode: '110000,110100,110105',
      province: '北京市',
      area: '朝阳区',
      detailedAddress: '建国路 2 号',
      isDefault: 0,
    });
    await formClosed();

    await user.click(screen.getByRole('button', { name: /新增地址/ }));
    const created = await formDialog('新增收货地址');
    expect(created.value('姓名')).toBe('');
    expect(created.value('手机号')).toBe('');
    expect(created.value('详细地址')).toBe('');
  });

  it('edit right after a create shows the record, and the create sent only what was typed', async () => {
    const user = userEvent.setup();
    renderBook();
    await screen.findByText('甲联系人');

    await user.click(screen.getByRole('button', { name: /新增地址/ }));
    const created = await formDialog('新增收货地址');
    await user.type(within(created.dialog).getByLabelText('姓名'), '丙联系人');
    await user.type(within(created.dialog).getByLabelText('手机号'), '13900000003');
    await user.type(within(created.dialog).getByLabelText('详细地址'), '中山路 3 号');
    // The region: the cascader's three columns, 上海市 / 市辖区 / 宝山区.
    await chooseCascade(user, within(created.dialog).getByLabelText('所在地区'), ['上海市', '市辖区', '宝山区']);
    await user.click(within(created.dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]!.path).toBe(ADDRESS_BOOK_PATHS.add);
    expect(sent()[0]!.body).toMatchObject({
      contacts: '丙联系人',
      contactsPhone: '13900000003',
      addressCode: '310000,310100,310113',
      detailedAddress: '中山路 3 号',
    });
    expect(sent()[0]!.body).not.toHaveProperty('id');
    await formClosed();

    const edit = await editAddress(user, '甲联系人');
    expect(edit.value('手机号')).toBe('13900000001');
    expect(edit.value('详细地址')).toBe('长江西路 1 号');
  });
});

describe('AddressBookDialog: the permission table decides who changes addresses', () => {
  it('offers no add, edit or set-default to a user without customers write, only the choice', async () => {
    signIn({ roles: ['approver'] });
    stubAddressBook();
    renderBook();
    await screen.findByText('乙联系人');
    expect(screen.queryByRole('button', { name: /新增地址/ })).toBeNull();
    expect(within(rowOf('乙联系人')).queryByRole('button', { name: '编辑' })).toBeNull();
    expect(within(rowOf('乙联系人')).queryByRole('button', { name: '设为默认' })).toBeNull();
    expect(screen.getByRole('button', { name: '确 定' })).toBeInTheDocument();
  });
});
