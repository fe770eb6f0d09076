// What other modules may use of the orders (the order pickers list them).
export { pagePurchaseOrders, pageSalesOrders } from './repository.js';
