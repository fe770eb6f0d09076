// Spec section 6, Warehouse actions: in the first list and its goods dialog only the warehouse-operator
// organisation (by personal organisation id) sees print / create-in-storage-order / create-delivery-order; in the
// second list everyone does, and that list asks for the caller's own warehouse and enterprise (and supervisor).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DELIVERY_DATA_SOURCE_APPLY, WAREHOUSE_OPERATOR_ORG_ID, WAREHOUSE_PATHS } from '@tfb/contract';
import { instructionRow, noticeDetail, noticeRow, page } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { buttonsLabelled, closeDialog, findDialog, tabLabelled } from '../../../test/queries';
import { renderRoute } from '../../../test/render';
import { signIn } from '../../../test/sign-in';

/** The regulated-warehouse list (first list) and the warehouse work list (second list), by their addresses. */
const FIRST_LIST = '/warehouse/regulated';
const SECOND_LIST = '/warehouse/external';

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

/** Who signs in: an operator-organisation member with the given roles, or a supervisor. */
const OPERATOR = (roles: string[]) => ({ userId: 'demo-warehouse-operator', orgId: WAREHOUSE_OPERATOR_ORG_ID, roles });
const SUPERVISOR = { userId: 'demo-supervisor', orgId: 'org-a-supervision', isSupervisor: true, roles: ['supervisor'] };

/** The first list opened by `who`, with the server saying whether the caller may operate; once its first notice shows. */
async function openFirstList(who: Parameters<typeof signIn>[0], canOperate: boolean) {
  signIn(who);
  const api = firstListApi(canOperate);
  const rendered = renderRoute(FIRST_LIST);
  await screen.findByText('RKTZ-2026-0001');
  return { api, rendered };
}

describe('first list: actions only for the warehouse-operator organisation', () => {
  it('the operator sees print and create-in-storage-order on every notice and in the goods dialog, and create-delivery-order on instructions', async () => {
    await openFirstList(OPERATOR(['warehouse_operator']), true);
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
    await openFirstList({ orgId: 'org-a-trade' }, false);
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
    const { rendered: first } = await openFirstList(OPERATOR(['warehouse_operator']), false);
    expect(screen.getByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。')).toBeInTheDocument();
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(0);
    first.unmount();

    await openFirstList(SUPERVISOR, true);
    expect(buttonsLabelled(PRINT)).toHaveLength(2);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(2);
    expect(screen.queryByText('打印、创建入库单和创建出库单仅对仓储运营机构开放。')).not.toBeInTheDocument();
  });
});

describe('the permission table: print and create-order need warehouse write', () => {
  it('a member of the operator organisation whose roles lack warehouse write sees no actions', async () => {
    await openFirstList(OPERATOR(['staff']), true);
    expect(buttonsLabelled(PRINT)).toHaveLength(0);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(0);
    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    expect(buttonsLabelled(CREATE_OUT)).toHaveLength(0);
  });
});

describe('second list: actions for everyone, rows of the caller’s own warehouse', () => {
  it('shows the actions to a supervisor and asks for their warehouse, enterprise, supervisor id and the application label', async () => {
    signIn(SUPERVISOR);
    const api = mockApi({
      [WAREHOUSE_PATHS.permissions]: () => ({
        operator: { canOperate: false },
        warehouse: { canOperate: true, warehouseId: 1, warehouseName: '上海宝山监管仓', superviseId: 'demo-supervisor' },
      }),
      [WAREHOUSE_PATHS.inStoragePage]: () => page([noticeRow(1, 2)], { scope: 'warehouse', canOperate: true }),
      [WAREHOUSE_PATHS.deliveryPage]: () => page([instructionRow(3, 2)], { scope: 'warehouse', canOperate: true }),
    });
    renderRoute(SECOND_LIST);

    await screen.findByText('RKTZ-2026-0001');
    expect(buttonsLabelled(PRINT)).toHaveLength(1);
    expect(buttonsLabelled(CREATE_IN)).toHaveLength(1);
    expect(api.callsTo(WAREHOUSE_PATHS.inStoragePage)[0]!.query).toMatchObject({
      warehouseId: '1',
      enterpriseId: 'ent-a',
      isCreate: '0',
      pageNumber: '0',
      pageSize: '10',
    });

    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    expect(buttonsLabelled(CREATE_OUT)).toHaveLength(1);
    expect(api.callsTo(WAREHOUSE_PATHS.deliveryPage)[0]!.query).toMatchObject({
      warehouseId: '1',
      enterpriseId: 'ent-a',
      superviseId: 'demo-supervisor',
      dataSources: DELIVERY_DATA_SOURCE_APPLY,
      isCreate: '0',
    });
  });

  it('switching tabs resets the search and paging and reloads the list', async () => {
    const { api } = await openFirstList(OPERATOR(['warehouse_operator']), true);
    const noticeLists = () => api.callsTo(WAREHOUSE_PATHS.inStoragePage);

    fireEvent.change(screen.getByLabelText('关键字'), { target: { value: 'RKTZ' } });
    fireEvent.click(buttonsLabelled('查询')[0]!);
    await waitFor(() => expect(noticeLists().some((c) => c.query.blurry === 'RKTZ')).toBe(true));

    fireEvent.click(tabLabelled('出库指令'));
    await screen.findByText('CKZL-2026-0003');
    const before = noticeLists().length;
    fireEvent.click(tabLabelled('入库通知'));
    await waitFor(() => expect(noticeLists()).toHaveLength(before + 1));
    expect(noticeLists().at(-1)!.query).not.toHaveProperty('blurry');
    expect(noticeLists().at(-1)!.query.pageNumber).toBe('0');
    expect(screen.getByLabelText('关键字')).toHaveValue('');
  });
});
