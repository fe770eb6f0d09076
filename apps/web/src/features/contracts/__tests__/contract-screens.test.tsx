// The contract screens of one type, through their addresses: the list asks for the type's contracts with the
// filters typed (as the contract's query schema takes them), the form refuses what the contract refuses with its
// message and saves exactly what was typed, the detail shows the record, and a record past draft is read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_MESSAGES, BUSINESS_PATHS, SaveContractBodySchema, type ContractDetail } from '@tfb/contract';
import { contractDetail, contractRow, page } from '../../../test/fixtures';
import { contractRefusal, mockApi } from '../../../test/mock-api';
import { fill, rowOf, searchListUntilGone, setupUser } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { openScreen } from '../../../test/screen';
import { signIn } from '../../../test/sign-in';

const PURCHASE = 'MLZZHFWPT_CONTACTTYPE_CGHT';

describe('contract list', () => {
  it('asks for the type’s contracts, page by page, with the keyword and status chosen', async () => {
    const rows = [
      contractRow({ id: 1, code: 'CGHT-20261101-00001', contractName: '螺纹钢采购', status: 'submitted' }),
      contractRow({ id: 2, code: 'CGHT-20261101-00002', contractName: '热轧卷板采购', enterpriseName: '宝山钢铁股份有限公司' }),
    ];
    const { api, user } = openScreen('/contracts/purchase', {
      [BUSINESS_PATHS.contracts]: ({ query }) => {
        const hits = rows.filter(
          (r) => (!query.search || r.contractName.includes(query.search)) && (!query.status || r.status === query.status),
        );
        // 25 contracts in all: the list pages them.
        return { ...page(hits, {}, query.pageNumber, query.pageSize), totalElements: query.search ? hits.length : 25 };
      },
    });

    expect(await screen.findByText('CGHT-20261101-00002')).toBeInTheDocument();
    expect(within(rowOf('CGHT-20261101-00002')).getByText('宝山钢铁股份有限公司')).toBeInTheDocument();
    expect(within(rowOf('CGHT-20261101-00001')).getByText('已提交')).toBeInTheDocument();
    expect(api.lastQuery(BUSINESS_PATHS.contracts)).toEqual({ contractType: PURCHASE, pageNumber: '0', pageSize: '10' });

    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(api.lastQuery(BUSINESS_PATHS.contracts)).toMatchObject({ pageNumber: '1' }));

    await searchListUntilGone(user, { keyword: '螺纹钢', 状态: '已提交' }, 'CGHT-20261101-00002');
    expect(screen.getByText('CGHT-20261101-00001')).toBeInTheDocument();
    // A new search starts from the first page.
    expect(api.lastQuery(BUSINESS_PATHS.contracts)).toEqual({
      contractType: PURCHASE,
      pageNumber: '0',
      pageSize: '10',
      search: '螺纹钢',
      status: 'submitted',
    });
  });
});

describe('contract form', () => {
  it('refuses a blank counterparty and a zero amount with the contract’s messages, then saves exactly what was typed', async () => {
    signIn();
    let saved: ContractDetail | undefined;
    const api = mockApi({
      [BUSINESS_PATHS.contracts]: {
        POST: ({ body }) => {
          saved = contractDetail({
            id: 77,
            code: 'CGHT-20261121-00077',
            contractName: body.contractName,
            contractRelevanceCode: body.contractRelevanceCode,
            enterpriseName: body.enterpriseName,
            money: body.money,
          });
          return saved;
        },
      },
      [BUSINESS_PATHS.contract]: () => saved!,
    });
    const user = setupUser();
    const { router } = renderRoute('/contracts/purchase/add');

    await user.click(await screen.findByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(contractRefusal(SaveContractBodySchema.shape.enterpriseName, ''))).toBeInTheDocument();

    await fill(user, screen.getByLabelText('合同名称'), '2026 年螺纹钢采购');
    await fill(user, screen.getByLabelText('纸质合同号'), 'ZZ-2026-001');
    await fill(user, screen.getByLabelText('供应商（卖方）'), '江苏沙钢集团');
    const money = screen.getByLabelText('合同金额');
    await fill(user, money, '0');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(contractRefusal(SaveContractBodySchema.shape.money, 0))).toBeInTheDocument();
    expect(api.bodiesSentTo(BUSINESS_PATHS.contracts)).toEqual([]);

    await fill(user, money, '12500.5');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.contracts)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.contracts)[0]).toEqual({
      contractType: PURCHASE,
      contractName: '2026 年螺纹钢采购',
      contractRelevanceCode: 'ZZ-2026-001',
      enterpriseName: '江苏沙钢集团',
      money: 12500.5,
      signType: 0,
      signDate: null,
      projectId: null,
      salesOrderId: null,
      purchaseOrderId: null,
      deliveryAddressId: null,
      status: 'draft',
      goods: [],
      documents: [],
    });

    // Saved, the new contract's detail opens.
    expect(await screen.findByRole('heading', { name: '采购合同详情 CGHT-20261121-00077' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?id=77');
    expect(screen.getByText('2026 年螺纹钢采购')).toBeInTheDocument();
  });
});

describe('contract detail and the edit gate', () => {
  it('shows a draft with 编辑, whose form opens on the record and saves it with the version read', async () => {
    const draft = contractDetail({ id: 9, contractRelevanceCode: 'ZZ-9', money: 2_500_000, signDate: '2026-11-05', version: 3 });
    const { api, user } = openScreen('/contracts/purchase/detail?id=9', {
      [BUSINESS_PATHS.contract]: { GET: () => draft, PUT: ({ body }) => ({ ...draft, contractName: body.contractName, version: 4 }) },
    });

    expect(await screen.findByRole('heading', { name: '采购合同详情 CGHT-20261101-00009' })).toBeInTheDocument();
    expect(screen.getByText('螺纹钢采购')).toBeInTheDocument();
    expect(screen.getByText('江苏沙钢集团')).toBeInTheDocument();
    expect(screen.getByText('2,500,000.00 元')).toBeInTheDocument();
    expect(screen.getByText('2026-11-05')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /编\s*辑/ }));
    const name = await screen.findByLabelText('合同名称');
    expect(name).toHaveValue('螺纹钢采购');
    expect(screen.getByLabelText('纸质合同号')).toHaveValue('ZZ-9');
    await fill(user, name, '螺纹钢采购（二期）');
    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.contract)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.contract)[0]).toMatchObject({
      contractName: '螺纹钢采购（二期）',
      contractRelevanceCode: 'ZZ-9',
      money: 2_500_000,
      signDate: '2026-11-05',
      status: 'draft',
      version: 3,
    });
  });

  it('keeps a submitted contract read-only: no 编辑 on its detail, and its edit address says why and leads back', async () => {
    signIn();
    mockApi({ [BUSINESS_PATHS.contract]: () => contractDetail({ id: 9, status: 'submitted' }) });
    const user = setupUser();
    const { router } = renderRoute('/contracts/purchase/edit?id=9');

    expect(await screen.findByText(BUSINESS_MESSAGES.notEditable)).toBeInTheDocument();
    expect(screen.queryByLabelText('合同名称')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '查看详情' }));
    expect(await screen.findByRole('heading', { name: '采购合同详情 CGHT-20261101-00009' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contracts/purchase/detail');
    expect(screen.getByText('已提交')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });
});
