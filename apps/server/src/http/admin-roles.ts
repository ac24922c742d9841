// Who may call each back-office route, in one table beside the admin scope (admin-guard.ts): the
// route's method and path as registered → what it does, which packages/domain/src/staff.ts maps to
// the roles allowed. The admin guard refuses any other role with 403 before the body is read. A
// route missing here is the owner's alone, and admin-roles.test.ts names it until it is declared.
import { can, forbiddenMessage, type Permission, type Role } from '@shop/domain/staff';

export const ADMIN_ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  // Signing out, and who is signed in.
  'POST /api/auth/logout': 'session',
  'GET /api/auth/me': 'session',

  // The team.
  'GET /api/users': 'users',
  'POST /api/users': 'users',
  'PUT /api/users/:id': 'users',
  'POST /api/users/:id/disable': 'users',
  'POST /api/users/:id/enable': 'users',
  'GET /api/staff/figures': 'revenue',
  'GET /api/staff/commissions': 'revenue',
  'GET /api/staff/desk': 'assign',

  // The shop's settings.
  'GET /api/settings/payment': 'settings',
  'PUT /api/settings/payment': 'settings',
  'GET /api/settings/desk': 'settings',
  'PUT /api/settings/desk': 'settings',

  // The catalogue and its prices.
  'POST /api/product': 'catalog',
  'POST /api/product/update/:id': 'catalog',
  'PUT /api/product/updateDiscount/:id': 'catalog',
  'PUT /api/product/setPrimaryImage/:productId/:imageId': 'catalog',
  'DELETE /api/product/delete/:id': 'catalog',
  'DELETE /api/product/deleteImage/:imageId': 'catalog',
  'PUT /api/product/images/:id': 'catalog',
  'POST /api/ProductType': 'catalog',
  'PUT /api/ProductType/update/:id': 'catalog',
  'DELETE /api/ProductType/delete/:id': 'catalog',
  'POST /api/CustomOrderItem/store': 'catalog',
  'PUT /api/CustomOrderItem/update/:id': 'catalog',
  'PUT /api/CustomOrderItem/toggleActive/:id': 'catalog',
  'DELETE /api/CustomOrderItem/delete/:id': 'catalog',

  'GET /api/rating/getAllRatings/:page/:limit': 'reviews',
  'POST /api/rating/remove': 'reviews',
  'POST /api/rating/approve': 'reviews',
  'GET /api/BrandRating/getBrandRatings': 'reviews',
  'POST /api/BrandRating/remove': 'reviews',
  'POST /api/BrandRating/approve': 'reviews',

  'GET /api/coupon': 'coupons',
  'POST /api/coupon': 'coupons',
  'PUT /api/coupon/toggle/:id': 'coupons',
  'PUT /api/coupon/:id': 'coupons',
  'DELETE /api/coupon/:id': 'coupons',

  // The fee table. Reading every wilaya's row (the orders list's wilaya filter) is the orders'.
  'GET /api/ShippingPrice/all': 'orders',
  'GET /api/ShippingPrice/divisions': 'shippingFees',
  'POST /api/ShippingPrice/create': 'shippingFees',
  'POST /api/ShippingPrice/update': 'shippingFees',
  'POST /api/ShippingPrice/adjust': 'shippingFees',
  'POST /api/ShippingPrice/import/yalidine': 'shippingFees',
  'POST /api/ShippingPrice/import/csv': 'shippingFees',
  'POST /api/ShippingPrice/import': 'shippingFees',
  'POST /api/ShippingPrice/commune/delete': 'shippingFees',
  'POST /api/ShippingPrice/delete': 'shippingFees',

  // Orders: reading them, the desk, the parcels.
  'GET /api/order/getAllOrders': 'orders',
  'GET /api/order/searchOrders': 'orders',
  'GET /api/order/getOrder/:id': 'orders',
  'GET /api/courier/status': 'orders',
  'GET /api/courier/stopDesks': 'orders',
  'POST /api/order/notes/:id': 'notes',

  'GET /api/order/confirmQueue': 'desk',
  'PUT /api/order/confirmation/:id': 'desk',
  'GET /api/leads': 'desk',
  'PUT /api/leads/:id/call': 'desk',
  'POST /api/leads/:id/claim': 'desk',
  'POST /api/leads/:id/release': 'desk',
  'POST /api/leads/:id/order': 'desk',
  'POST /api/leads/:id/custom-order': 'desk',
  'GET /api/leads/figures': 'revenue',
  'GET /api/leads/settings': 'settings',
  'PUT /api/leads/settings': 'settings',
  'POST /api/order/confirmation/undo/:id': 'desk',
  'PUT /api/order/edit/:id': 'desk',
  'POST /api/order/next': 'desk',
  'POST /api/order/claim/:id': 'desk',
  'POST /api/order/release/:id': 'desk',
  'PUT /api/order/assign/:id': 'assign',

  'PUT /api/order/updateOrderStatus/:id': 'statuses',
  'PUT /api/order/bulkStatus': 'statuses',
  'POST /api/order/payments/:id': 'statuses',
  'DELETE /api/order/payments/:id/:paymentId': 'statuses',
  'POST /api/order/courierChecked/:id': 'statuses',

  'GET /api/order/blacklist': 'blacklist',
  'POST /api/order/blacklist': 'blacklist',
  'DELETE /api/order/blacklist/:phone': 'blacklist',

  'POST /api/order/returnReceived/:id': 'dispatch',
  'POST /api/courier/send': 'dispatch',
  'POST /api/courier/sync': 'dispatch',
  'GET /api/courier/export/yalidine': 'dispatch',
  'GET /api/courier/slips': 'dispatch',
  'POST /api/courier/handover': 'dispatch',
  'POST /api/courier/attach': 'dispatch',
  'GET /api/courier/label/:id': 'dispatch',
  'PUT /api/courier/orders/:id/account': 'dispatch',
  'GET /api/courier/stranded': 'dispatch',

  // Courier accounts and their routing are the shop's settings; what the couriers owe, its figures.
  'GET /api/courier/accounts': 'settings',
  'POST /api/courier/accounts': 'settings',
  'PUT /api/courier/accounts/:id': 'settings',
  'POST /api/courier/accounts/:id/places': 'settings',
  'GET /api/courier/routes': 'settings',
  'PUT /api/courier/routes': 'settings',
  'GET /api/courier/settings': 'settings',
  'PUT /api/courier/settings': 'settings',
  // The ad platforms are the shop's settings; their events log, like the figures, the owner's and manager's.
  'GET /api/marketing/settings': 'settings',
  'PUT /api/marketing/settings': 'settings',
  'POST /api/marketing/test-event': 'settings',
  'GET /api/marketing/events': 'revenue',
  'GET /api/courier/reconciliation': 'revenue',
  'GET /api/courier/reconciliation/export': 'revenue',
  'POST /api/courier/statements': 'revenue',
  'GET /api/courier/cash': 'revenue',

  // Money: the dashboard's figures and the accountant's file.
  'GET /api/order/stats': 'revenue',
  'GET /api/order/export': 'exports',
};

/** The table's key of a route: its method (a HEAD is its GET's) and its path as registered. */
export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** What a route does, or undefined when the table does not say (the owner's alone). */
export function permissionOf(method: string, url: string): Permission | undefined {
  return ADMIN_ROUTE_PERMISSIONS[routeKey(method, url)];
}

/** Whether `role` may call the route; a route the table does not name is the owner's alone. */
export function allows(role: Role, method: string, url: string): boolean {
  const permission = permissionOf(method, url);
  return permission === undefined ? role === 'owner' : can(role, permission);
}

/** The 403's message of a call the role may not make. */
export function refusalFor(role: Role, method: string, url: string): string {
  const permission = permissionOf(method, url);
  return permission === undefined
    ? `Your role (${role}) cannot do this: owner only`
    : forbiddenMessage(role, permission);
}
