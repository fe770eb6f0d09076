// Projects through their addresses: the list asks with the side and status filters chosen, the form refuses
// blank names with the contract's messages and submits exactly what was typed (after the confirmation), the
// detail shows the project, and a submitted project is read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_PATHS, CUSTOMER_PATHS, SaveProjectBodySchema, type ProjectDetail } from '@tfb/contract';
import { customerDetail, customerRow, page, pageByType, projectRow } from '../../../test/fixtures';
import { contractRefusal, mockApi } from '../../../test/mock-api';
import { clickOption, fill, rowOf, searchListUntilGone, submitRecord } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { openLockedEdit, openScreen } from '../../../test/screen';
import { signIn } from '../../../test/sign-in';

describe('project list', () => {
  it('shows each project’s side and parties, and asks again with the side chosen', async () => {
    const rows = [
      projectRow(),
      projectRow({
        id: 42,
        projectCode: 'XM-20261101-00042',
        projectName: '北方能源销售项目',
        type: 2,
        enterpriseName: '北方能源供应链有限公司',
      }),
    ];
    const { api, user } = openScreen('/projects/list', {
      [BUSINESS_PATHS.projects]: pageByType(rows),
    });

    const purchase = rowOf(await screen.findByText('XM-20261101-00041'));
    expect(within(purchase).getByText('采购类')).toBeInTheDocument();
    expect(within(purchase).getByText('江苏沙钢集团')).toBeInTheDocument();
    expect(within(purchase).getByText('2026-11-15')).toBeInTheDocument();

    await searchListUntilGone(user, { 项目类型: '销售类' }, 'XM-20261101-00041');
    expect(within(rowOf('XM-20261101-00042')).getByText('销售类')).toBeInTheDocument();
    expect(api.lastQuery(BUSINESS_PATHS.projects)).toEqual({ pageNumber: '0', pageSize: '10', type: '2' });
  });
});

describe('project form', () => {
  it('refuses blank names with the contract’s messages, and submits what was typed once confirmed', async () => {
    let saved: ProjectDetail | undefined;
    const { api, user } = openScreen('/projects/list/add', {
      [BUSINESS_PATHS.projects]: { POST: ({ body }) => (saved = projectRow({ ...body, id: 43, projectCode: 'XM-20261121-00043' })) },
      [BUSINESS_PATHS.project]: () => saved!,
    });

    await user.click(await screen.findByRole('button', { name: /保存草稿/ }));
    const shape = SaveProjectBodySchema.shape;
    expect(await screen.findByText(contractRefusal(shape.projectName, ''))).toBeInTheDocument();
    expect(screen.getByText(contractRefusal(shape.enterpriseName, ''))).toBeInTheDocument();
    expect(screen.getByText(contractRefusal(shape.supplierName, ''))).toBeInTheDocument();

    await fill(user, screen.getByLabelText('项目名称'), '北方能源销售项目');
    await user.click(screen.getByRole('radio', { name: '销售类' }));
    await fill(user, screen.getByLabelText('买方企业'), '北方能源供应链有限公司');
    await fill(user, screen.getByLabelText('供应商'), '华东金属贸易有限公司');
    await user.type(screen.getByLabelText('生效日期'), '2026-12-01{Enter}');
    await submitRecord(user);

    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.projects)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.projects)[0]).toEqual({
      projectName: '北方能源销售项目',
      type: 2,
      enterpriseName: '北方能源供应链有限公司',
      supplierName: '华东金属贸易有限公司',
      projectTakeEffectTime: '2026-12-01',
      status: 'submitted',
    });
    expect(await screen.findByRole('heading', { name: '项目 XM-20261121-00043' })).toBeInTheDocument();
    expect(screen.getByText('已提交')).toBeInTheDocument();
  });
});

describe('counterparty fields', () => {
  it("suggest the enterprise's customers as the name is typed, and take the one chosen", async () => {
    const customers = [
      customerDetail({ id: 1, name: '北方能源供应链有限公司', creditCode: '91110000100000001X' }),
      customerDetail({ id: 2, name: '北方钢铁集团', creditCode: '911100001000000020' }),
    ];
    const { api, user } = openScreen('/projects/list/add', {
      [CUSTOMER_PATHS.list]: {
        GET: ({ query }) => page(customers.filter((c) => !query.search || c.name.includes(query.search)).map((c) => customerRow(c))),
      },
    });
    await fill(user, await screen.findByLabelText('买方企业'), '北方能源');
    await clickOption(user, '北方能源供应链有限公司');
    expect(screen.getByLabelText('买方企业')).toHaveValue('北方能源供应链有限公司');
    expect(api.callsTo(CUSTOMER_PATHS.list, 'GET').map((c) => c.query.search)).toContain('北方能源');
    expect(screen.queryByText('北方钢铁集团')).not.toBeInTheDocument();
  });
});

describe('project detail and the edit gate', () => {
  it('shows a submitted project without 编辑, and its edit address leads back to the detail', async () => {
    await openLockedEdit(
      '/projects/list/edit?id=41',
      { [BUSINESS_PATHS.project]: () => projectRow({ status: 'submitted' }) },
      '项目 XM-20261101-00041',
    );
    expect(screen.getByText('华东螺纹钢供应链项目')).toBeInTheDocument();
    expect(screen.getByText('采购类')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });

  it('shows an approver (no projects write) a draft without 编辑', async () => {
    signIn({ roles: ['approver'] });
    mockApi({ [BUSINESS_PATHS.project]: () => projectRow() });
    renderRoute('/projects/list/detail?id=41');
    expect(await screen.findByRole('heading', { name: '项目 XM-20261101-00041' })).toBeInTheDocument();
    expect(screen.getByText('草稿')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });
});
