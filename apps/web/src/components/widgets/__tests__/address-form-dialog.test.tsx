// The address form checks what the contract's address body checks, with the contract's messages: a phone off
// the contract's pattern is refused on blur and blocks the save; a blank field shows its required message.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_PATHS, ADDRESS_MESSAGES } from '@tfb/contract';
import { deliveryAddress } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { chooseCascade } from '../../../test/queries';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { AddressFormDialog } from '../address-form-dialog';

const renderForm = () =>
  renderWithProviders(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AddressFormDialog open mode="create" onCancel={() => undefined} onSaved={() => undefined} />
    </ConfigProvider>,
  );

const dialog = () => screen.getByRole('dialog');

/** Waits until `text` is shown in the dialog. antd replaces a field's message node when it validates again, so
 * the check is retried on the current node rather than made on one found earlier. */
const shown = (text: string) => waitFor(() => expect(within(dialog()).getByText(text)).toBeInTheDocument());

/** The new form, with `text` typed into the field labelled `label` and the focus moved on (its blur check runs). */
async function typeAndLeave(label: string, text: string) {
  const user = userEvent.setup();
  renderForm();
  const field = await within(dialog()).findByLabelText(label);
  await user.type(field, text);
  await user.tab();
  return { user, field };
}

describe('AddressFormDialog: the contract’s rules', () => {
  /** The bodies sent to the add call, in order. */
  let writes: () => Record<string, unknown>[];
  beforeEach(() => {
    signIn({ roles: ['staff'] });
    const api = mockApi({ [ADDRESS_BOOK_PATHS.add]: ({ body }) => deliveryAddress({ ...body, id: 3 }) });
    writes = () => api.bodiesSentTo(ADDRESS_BOOK_PATHS.add) as Record<string, unknown>[];
  });

  it('refuses a phone off the contract’s pattern with its message, and saves nothing until it is fixed', async () => {
    const { user, field: phone } = await typeAndLeave('手机号', '139abc');
    await shown(ADDRESS_MESSAGES.phoneInvalid);
    expect(ADDRESS_MESSAGES.phoneInvalid).toBe('请输入正确的手机号');

    await user.type(within(dialog()).getByLabelText('姓名'), '丁联系人');
    await user.type(within(dialog()).getByLabelText('详细地址'), '人民路 4 号');
    await chooseCascade(user, within(dialog()).getByLabelText('所在地区'), ['上海市', '市辖区', '宝山区']);
    await user.click(within(dialog()).getByRole('button', { name: '保 存' }));
    await shown(ADDRESS_MESSAGES.phoneInvalid);
    expect(writes()).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '139 0000 0004');
    await user.tab();
    await waitFor(() => expect(within(dialog()).queryByText(ADDRESS_MESSAGES.phoneInvalid)).toBeNull());
    await user.click(within(dialog()).getByRole('button', { name: '保 存' }));
    // Exactly one save, with the fixed phone: the blocked one never went out.
    await waitFor(() => expect(writes()).toEqual([expect.objectContaining({ contacts: '丁联系人', contactsPhone: '139 0000 0004' })]));
  });

  it('shows the contract’s required message when a field is left blank', async () => {
    const { field: name } = await typeAndLeave('姓名', '   ');
    await shown(ADDRESS_MESSAGES.name);
    expect(name).toHaveAttribute('maxlength', '50');
  });
});
