// A page that throws while rendering: the error boundary of the page area shows the crash notice (Ant Design's
// Result, loaded when the crash happens), the error goes to the error log, and retry renders the page again.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../components/error-boundary';
import * as errorLog from '../../lib/error-log';
import { renderWithProviders } from '../../test/render';

let broken = true;
function Page() {
  const [label] = useState('订单列表');
  if (broken) throw new Error('render failed');
  return <p>{label}</p>;
}

describe('ErrorBoundary', () => {
  it('shows the crash as a Result, logs it, and renders the page again on retry', async () => {
    const logged = vi.spyOn(errorLog, 'logError');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { container } = renderWithProviders(
      <ErrorBoundary>
        <Page />
      </ErrorBoundary>,
    );
    expect(screen.getByText('页面出现异常')).toBeInTheDocument();
    expect(screen.getByText('该页面运行时出错，错误已记录到错误日志。')).toBeInTheDocument();
    // (The Result's module loads on demand: on a cold test run its first transform takes a while.)
    await waitFor(() => expect(container.querySelector('.ant-result-error')).not.toBeNull(), { timeout: 10_000 });
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'render failed' }), 'boundary', expect.any(String));

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('订单列表')).toBeInTheDocument();
    expect(screen.queryByText('页面出现异常')).toBeNull();
  });
});
