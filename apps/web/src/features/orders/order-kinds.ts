// Sales and purchase orders share one set of screens; this is what differs between them.
import type { z } from 'zod';
import { SavePurchaseOrderBodySchema, SaveSalesOrderBodySchema } from '@tfb/contract';

export type OrderKind = 'sales' | 'purchase';

type OrderFormField = 'counterparty' | 'flag' | 'days' | 'money' | 'deliveryAddress';

const sales = SaveSalesOrderBodySchema.shape;
const purchase = SavePurchaseOrderBodySchema.shape;

/** The contract's field behind each control of the shared order form (labels, rules and messages come from it). */
export const ORDER_FORM_FIELDS: Record<OrderKind, Record<OrderFormField, z.ZodType>> = {
  sales: {
    counterparty: sales.enterpriseName,
    flag: sales.moneyDemand,
    days: sales.salesDate,
    money: sales.money,
    deliveryAddress: sales.deliveryAddressId,
  },
  purchase: {
    counterparty: purchase.supplierName,
    flag: purchase.isPrecondition,
    days: purchase.purchaseDate,
    money: purchase.money,
    deliveryAddress: purchase.deliveryAddressId,
  },
};
