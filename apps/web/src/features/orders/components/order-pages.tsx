// The route components of the order screens, one set per kind (the route table takes components without props).
import { OrderDetailPage } from './order-detail-page';
import { OrderCreatePage, OrderEditPage } from './order-form-page';
import { OrderListPage } from './order-list-page';

export const SalesOrderListPage = () => <OrderListPage kind="sales" />;
export const SalesOrderCreatePage = () => <OrderCreatePage kind="sales" />;
export const SalesOrderEditPage = () => <OrderEditPage kind="sales" />;
export const SalesOrderDetailPage = () => <OrderDetailPage kind="sales" />;

export const PurchaseOrderListPage = () => <OrderListPage kind="purchase" />;
export const PurchaseOrderCreatePage = () => <OrderCreatePage kind="purchase" />;
export const PurchaseOrderEditPage = () => <OrderEditPage kind="purchase" />;
export const PurchaseOrderDetailPage = () => <OrderDetailPage kind="purchase" />;
