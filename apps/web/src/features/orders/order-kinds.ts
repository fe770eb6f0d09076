// Sales and purchase orders share one set of screens; this is what differs between them.
export type OrderKind = 'sales' | 'purchase';

const SLUGS = { sales: 'sale', purchase: 'purchase' } as const satisfies Record<OrderKind, string>;

export const orderPaths = (kind: OrderKind) => {
  const list = `/orders/${SLUGS[kind]}`;
  return {
    list,
    add: `${list}/add`,
    edit: (id: number) => `${list}/edit?id=${id}`,
    detail: (id: number) => `${list}/detail?id=${id}`,
  };
};
