// One shape for a sales or a purchase order row, so both kinds share the screens: the counterparty is the
// buyer (sales) or the supplier (purchase); `flag` is money_demand (sales: 1 = financing needed) or
// is_precondition (purchase: 0 = payment before goods, 1 = goods before payment); `days` is the cycle. The
// detail adds the goods lines and the delivery address. A save turns the shape back into the kind's body.
import type { z } from 'zod';
import type {
  BusinessStatus,
  DeliveryAddress,
  GoodsLine,
  GoodsLineInput,
  PurchaseOrderDetailSchema,
  PurchaseOrderRowSchema,
  SalesOrderDetailSchema,
  SalesOrderRowSchema,
  SavePurchaseOrderBody,
  SaveSalesOrderBody,
} from '@tfb/contract';
import type { OrderKind } from '../order-kinds';

export type OrderView = {
  kind: OrderKind;
  id: number;
  code: string;
  counterparty: string;
  flag: number;
  days: number;
  money: number;
  status: string;
  createTime: string;
  updateTime: string;
  /** The version an edit sends back (optimistic locking). */
  version: number;
};

export type OrderDetailView = OrderView & { goods: GoodsLine[]; deliveryAddress: DeliveryAddress | null };

type SalesRow = z.infer<typeof SalesOrderRowSchema>;
type PurchaseRow = z.infer<typeof PurchaseOrderRowSchema>;

export const fromSales = (r: SalesRow): OrderView => ({
  kind: 'sales',
  id: r.id,
  code: r.orderCode,
  counterparty: r.enterpriseName,
  flag: r.moneyDemand,
  days: r.salesDate,
  money: r.money,
  status: r.status,
  createTime: r.createTime,
  updateTime: r.updateTime,
  version: r.version,
});

export const fromPurchase = (r: PurchaseRow): OrderView => ({
  kind: 'purchase',
  id: r.id,
  code: r.purchaseOrderCode,
  counterparty: r.supplierName,
  flag: r.isPrecondition,
  days: r.purchaseDate,
  money: r.money,
  status: r.status,
  createTime: r.createTime,
  updateTime: r.updateTime,
  version: r.version,
});

export const salesDetail = (r: z.infer<typeof SalesOrderDetailSchema>): OrderDetailView => ({
  ...fromSales(r),
  goods: r.goods,
  deliveryAddress: r.deliveryAddress,
});
export const purchaseDetail = (r: z.infer<typeof PurchaseOrderDetailSchema>): OrderDetailView => ({
  ...fromPurchase(r),
  goods: r.goods,
  deliveryAddress: r.deliveryAddress,
});

/** The form's values in the shared shape. */
export type OrderInput = {
  counterparty: string;
  flag: number;
  days: number;
  money: number;
  deliveryAddressId: number | null;
  status: BusinessStatus;
  goods: GoodsLineInput[];
};

export type OrderBody = SaveSalesOrderBody | SavePurchaseOrderBody;

export function orderBody(kind: OrderKind, { counterparty, flag, days, ...rest }: OrderInput): OrderBody {
  return kind === 'sales'
    ? { enterpriseName: counterparty, moneyDemand: flag, salesDate: days, ...rest }
    : { supplierName: counterparty, isPrecondition: flag, purchaseDate: days, ...rest };
}

/** The fields of both kinds' bodies that the shared form shows under its own names (server field errors go there). */
export const ORDER_FIELD_ALIASES = {
  enterpriseName: 'counterparty',
  supplierName: 'counterparty',
  moneyDemand: 'flag',
  isPrecondition: 'flag',
  salesDate: 'days',
  purchaseDate: 'days',
  deliveryAddressId: 'deliveryAddress',
};
