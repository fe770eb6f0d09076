// Spec section 6, Warehouse actions: in the first list and its goods dialog only the warehouse-operator
// organisation (by personal organisation id) sees print / create-in-storage-order / create-delivery-order; in the
// second list everyone does, and that list asks for the caller's own warehouse and enterprise (and supervisor).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELIVERY_DATA_SOURCE_APPLY, WAREHOUSE_OPERATOR_ORG_ID, WAREHOUSE_PATHS } from '@tfb/contract';
import { RegulatedWarehousePage, WarehouseWorkPage } from '../components/warehouse-list-page';
import { instructionRow, noticeDetail, noticeRow, page } from './fixtures';
import { buttonsLabelled, closeDialog, findDialog, mockApi, renderScreen, signIn, tabLabelled } from './test-utils';

const PRINT = '打印';
const CREATE_IN = '创建入库单';
const CREATE_OUT = '创建出库单';

function firstListApi(canOperate: boolean) {
  return mockApi({
    [WAREHOUSE_PATHS.inStoragePage]: () => page([noticeRow(1, 5), noticeRow(2, 1)], { scope: 'operator', canOperate }),
    [WAREHOUSE_PATHS.inStorageDetail]: () => noticeDetail(1, 5, { canOperate }),
    [WAREHOUSE_PATHS.deliveryPage]: () => page([instructionRow(3, 4)], { scope: 'operator', canOperate }),
  });
}

describe('first list: actions only for the warehouse-operator organisation', () => {
  it('the operator sees print and create-in-storage-order on every notice and in the goods dialog, and create-delivery-order on instructions', async () => {
    signIn({ userId: 'demo-warehouse-operator', orgId: WAREHOUSE_OPERATOR_ORG_ID, roles: ['warehouse_operator'] });
    firstListApi(true);
    renderScreen(<RegulatedWarehousePage />);

    await screen.findByText('RKTZ-2026-0001');
    expect(buttonsLabelled(PRINT)).toHaveLength(2);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(2);

    fireEvent.click(buttonsLabelled('查看更多货品')[0]!);
    const dialog = await findDialog();
    await waitFor(() => expect(buttonsLabelled(PRINT, dialog)).toHaveLength(1));
    expect(buttonsLabelled(CREATE_IN, dialog)).toHaveLength(1);
    closeDialog();

    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    expect(buttonsLabelled(CREATE_OUT)).toHaveLength(1);
  });

  it('anyone else sees no actions, neither in the list nor in the goods dialog', async () => {
    signIn({ orgId: 'org-a-trade' });
    firstListApi(false);
    renderScreen(<RegulatedWarehousePage />);

    await screen.findByText('RKTZ-2026-0001');
    expect(screen.getByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。')).toBeInTheDocument();
    expect(buttonsLabelled(PRINT)).toHaveLength(0);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(0);
    expect(screen.queryByText('操作', { selector: 'th' })).not.toBeInTheDocument();

    fireEvent.click(buttonsLabelled('查看更多货品')[0]!);
    const dialog = await findDialog();
    await waitFor(() => expect(within(dialog).getByText('热轧卷板-1-5')).toBeInTheDocument());
    expect(buttonsLabelled(PRINT, dialog)).toHaveLength(0);
    expect(buttonsLabelled(CREATE_IN, dialog)).toHaveLength(0);

    closeDialog();
    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    expect(buttonsLabelled(CREATE_OUT)).toHaveLength(0);
  });
});

describe('the actions follow what the server says (canOperate), not a rule of the screen’s own', () => {
  it('an operator whose list reply says no sees no actions and the hint; a writer whose reply says yes sees them', async () => {
    signIn({ userId: 'demo-warehouse-operator', orgId: WAREHOUSE_OPERATOR_ORG_ID, roles: ['warehouse_operator'] });
    firstListApi(false);
    const first = renderScreen(<RegulatedWarehousePage />);
    await screen.findByText('RKTZ-2026-0001');
    expect(screen.getByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。')).toBeInTheDocument();
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(0);
    first.unmount();

    signIn({ userId: 'demo-supervisor', orgId: 'org-a-supervision', isSupervisor: true, roles: ['supervisor'] });
    firstListApi(true);
    renderScreen(<RegulatedWarehousePage />);
    await screen.findByText('RKTZ-2026-0001');
    expect(buttonsLabelled(PRINT)).toHaveLength(2);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(2);
    expect(screen.queryByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。')).not.toBeInTheDocument();
  });
});

describe('the permission table: print and create-order need warehouse write', () => {
  it('a member of the operator organisation whose roles lack warehouse write sees no actions', async () => {
    signIn({ userId: 'demo-warehouse-operator', orgId: WAREHOUSE_OPERATOR_ORG_ID, roles: ['staff'] });
    firstListApi(true);
    renderScreen(<RegulatedWarehousePage />);

    await screen.findByText('RKTZ-2026-0001');
    expect(buttonsLabelled(PRINT)).toHaveLength(0);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(0);
    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    expect(buttonsLabelled(CREATE_OUT)).toHaveLength(0);
  });
});

describe('second list: actions for everyone, rows of the caller’s own warehouse', () => {
  it('shows the actions to a supervisor and asks for their warehouse, enterprise, supervisor id and the application label', async () => {
    signIn({ userId: 'demo-supervisor', orgId: 'org-a-supervision', isSupervisor: true, roles: ['supervisor'] });
    const calls = mockApi({
      [WAREHOUSE_PATHS.permissions]: () => ({
        operator: { canOperate: false },
        warehouse: { canOperate: true, warehouseId: 1, warehouseName: '上海宝山监管仓', superviseId: 'demo-supervisor' },
      }),
      [WAREHOUSE_PATHS.inStoragePage]: () => page([noticeRow(1, 2)], { scope: 'warehouse', canOperate: true }),
      [WAREHOUSE_PATHS.deliveryPage]: () => page([instructionRow(3, 2)], { scope: 'warehouse', canOperate: true }),
    });
    renderScreen(<WarehouseWorkPage />);

    await screen.findByText('RKTZ-2026-0001');
    expect(buttonsLabelled(PRINT)).toHaveLength(1);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(1);
    const noticeCall = calls.find((u) => u.pathname === WAREHOUSE_PATHS.inStoragePage)!;
    expect(Object.fromEntries(noticeCall.searchParams)).toMatchObject({ warehouseId: '1', enterpriseId: 'ent-a', isCreate: '0', pageNumber: '0', pageSize: '10' });

    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    expect(buttonsLabelled(CREATE_OUT)).toHaveLength(1);
    const deliveryCall = calls.find((u) => u.pathname === WAREHOUSE_PATHS.deliveryPage)!;
    expect(Object.fromEntries(deliveryCall.searchParams)).toMatchObject({
      warehouseId: '1',
      enterpriseId: 'ent-a',
      superviseId: 'demo-supervisor',
      dataSources: DELIVERY_DATA_SOURCE_APPLY,
      isCreate: '0',
    });
  });

  it('switching tabs resets the search and paging and reloads the list', async () => {
    signIn({ userId: 'demo-warehouse-operator', orgId: WAREHOUSE_OPERATOR_ORG_ID, roles: ['warehouse_operator'] });
    const calls = firstListApi(true);
    renderScreen(<RegulatedWarehousePage />);
    await screen.findByText('RKTZ-2026-0001');

    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: 'RKTZ' } });
    fireEvent.click(buttonsLabelled('查询')[0]!);
    await waitFor(() => expect(calls.some((u) => u.searchParams.get('blurry') === 'RKTZ')).toBe(true));

    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    const before = calls.filter((u) => u.pathname === WAREHOUSE_PATHS.inStoragePage).length;
    fireEvent.click(tabLabelled('入库通知'));
    await waitFor(() => expect(calls.filter((u) => u.pathname === WAREHOUSE_PATHS.inStoragePage).length).toBe(before + 1));
    const last = calls.filter((u) => u.pathname === WAREHOUSE_PATHS.inStoragePage).at(-1)!;
    expect(last.searchParams.get('blurry')).toBeNull();
    expect(last.searchParams.get('pageNumber')).toBe('0');
    expect(screen.getByLabelText('关键字')).toHaveValue('');
  });
});
