// Sales and purchase orders through their addresses: each list asks its own call with the filters typed, the
// form refuses what the contract refuses and saves exactly what was typed (goods lines included), the detail shows
// the order, and an order past draft is read-only.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUSINESS_PATHS, SaveSalesOrderBodySchema, type SalesOrderDetail } from '@tfb/contract';
import {
  deliveryAddress,
  goodsLine,
  page,
  purchaseOrderDetail,
  purchaseOrderRow,
  salesOrderDetail,
  salesOrderRow,
} from '../../../test/fixtures';
import { contractRefusal } from '../../../test/mock-api';
import { fill, rowOf, searchListUntilGone } from '../../../test/queries';
import { openLockedEdit, openScreen } from '../../../test/screen';

describe('order lists', () => {
  it('lists purchase orders with their supplier, payment order and cycle, and searches them by keyword and status', async () => {
    const { api, user } = openScreen('/orders/purchase', {
      [BUSINESS_PATHS.purchaseOrders]: ({ query }) =>
        page(
          [
            purchaseOrderRow(),
            purchaseOrderRow({ id: 32, purchaseOrderCode: 'CGDD-20261101-00032', supplierName: '宝山钢铁股份有限公司', isPrecondition: 1 }),
          ].filter((o) => !query.search || o.supplierName.includes(query.search)),
        ),
    });

    const first = rowOf(await screen.findByText('CGDD-20261101-00031'));
    expect(within(first).getByText('江苏沙钢集团')).toBeInTheDocument();
    expect(within(first).getByText('先款后货')).toBeInTheDocument();
    expect(within(first).getByText('45 天')).toBeInTheDocument();
    expect(within(first).getByText('84,000.00')).toBeInTheDocument();
    expect(within(rowOf('CGDD-20261101-00032')).getByText('先货后款')).toBeInTheDocument();

    await searchListUntilGone(user, { keyword: '宝山', 状态: '草稿' }, 'CGDD-20261101-00031');
    expect(api.lastQuery(BUSINESS_PATHS.purchaseOrders)).toEqual({ pageNumber: '0', pageSize: '10', search: '宝山', status: 'draft' });
    expect(api.callsTo(BUSINESS_PATHS.salesOrders)).toHaveLength(0);
  });

  it('lists sales orders from their own call, with the buyer and the financing need', async () => {
    const { api } = openScreen('/orders/sale', { [BUSINESS_PATHS.salesOrders]: () => page([salesOrderRow()]) });
    const row = rowOf(await screen.findByText('XSDD-20261101-00021'));
    expect(within(row).getByText('北方能源供应链有限公司')).toBeInTheDocument();
    expect(within(row).getByText('需要')).toBeInTheDocument();
    expect(api.lastQuery(BUSINESS_PATHS.salesOrders)).toEqual({ pageNumber: '0', pageSize: '10' });
  });
});

describe('sales order form', () => {
  it('refuses a blank buyer with the contract’s message, then saves the typed order with its goods line', async () => {
    let saved: SalesOrderDetail | undefined;
    const { api, user } = openScreen('/orders/sale/add', {
      [BUSINESS_PATHS.salesOrders]: {
        POST: ({ body }) => {
          saved = salesOrderDetail({
            id: 22,
            orderCode: 'XSDD-20261121-00022',
            enterpriseName: body.enterpriseName,
            moneyDemand: body.moneyDemand,
            salesDate: body.salesDate,
            money: body.money,
            goods: body.goods.map((g, i) => goodsLine({ ...g, id: i + 1 })),
          });
          return saved;
        },
      },
      [BUSINESS_PATHS.salesOrder]: () => saved!,
    });

    await user.click(await screen.findByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(contractRefusal(SaveSalesOrderBodySchema.shape.enterpriseName, ''))).toBeInTheDocument();
    expect(screen.getByText('请输入销售周期')).toBeInTheDocument();

    await fill(user, screen.getByLabelText('买方企业'), '北方能源供应链有限公司');
    await user.click(screen.getByRole('radio', { name: '需要' }));
    await fill(user, screen.getByLabelText('销售周期'), '30');
    await user.click(screen.getByRole('button', { name: /手工添加/ }));
    await fill(user, screen.getByRole('textbox', { name: '货品名称' }), '热轧卷板');
    await fill(user, screen.getByRole('spinbutton', { name: '数量' }), '10');
    await fill(user, screen.getByRole('spinbutton', { name: '单价（元）' }), '4200');
    await user.click(screen.getByRole('button', { name: '按货品合计填入' }));
    // (The amount's label names no control: it is found by what it shows.)
    expect(screen.getByDisplayValue('42000.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(api.bodiesSentTo(BUSINESS_PATHS.salesOrders)).toHaveLength(1));
    expect(api.bodiesSentTo(BUSINESS_PATHS.salesOrders)[0]).toEqual({
      enterpriseName: '北方能源供应链有限公司',
      moneyDemand: 1,
      salesDate: 30,
      money: 42000,
      deliveryAddressId: null,
      status: 'draft',
      goods: [{ goodsId: null, goodsName: '热轧卷板', specificationModels: '', unit: '', quantity: 10, price: 4200 }],
    });
    expect(await screen.findByRole('heading', { name: '销售订单 XSDD-20261121-00022' })).toBeInTheDocument();
  });
});

describe('order detail and the edit gate', () => {
  it('shows a purchase order with its address and goods, and a submitted one only to read', async () => {
    const order = purchaseOrderDetail({
      status: 'submitted',
      isPrecondition: 1,
      deliveryAddressId: 1,
      deliveryAddress: deliveryAddress(),
      goods: [goodsLine({ goodsName: '冷轧板', quantity: 20, price: 4200 })],
    });
    const { router } = await openLockedEdit(
      '/orders/purchase/edit?id=31',
      { [BUSINESS_PATHS.purchaseOrder]: () => order },
      '采购订单 CGDD-20261101-00031',
    );
    expect(router.state.location.pathname).toBe('/orders/purchase/detail');
    expect(screen.getByText('先货后款')).toBeInTheDocument();
    expect(screen.getByText('84,000.00 元')).toBeInTheDocument();
    expect(screen.getByText('甲联系人')).toBeInTheDocument();
    expect(within(rowOf('冷轧板')).getByText('84,000.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).not.toBeInTheDocument();
  });
});
