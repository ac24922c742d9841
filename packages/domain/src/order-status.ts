export const ORDER_STATUSES = ['pending', 'approved', 'shipping', 'successful', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TYPES = ['regular', 'custom'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** Colours of the admin's status selector (SPEC §4). */
export const ORDER_STATUS_COLORS: Record<OrderStatus, 'yellow' | 'blue' | 'purple' | 'green' | 'red'> = {
  pending: 'yellow',
  approved: 'blue',
  shipping: 'purple',
  successful: 'green',
  cancelled: 'red',
};
