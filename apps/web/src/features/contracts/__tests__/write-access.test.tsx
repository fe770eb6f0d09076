// Issue 8 point 1, web side: list and detail screens offer the write buttons (新增, 编辑) only to holders of the
// area's write permission in the contract's table, the same table the server guards its routes with.
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_PATHS, type ContractRow } from '@tfb/contract';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { signIn } from '../../../test/sign-in';
import { ContractListPage } from '../components/contract-list-page';

const draft: ContractRow = {
  id: 7,
  code: 'XSHT-2026-0007',
  contractRelevanceCode: 'P-7',
  contractType: 'MLZZHFWPT_CONTRACT_XSHT',
  contractName: '热轧卷板销售合同',
  enterpriseName: '北方能源供应链有限公司',
  money: 1000,
  signDate: null,
  status: 'draft',
  createTime: '2026-01-01 00:00:00',
  updateTime: '2026-01-01 00:00:00',
  version: 1,
};


function renderList() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/contracts/sales']}>
        <ContractListPage kind="sales" />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Buttons by their visible label, spaces ignored (antd spaces out two-character Chinese labels). */
const buttonsLabelled = (label: RegExp) =>
  Array.from(document.querySelectorAll('button')).filter((b) => label.test((b.textContent ?? '').replace(/\s/g, '')));

describe('write buttons follow the permission table', () => {
  beforeEach(() => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      const data = url.pathname === BUSINESS_PATHS.contracts ? { content: [draft], totalElements: 1, pageNumber: 0, pageSize: 10 } : null;
      return new Response(JSON.stringify({ code: 0, message: '成功', data }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it('a staff user (contracts write) sees 新增 and 编辑 on a draft', async () => {
    signIn({ roles: ['staff'] });
    renderList();
    await screen.findByText('XSHT-2026-0007');
    expect(buttonsLabelled(/^新增/)).toHaveLength(1);
    expect(buttonsLabelled(/^编辑$/)).toHaveLength(1);
    expect(buttonsLabelled(/^查看$/)).toHaveLength(1);
  });

  it('an approver without contracts write sees the list and 查看, but no 新增 and no 编辑', async () => {
    signIn({ roles: ['approver'] });
    renderList();
    await screen.findByText('XSHT-2026-0007');
    expect(buttonsLabelled(/^查看$/)).toHaveLength(1);
    expect(buttonsLabelled(/^新增/)).toHaveLength(0);
    expect(buttonsLabelled(/^编辑$/)).toHaveLength(0);
  });
});
