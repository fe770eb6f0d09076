// The contract and loan detail routes hand the record's latest process (processInstanceId of the detail reply) to
// the approval panel: a record in approval shows its timeline on its own detail page.
import { render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUSINESS_PATHS, PROCESS_PATHS, type ContractDetail, type LoanDetail } from '@tfb/contract';
import { createQueryClient } from '../../../lib/query-client';
import { saveSessionUser } from '../../../lib/session-store';
import { AppProviders } from '../../providers';
import { findRoute } from '../route-table';

const history = (businessType: string, businessId: number) => ({
  processInstanceId: 42,
  businessType,
  businessId,
  businessCode: 'X-1',
  status: 'running',
  currentTaskName: '业务审核',
  historyList: [
    { taskId: 1, startTime: '2026-11-01T02:00:00.000Z', endTime: '2026-11-01T02:00:00.000Z', userNameStart: '张伟', userNameNow: '张伟', taskName: '提交申请', message: '提交', comments: '请审批' },
    { taskId: 2, startTime: '2026-11-01T02:00:00.000Z', endTime: null, userNameStart: '张伟', userNameNow: '审批人', taskName: '业务审核', message: '待审批', comments: '' },
  ],
  canComplete: false,
  refusal: '只有审批人可以处理审批任务',
});

const audit = { status: 'approving', createTime: '2026-11-01T00:00:00.000Z', updateTime: '2026-11-01T00:00:00.000Z', version: 2 };

const contract: ContractDetail = {
  id: 9,
  code: 'CGHT-20261101-00009',
  contractRelevanceCode: '',
  contractType: 'MLZZHFWPT_CONTACTTYPE_CGHT',
  contractName: '螺纹钢采购',
  enterpriseName: '江苏沙钢集团',
  money: 1000,
  signDate: null,
  ...audit,
  signType: 0,
  projectId: null,
  projectCode: null,
  salesOrderId: null,
  salesOrderCode: null,
  purchaseOrderId: null,
  purchaseOrderCode: null,
  deliveryAddressId: null,
  deliveryAddress: null,
  goods: [],
  documents: [],
  processInstanceId: 42,
  limits: { contractAmount: 1000, loanRemaining: 1000, settlementRemaining: 1000 },
};

const loan: LoanDetail = {
  id: 11,
  applicationFormNum: 'DK-20261101-00011',
  applicantName: '华东金属贸易有限公司',
  createDate: '2026-11-01',
  contractId: null,
  contractNum: '',
  contractAmount: 0,
  corporateName: '',
  loanAmount: 500,
  ...audit,
  documents: [
    { id: 3, sourceId: 11, fileName: '发票.pdf', fileTypeId: 'MLZZHFWPT_DOCTYPE_FP', fileTypeName: '发票', filePath: '/api/businessperationService/common/file/3', endTime: null, fileQk: null },
  ],
  processInstanceId: 42,
};

async function renderRoute(path: string, search: string, reply: (url: URL) => unknown) {
  saveSessionUser({
    userId: 'demo-a-staff', userName: 'zhangwei', name: '张伟', enterpriseId: 'ent-a', enterpriseName: '华东金属贸易有限公司',
    companyId: 'com-a', orgId: 'org-a-trade', phone: '', storageAddress: null, storageAddressId: null, warehouseId: null,
    isInternal: false, isGroup: false, isSupervisor: false, roles: ['staff'], avatar: '', introduction: '', menus: [],
  });
  const calls: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url.pathname);
    return new Response(JSON.stringify({ code: 0, message: '成功', data: reply(url) }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  const Page: ComponentType = await findRoute(path)!.node.page!();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[`${path}${search}`]}>
        <Page />
      </MemoryRouter>
    </AppProviders>,
  );
  return calls;
}

const timelinePath = PROCESS_PATHS.taskHistory.replace(':processInstanceId', '42');

describe('detail pages with the approval panel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a contract in approval shows its process timeline', async () => {
    const calls = await renderRoute('/contracts/purchase/detail', '?id=9', (url) =>
      url.pathname === timelinePath ? history('contract', 9) : url.pathname === BUSINESS_PATHS.contract.replace(':id', '9') ? contract : null,
    );
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(2));
    expect(calls).toContain(timelinePath);
    expect(screen.getByText('请审批')).toBeInTheDocument();
    // Read-only while in approval: no edit button, no submit button.
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提交审批/ })).not.toBeInTheDocument();
  });

  it('a loan application shows its own documents and its process timeline', async () => {
    await renderRoute('/funds/loans/detail', '?id=11', (url) =>
      url.pathname === timelinePath ? history('loan', 11) : url.pathname === BUSINESS_PATHS.loan.replace(':id', '11') ? loan : null,
    );
    await waitFor(() => expect(screen.getAllByTestId('timeline-entry')).toHaveLength(2));
    expect(screen.getByText('发票.pdf')).toBeInTheDocument();
    expect(screen.getByText('融资资料')).toBeInTheDocument();
  });
});
