// /login and /logon: the operator sign-in (POST /login/login, then /user/info whose roles must be a non-empty array,
// then the session profile) and its messages, the sign-in switched off when the server has the template login off
// (PORTAL_SECRET without TEMPLATE_LOGIN=1), and the portal entry page that points business users to the portal.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_PATHS, WORKBENCH_PATH } from '@tfb/contract';
import { getToken, readSessionUser } from '../../../lib/session-store';
import { sessionUser, workbench } from '../../../test/fixtures';
import { mockApi, refuse, type ApiHandlers } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const config = (over: { templateLoginEnabled?: boolean; portalUrl?: string } = {}) => ({
  portalUrl: over.portalUrl ?? '/logon',
  ticketRequired: over.templateLoginEnabled === false,
  templateLoginEnabled: over.templateLoginEnabled ?? true,
  accessTokenTtlSeconds: 900,
});

const operator = sessionUser({ userId: 'demo-admin', userName: 'admin', name: '系统管理员', roles: ['admin'] });

/** The server of a sign-in: the password `s3cret!` is the right one for `admin`. */
const signInServer = (over: ApiHandlers = {}): ApiHandlers => ({
  [SESSION_PATHS.publicConfig]: () => config(),
  [SESSION_PATHS.login]: ({ body }) =>
    body.username === 'admin' && body.password === 's3cret!'
      ? { token: 'operator-token', refreshToken: 'by-cookie' }
      : refuse(40100, '用户名或密码错误'),
  [SESSION_PATHS.userInfo]: () => ({ roles: operator.roles, name: operator.name, avatar: '', introduction: '' }),
  [SESSION_PATHS.session]: () => operator,
  [WORKBENCH_PATH]: () => workbench(),
  ...over,
});

async function submit(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  const name = await screen.findByLabelText('用户名');
  if (username) await user.type(name, username);
  if (password) await user.type(screen.getByLabelText('密码'), password);
  await user.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('operator login page', () => {
  it('shows the form when the template login is on', async () => {
    mockApi({ [SESSION_PATHS.publicConfig]: () => config() });
    renderApp('/login');
    expect(await screen.findByLabelText('密码')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '运维人员登录' })).toBeInTheDocument();
    expect(screen.queryByText('模板登录已关闭')).not.toBeInTheDocument();
  });

  it('says the sign-in is off and links to the portal entry instead of a form when the server has it off', async () => {
    mockApi({ [SESSION_PATHS.publicConfig]: () => config({ templateLoginEnabled: false }) });
    renderApp('/login');
    expect(await screen.findByText('模板登录已关闭')).toBeInTheDocument();
    expect(screen.getByText(/只能从企业门户进入/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '从门户进入' })).toHaveAttribute('href', '/logon');
    expect(screen.queryByLabelText('密码')).not.toBeInTheDocument();
  });

  it('asks for both fields before anything is sent', async () => {
    const api = mockApi(signInServer());
    const user = userEvent.setup();
    renderApp('/login');
    await submit(user, '', '');
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(api.bodiesSentTo(SESSION_PATHS.login)).toEqual([]);
  });

  it('shows the server’s refusal of a wrong password and stays signed out', async () => {
    const api = mockApi(signInServer());
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await submit(user, 'admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('用户名或密码错误');
    expect(api.bodiesSentTo(SESSION_PATHS.login)).toEqual([{ username: 'admin', password: 'wrong' }]);
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
    expect(readSessionUser()).toBeNull();
  });

  it('signs in with what was typed, confirms the roles and the session, and opens the workbench', async () => {
    const api = mockApi(signInServer());
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await submit(user, 'admin', 's3cret!');
    expect(await screen.findByRole('heading', { name: /系统管理员/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(api.bodiesSentTo(SESSION_PATHS.login)).toEqual([{ username: 'admin', password: 's3cret!' }]);
    // The user info and the session are asked with the new token.
    expect(api.callsTo(SESSION_PATHS.userInfo)[0]!.headers.token).toBe('operator-token');
    expect(readSessionUser()?.userId).toBe('demo-admin');
  });

  it('refuses a user whose info carries no roles, with the template’s message, and keeps no session', async () => {
    mockApi(signInServer({ [SESSION_PATHS.userInfo]: () => ({ roles: [], name: '系统管理员', avatar: '', introduction: '' }) }));
    const user = userEvent.setup();
    const { router } = renderApp('/login');
    await submit(user, 'admin', 's3cret!');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.rolesMissing);
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeUndefined();
    expect(readSessionUser()).toBeNull();
  });
});

describe('portal entry page (/logon)', () => {
  it('sends business users to the configured portal and offers the operator sign-in', async () => {
    mockApi({ [SESSION_PATHS.publicConfig]: () => config({ portalUrl: 'https://portal.example/entry' }) });
    const user = userEvent.setup();
    const { router } = renderApp('/logon');
    expect(await screen.findByText('请从门户进入')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '前往门户' })).toHaveAttribute('href', 'https://portal.example/entry');
    expect(screen.getByText('门户地址：https://portal.example/entry')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: '运维人员登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText('用户名')).toBeInTheDocument();
  });

  it('says no portal is configured when the portal address is this page', async () => {
    mockApi({ [SESSION_PATHS.publicConfig]: () => config({ portalUrl: '/logon' }) });
    renderApp('/logon');
    expect(await screen.findByText('尚未配置门户地址，请联系管理员。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '前往门户' })).not.toBeInTheDocument();
  });
});
