// What other modules use of the orders (the courier desk, the exports, the staff's claims): an
// order and its lines, payments and history, its status changed by the transition table. A module
// reaches another through its service, never its repository (eslint.config.js).
export { findItemsOf, findOrder, findOrdersAfter, findOrdersIn, findPaymentsOf } from './orders.repository.ts';
export { insertEvent, updateOrder } from './desk/order-desk.repository.ts';
export { applyStatus, lockOrder, ordersChanged } from './desk/order-status.ts';
export { getOrder, listOrders, tableWilaya } from './desk/order-queries.ts';
export { assertOrderSize, placeCustomOrder, placeRegularOrder, type PlaceOptions } from './place/place.service.ts';
export type { OrderPlacing } from './place/order-placing.ts';
export { orderedSizeLabel, orderLineLabel, orderLineText } from './line-labels.ts';
export { deliveryTypeOf } from './delivery.ts';
