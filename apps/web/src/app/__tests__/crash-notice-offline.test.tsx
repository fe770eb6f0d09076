// When the crash notice's Result cannot load (the network that failed the page fails it too), the notice still
// gives its words and its action, without the picture.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { crashNoticeWith } from '../../components/crash-notice';
import { renderWithProviders } from '../../test/render';

describe('CrashNotice without its Result', () => {
  it('keeps the title, the description and the action', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const CrashNotice = crashNoticeWith(load);
    const { container } = renderWithProviders(
      <CrashNotice
        title="页面出现异常"
        description="该页面运行时出错，错误已记录到错误日志。"
        action={<button type="button">刷新</button>}
      />,
    );
    // The refused load reaches the notice's own boundary (React reports what a boundary caught).
    await waitFor(() =>
      expect(console.error).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ message: 'Failed to fetch dynamically imported module' }),
        expect.anything(),
        expect.stringContaining('UnlessLoadFails'),
      ),
    );
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('页面出现异常')).toBeInTheDocument();
    expect(screen.getByText('该页面运行时出错，错误已记录到错误日志。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '刷新' })).toBeInTheDocument();
    expect(container.querySelector('.ant-result')).toBeNull();
  });
});
