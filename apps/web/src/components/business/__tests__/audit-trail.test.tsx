// The 变更记录 tab: asks for the record's trail (entity, id, zero-based page) and shows each entry's time, user,
// action and field changes with readable labels and coded values by their names.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_PATHS, type AuditEntry } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { DetailTabs } from '../audit-trail';

const entries: AuditEntry[] = [
  {
    id: 3,
    entity: 'contract',
    entityId: 9,
    action: 'submit',
    userId: 'demo-a-staff',
    userName: '张伟',
    createTime: '2026-11-02T03:00:00.000Z',
    diff: [{ field: 'status', from: 'draft', to: 'approving' }],
  },
  {
    id: 2,
    entity: 'contract',
    entityId: 9,
    action: 'update',
    userId: 'demo-a-staff',
    userName: '张伟',
    createTime: '2026-11-02T02:00:00.000Z',
    diff: [
      { field: 'money', from: 1000, to: 1500 },
      { field: 'signType', from: 0, to: 1 },
      { field: 'contractName', from: '', to: '螺纹钢采购' },
    ],
  },
];

describe('change history tab', () => {
  it('loads the trail when opened and shows who did what to which field', async () => {
    const urls: URL[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      urls.push(url);
      const data = url.pathname === AUDIT_PATHS.list ? { content: entries, totalElements: 2, pageNumber: 0, pageSize: 10 } : null;
      return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DetailTabs entity="contract" id={9}>
          <p>合同正文</p>
        </DetailTabs>
      </AppProviders>,
    );
    expect(screen.getByText('合同正文')).toBeInTheDocument();
    expect(urls.some((u) => u.pathname === AUDIT_PATHS.list)).toBe(false);

    await user.click(screen.getByRole('tab', { name: '变更记录' }));
    const submitted = (await screen.findByText('提交审批')).closest('tr')!;
    expect(within(submitted).getByText('张伟')).toBeInTheDocument();
    expect(submitted).toHaveTextContent('状态：草稿 → 审批中');
    const edited = screen.getByText('编辑').closest('tr')!;
    expect(edited).toHaveTextContent('金额：1000 → 1500');
    expect(edited).toHaveTextContent('签署方式：线下签署 → 线上签署');
    expect(edited).toHaveTextContent('合同名称：（空） → 螺纹钢采购');
    const asked = urls.find((u) => u.pathname === AUDIT_PATHS.list)!;
    expect(Object.fromEntries(asked.searchParams)).toEqual({ entity: 'contract', id: '9', pageNumber: '0', pageSize: '10' });
  });
});
