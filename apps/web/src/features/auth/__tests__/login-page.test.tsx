// /login: the operator form, or, when the server has the template login off (PORTAL_SECRET without
// TEMPLATE_LOGIN=1), a message that sends the user to the portal instead.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_PATHS } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { LoginPage } from '../components/login-page';

function serveConfig(templateLoginEnabled: boolean): void {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const data =
      url.pathname === SESSION_PATHS.publicConfig
        ? { portalUrl: '/logon', ticketRequired: !templateLoginEnabled, templateLoginEnabled, accessTokenTtlSeconds: 900 }
        : null;
    return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}

const renderPage = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>
    </AppProviders>,
  );

describe('operator login page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the form when the template login is on', async () => {
    serveConfig(true);
    renderPage();
    expect(await screen.findByLabelText('密码')).toBeInTheDocument();
    expect(screen.queryByText('模板登录已关闭')).not.toBeInTheDocument();
  });

  it('says the sign-in is off and links to the portal entry instead of a form when the server has it off', async () => {
    serveConfig(false);
    renderPage();
    expect(await screen.findByText('模板登录已关闭')).toBeInTheDocument();
    expect(screen.getByText(/只能从企业门户进入/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '从门户进入' })).toHaveAttribute('href', '/logon');
    expect(screen.queryByLabelText('密码')).not.toBeInTheDocument();
  });
});
