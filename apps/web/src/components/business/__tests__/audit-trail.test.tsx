// The 变更记录 tab: asks for the record's trail (entity, id, zero-based page) and shows each entry's time, user,
// action and field changes with readable labels and coded values by their names.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AUDIT_PATHS, type AuditEntry } from '@tfb/contract';
import { auditEntry, page } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { DetailTabs } from '../audit-trail';

const entries: AuditEntry[] = [
  auditEntry({
    id: 3,
    action: 'submit',
    createTime: '2026-11-02T03:00:00.000Z',
    diff: [{ field: 'status', from: 'draft', to: 'approving' }],
  }),
  auditEntry({
    id: 2,
    action: 'update',
    createTime: '2026-11-02T02:00:00.000Z',
    diff: [
      { field: 'money', from: 1000, to: 1500 },
      { field: 'signType', from: 0, to: 1 },
      { field: 'contractName', from: '', to: '螺纹钢采购' },
    ],
  }),
];

describe('change history tab', () => {
  it('loads the trail when opened and shows who did what to which field', async () => {
    signIn();
    const api = mockApi({ [AUDIT_PATHS.list]: () => page(entries) });
    const user = userEvent.setup();
    renderWithProviders(
      <DetailTabs entity="contract" id={9}>
        <p>合同正文</p>
      </DetailTabs>,
    );
    expect(screen.getByText('合同正文')).toBeInTheDocument();
    expect(api.callsTo(AUDIT_PATHS.list)).toHaveLength(0);

    await user.click(screen.getByRole('tab', { name: '变更记录' }));
    const submitted = (await screen.findByText('提交审批')).closest('tr')!;
    expect(within(submitted).getByText('张伟')).toBeInTheDocument();
    expect(submitted).toHaveTextContent('状态：草稿 → 审批中');
    const edited = screen.getByText('编辑').closest('tr')!;
    expect(edited).toHaveTextContent('金额：1000 → 1500');
    expect(edited).toHaveTextContent('签署方式：线下签署 → 线上签署');
    expect(edited).toHaveTextContent('合同名称：（空） → 螺纹钢采购');
    expect(api.lastQuery(AUDIT_PATHS.list)).toEqual({ entity: 'contract', id: '9', pageNumber: '0', pageSize: '10' });
  });
});
