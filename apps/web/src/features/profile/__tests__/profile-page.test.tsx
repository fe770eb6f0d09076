// My profile (/system/profile) and the user menu it is reached from: the signed-in user's session values as the
// server confirmed them, the kind of user, the roles; the menu opens the profile and signs out (the server ends
// the session named by the access token, and this tab forgets it).
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_PATHS, WORKBENCH_PATH } from '@tfb/contract';
import { getToken, readSessionUser } from '../../../lib/session-store';
import { workbench } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { setupUser } from '../../../test/queries';
import { renderApp, renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

/** The value shown for a label of the profile's description list. */
const valueOf = (label: string) => screen.getByText(label).nextElementSibling ?? screen.getByText(label).parentElement!.nextElementSibling!;

describe('profile page', () => {
  it('shows the session values of the signed-in user, with the server’s confirmation of them', async () => {
    const user = signIn({ phone: '13800000001' });
    // The server's answer wins over what the tab stored: the user was made a supervisor meanwhile.
    mockApi({
      [SESSION_PATHS.session]: () => ({
        ...user,
        isSupervisor: true,
        roles: ['staff', 'supervisor'],
        storageAddress: '上海市宝山区长江西路 1 号',
      }),
    });
    renderRoute('/system/profile');

    expect(await screen.findByText('基本信息')).toBeInTheDocument();
    expect(valueOf('姓名')).toHaveTextContent('张伟');
    expect(valueOf('用户名')).toHaveTextContent('zhangwei');
    expect(valueOf('用户 ID')).toHaveTextContent('demo-a-staff');
    expect(valueOf('手机号')).toHaveTextContent('13800000001');
    expect(valueOf('所属企业')).toHaveTextContent('华东金属贸易有限公司');
    expect(valueOf('企业 ID')).toHaveTextContent('ent-a');
    await waitFor(() => expect(valueOf('用户类型')).toHaveTextContent('仓库监管员'));
    expect(valueOf('仓储地址')).toHaveTextContent('上海市宝山区长江西路 1 号');
    const roles = valueOf('角色');
    expect(within(roles as HTMLElement).getByText('staff')).toBeInTheDocument();
    expect(within(roles as HTMLElement).getByText('supervisor')).toBeInTheDocument();
  });

  it('says — for what the user has not got, and 企业职员 for a plain staff user', async () => {
    signIn({ phone: '', storageAddress: null });
    mockApi();
    renderRoute('/system/profile');
    expect(await screen.findByText('基本信息')).toBeInTheDocument();
    expect(valueOf('手机号')).toHaveTextContent('—');
    expect(valueOf('仓储地址')).toHaveTextContent('—');
    expect(valueOf('用户类型')).toHaveTextContent('企业职员');
  });
});

describe('the user menu', () => {
  it('opens the profile from the header', async () => {
    signIn();
    mockApi({ [WORKBENCH_PATH]: () => workbench() });
    const user = setupUser();
    const { router } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: '张伟' }));
    await user.click(await screen.findByRole('menuitem', { name: /个人中心/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/profile'));
    expect(await screen.findByText('基本信息')).toBeInTheDocument();
    expect(valueOf('用户名')).toHaveTextContent('zhangwei');
  });

  it('signs out: the server ends the session the access token names, and the tab forgets it', async () => {
    signIn();
    const api = mockApi({ [WORKBENCH_PATH]: () => workbench(), [SESSION_PATHS.logout]: () => null });
    const user = setupUser();
    renderApp('/system/profile');

    await user.click(await screen.findByRole('button', { name: '张伟' }));
    await user.click(await screen.findByRole('menuitem', { name: /退出登录/ }));
    await waitFor(() => expect(api.callsTo(SESSION_PATHS.logout)).toHaveLength(1));
    expect(api.callsTo(SESSION_PATHS.logout)[0]!.headers.token).toBe('test-token');
    await waitFor(() => expect(getToken()).toBeUndefined());
    expect(readSessionUser()).toBeNull();
  });
});
