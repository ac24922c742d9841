import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_KEY } from './admin-request.ts';
import { ORDER_PRODUCTS_KEY } from './order-products.ts';

/** What a change to orders makes stale: the lists, the queue, the figures, the products' stock. */
export function invalidateOrders(queryClient: QueryClient, ids: readonly number[] = []) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'orders'] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'confirm-queue'] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'stats'] }),
    queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
    queryClient.invalidateQueries({ queryKey: ORDER_PRODUCTS_KEY }),
    ...ids.map((id) => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'order', id] })),
  ]);
}
