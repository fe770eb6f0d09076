// The in-storage notice form takes its contract from the in-storage contract picker and its lines from that
// contract's goods, refuses a quantity above what a line has not yet been noticed for (the server's message) before
// sending, and sends what was typed; the delivery application form takes its loan from the loan picker, shows the
// repaid share and refuses more than a line may still release.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  PICKER_API_PATHS,
  WAREHOUSE_FLOW_MESSAGES,
  WAREHOUSE_FLOW_PATHS as P,
  type DeliveryApplication,
  type EnterpriseNotice,
  type Releasable,
} from '@tfb/contract';
import { contractEntry } from '../../../test/fixtures';
import { chooseOption, fill, findDialogTitled } from '../../../test/queries';
import { openScreen } from '../../../test/screen';

const CREATED = '2026-11-20T02:00:00.000Z';
const warehouses = () => [{ id: 3, name: '上海宝山监管仓', superviseName: '陈静' }];

const notice = (over: Partial<EnterpriseNotice> = {}): EnterpriseNotice => ({
  id: 41,
  code: 'RK-20261120-00041',
  contractId: 9,
  contractCode: 'CGHT-20261101-00009',
  contractRelevanceCode: 'ZZ-2026-009',
  enterpriseName: '江苏沙钢集团',
  warehouseName: '上海宝山监管仓',
  superviseName: '陈静',
  collectionTime: '2026-12-01',
  status: 'approving',
  isCreate: 0,
  processInstanceId: null,
  remark: '',
  createUserName: '张伟',
  createTime: CREATED,
  inStorageNoticeGoods: [],
  ...over,
});

describe('in-storage notice form', () => {
  it('takes the contract from the in-storage contract picker, refuses more than a line has left, and sends the lines typed', async () => {
    const { api, user, router } = openScreen('/warehouse/notices/add', {
      [PICKER_API_PATHS.inStorageContracts]: ({ query }) => ({
        content: [contractEntry()],
        totalElements: 1,
        pageNumber: query.pageNumber,
        pageSize: 100,
      }),
      [P.warehouses]: warehouses,
      [P.contractGoods]: () => ({
        contractId: 9,
        code: 'CGHT-20261101-00009',
        contractRelevanceCode: 'ZZ-2026-009',
        enterpriseName: '江苏沙钢集团',
        goods: [
          {
            contractGoodsId: 90,
            goodsName: '热轧卷板',
            specificationModels: 'Q235B',
            unit: '吨',
            quantity: 100,
            noticed: 60,
            remaining: 40,
          },
          { contractGoodsId: 91, goodsName: '冷轧薄板', specificationModels: 'SPCC', unit: '吨', quantity: 20, noticed: 0, remaining: 20 },
        ],
      }),
      [P.noticeCreate]: ({ body }) => notice({ collectionTime: body.collectionTime }),
      [P.noticeDetail]: () => notice(),
    });

    await user.click(await screen.findByRole('button', { name: /提交审批/ }));
    expect(await screen.findByText(WAREHOUSE_FLOW_MESSAGES.contractRequired)).toBeInTheDocument();
    expect(screen.getByText(WAREHOUSE_FLOW_MESSAGES.warehouseRequired)).toBeInTheDocument();
    expect(screen.getByText(WAREHOUSE_FLOW_MESSAGES.collectionTimeRequired)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /选\s*择/ }));
    const picker = await findDialogTitled('选择入库合同');
    await user.click(await within(picker).findByText('CGHT-20261101-00009'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('剩余 40 / 共 100 吨')).toBeInTheDocument();
    // The spec's call: the whole list at once, for the caller's enterprise.
    expect(api.lastQuery(PICKER_API_PATHS.inStorageContracts)).toMatchObject({ pageNumber: '0', pageSize: '1000000000' });

    await chooseOption(user, '仓库', '上海宝山监管仓（监管员：陈静）');
    await user.type(screen.getByLabelText('计划入库日期'), '2026-12-01{Enter}');
    const quantity = screen.getByRole('spinbutton', { name: '热轧卷板 数量' });
    await fill(user, quantity, '40.5');
    const message = WAREHOUSE_FLOW_MESSAGES.noticeExceedsContract('热轧卷板', 100, 40);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /提交审批/ }));
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(1));
    expect(api.bodiesSentTo(P.noticeCreate)).toHaveLength(0);

    await fill(user, quantity, '40');
    await fill(user, screen.getByRole('spinbutton', { name: '热轧卷板 重量' }), '40.2');
    await user.click(screen.getByRole('button', { name: /提交审批/ }));
    await waitFor(() => expect(api.bodiesSentTo(P.noticeCreate)).toHaveLength(1));
    expect(api.bodiesSentTo(P.noticeCreate)[0]).toEqual({
      contractId: 9,
      warehouseId: 3,
      collectionTime: '2026-12-01',
      remark: '',
      goods: [{ contractGoodsId: 90, weight: 40, storageNumber: 40.2, reelNumber: '' }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/warehouse/notices/detail'));
  });
});

const releasable = (over: Partial<Releasable> = {}): Releasable => ({
  loanId: 11,
  applicationFormNum: 'DK-20261101-00011',
  loanStatus: 'approved',
  contractId: 9,
  contractCode: 'CGHT-20261101-00009',
  contractRelevanceCode: 'ZZ-2026-009',
  enterpriseName: '江苏沙钢集团',
  approvedAmount: 1_000_000,
  repaidAmount: 400_000,
  repaidRatio: 0.4,
  goods: [
    {
      contractGoodsId: 90,
      goodsName: '热轧卷板',
      specificationModels: 'Q235B',
      unit: '吨',
      pledged: 100,
      releasable: 40,
      released: 25,
      remaining: 15,
    },
  ],
  ...over,
});

const application = (over: Partial<DeliveryApplication> = {}): DeliveryApplication => ({
  id: 5,
  code: 'THSQ-20261120-00005',
  loanId: 11,
  applicationFormNum: 'DK-20261101-00011',
  contractId: 9,
  contractCode: 'CGHT-20261101-00009',
  contractRelevanceCode: 'ZZ-2026-009',
  enterpriseName: '江苏沙钢集团',
  warehouseName: '上海宝山监管仓',
  superviseName: '陈静',
  planDeliveryTime: '2026-12-05',
  status: 'approving',
  processInstanceId: null,
  instructionId: null,
  instructionCode: null,
  remark: '',
  createUserName: '张伟',
  createTime: CREATED,
  deliveryApplyGoods: [],
  ...over,
});

const loanRow = {
  id: 11,
  applicationFormNum: 'DK-20261101-00011',
  applicantName: '张伟',
  createDate: '2026-11-01',
  contractNum: 'CGHT-20261101-00009',
  contractAmount: 1_000_000,
  corporateName: '华东金属贸易有限公司',
};

describe('delivery application form', () => {
  it('takes the loan from the loan picker, shows the repaid share and refuses more than a line may still release', async () => {
    const { api, user } = openScreen('/warehouse/delivery-applications/add', {
      [PICKER_API_PATHS.loans]: ({ query }) => ({
        content: [loanRow],
        totalElements: 1,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      }),
      [P.warehouses]: warehouses,
      [P.releasable]: () => releasable(),
      [P.applyCreate]: ({ body }) => application({ planDeliveryTime: body.planDeliveryTime }),
      [P.applyDetail]: () => application(),
    });

    await user.click(await screen.findByRole('button', { name: /选\s*择/ }));
    const picker = await findDialogTitled('选择贷款申请');
    await user.click(await within(picker).findByText('DK-20261101-00011'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('40.00%')).toBeInTheDocument();
    expect(api.lastQuery(P.releasable)).toEqual({ loanId: '11' });

    await chooseOption(user, '仓库', '上海宝山监管仓（监管员：陈静）');
    await user.type(screen.getByLabelText('计划提货日期'), '2026-12-05{Enter}');
    const n = screen.getByRole('spinbutton', { name: '热轧卷板 提货数量' });
    await fill(user, n, '15.001');
    const message = WAREHOUSE_FLOW_MESSAGES.releaseExceedsRepaid('热轧卷板', 100, 0.4, 15);
    expect(await screen.findByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /提交审批/ }));
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(1));
    expect(api.bodiesSentTo(P.applyCreate)).toHaveLength(0);

    await fill(user, n, '15');
    await user.click(screen.getByRole('button', { name: /提交审批/ }));
    await waitFor(() => expect(api.bodiesSentTo(P.applyCreate)).toHaveLength(1));
    expect(api.bodiesSentTo(P.applyCreate)[0]).toEqual({
      loanId: 11,
      warehouseId: 3,
      planDeliveryTime: '2026-12-05',
      remark: '',
      goods: [{ contractGoodsId: 90, deliveryNumber: 15, deliveryWeightNumber: 0, reelNumber: '' }],
    });
  });

  it('says so when the picked loan is not approved, and sends nothing', async () => {
    const { api, user } = openScreen('/warehouse/delivery-applications/add', {
      [PICKER_API_PATHS.loans]: ({ query }) => ({
        content: [loanRow],
        totalElements: 1,
        pageNumber: query.pageNumber,
        pageSize: query.pageSize,
      }),
      [P.warehouses]: warehouses,
      [P.releasable]: () => releasable({ loanStatus: 'draft' }),
    });
    await user.click(await screen.findByRole('button', { name: /选\s*择/ }));
    const picker = await findDialogTitled('选择贷款申请');
    await user.click(await within(picker).findByText('DK-20261101-00011'));
    await user.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(WAREHOUSE_FLOW_MESSAGES.loanNotApproved)).toBeInTheDocument();
    expect(screen.queryByRole('spinbutton', { name: '热轧卷板 提货数量' })).not.toBeInTheDocument();
    expect(api.bodiesSentTo(P.applyCreate)).toHaveLength(0);
  });
});
