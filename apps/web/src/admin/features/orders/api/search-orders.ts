import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfirmationState, OrderStatus, OrderType, ReturnState } from '@shop/domain/order-status';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Order, Paginated } from '../../../lib/types.ts';

export interface OrderSearch {
  page: number;
  /** Orders per page, one of ADMIN_ORDERS_PAGE_SIZES. */
  limit: number;
  /** An order number, part of a phone (spaces allowed) or of a name. */
  q: string;
  type: OrderType | '';
  status: OrderStatus | '';
  confirmation: ConfirmationState | '';
  wilaya: string;
  /** Days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** 'true': only the orders a courier said something about that their status contradicts. */
  attention: 'true' | '';
  /** Returned parcels received back, or still on their way back. */
  return_state: ReturnState | '';
}

export const NO_FILTERS: Omit<OrderSearch, 'page' | 'limit'> = {
  q: '',
  type: '',
  status: '',
  confirmation: '',
  wilaya: '',
  from: '',
  to: '',
  attention: '',
  return_state: '',
};

/** GET /order/searchOrders with the filters that are set. */
export async function searchOrders({ page, limit, ...filters }: OrderSearch): Promise<Paginated<Order>> {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return (await adminRequest<Paginated<Order>>(`/order/searchOrders?${params.toString()}`)).data;
}

export const ordersQueryOptions = (search: OrderSearch) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'orders', search],
    queryFn: () => searchOrders(search),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export function useOrders(search: OrderSearch) {
  return useQuery(ordersQueryOptions(search));
}
