// Issue 8 point 1, web side: list and detail screens offer the write buttons (新增, 编辑) only to holders of the
// area's write permission in the contract's table, the same table the server guards its routes with.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_PATHS } from '@tfb/contract';
import { contractRow, page } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { buttonsLabelled } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

const draft = contractRow({
  id: 7,
  code: 'XSHT-2026-0007',
  contractRelevanceCode: 'P-7',
  contractType: 'MLZZHFWPT_CONTACTTYPE_XSHT',
  contractName: '热轧卷板销售合同',
  enterpriseName: '北方能源供应链有限公司',
});

describe('write buttons follow the permission table', () => {
  it('a staff user (contracts write) sees 新增 and 编辑 on a draft', async () => {
    signIn({ roles: ['staff'] });
    mockApi({ [BUSINESS_PATHS.contracts]: () => page([draft]) });
    renderRoute('/contracts/sales');
    await screen.findByText('XSHT-2026-0007');
    expect(buttonsLabelled(/^新增/)).toHaveLength(1);
    expect(buttonsLabelled('编辑')).toHaveLength(1);
    expect(buttonsLabelled('查看')).toHaveLength(1);
  });

  it('an approver without contracts write sees the list and 查看, but no 新增 and no 编辑', async () => {
    signIn({ roles: ['approver'] });
    mockApi({ [BUSINESS_PATHS.contracts]: () => page([draft]) });
    renderRoute('/contracts/sales');
    await screen.findByText('XSHT-2026-0007');
    expect(buttonsLabelled('查看')).toHaveLength(1);
    expect(buttonsLabelled(/^新增/)).toHaveLength(0);
    expect(buttonsLabelled('编辑')).toHaveLength(0);
  });
});
