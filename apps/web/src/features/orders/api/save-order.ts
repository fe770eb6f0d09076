// POST/PUT salesOrders and purchaseOrders: header, delivery address and goods lines in one call (drafts only on
// update).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BUSINESS_PATHS,
  PurchaseOrderDetailSchema,
  SalesOrderDetailSchema,
  type BusinessStatus,
  type GoodsLineInput,
  type SavePurchaseOrderBody,
  type SaveSalesOrderBody,
} from '@tfb/contract';
import type { RecordRef } from '../../../components/business/stale-version';
import { api } from '../../../lib/api-client';
import type { OrderKind } from '../order-kinds';
import { orderKeys } from './keys';
import { purchaseDetail, salesDetail, type OrderDetailView } from './order-view';

/** The form's values in the shared shape; turned into the kind's body here. */
export type OrderInput = {
  counterparty: string;
  flag: number;
  days: number;
  money: number;
  deliveryAddressId: number | null;
  status: BusinessStatus;
  goods: GoodsLineInput[];
};

export type SaveOrderArgs = RecordRef & { kind: OrderKind; input: OrderInput };

export async function saveOrder(args: SaveOrderArgs): Promise<OrderDetailView> {
  const { kind, input } = args;
  const { counterparty, flag, days, money, deliveryAddressId, status, goods } = input;
  if (kind === 'sales') {
    const body: SaveSalesOrderBody = { enterpriseName: counterparty, moneyDemand: flag, salesDate: days, money, deliveryAddressId, status, goods };
    const saved =
      args.id === null
        ? await api.post(BUSINESS_PATHS.salesOrders, { body, schema: SalesOrderDetailSchema })
        : await api.put(BUSINESS_PATHS.salesOrder.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: SalesOrderDetailSchema });
    return salesDetail(saved);
  }
  const body: SavePurchaseOrderBody = { supplierName: counterparty, isPrecondition: flag, purchaseDate: days, money, deliveryAddressId, status, goods };
  const saved =
    args.id === null
      ? await api.post(BUSINESS_PATHS.purchaseOrders, { body, schema: PurchaseOrderDetailSchema })
      : await api.put(BUSINESS_PATHS.purchaseOrder.replace(':id', String(args.id)), { body: { ...body, version: args.version }, schema: PurchaseOrderDetailSchema });
  return purchaseDetail(saved);
}

export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: (saved) => {
      queryClient.setQueryData(orderKeys.detail(saved.kind, saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists(saved.kind) });
    },
  });
}
