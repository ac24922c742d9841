// The orders list's filters live in the URL (?status=pending&wilaya=Oran…): the dashboard links
// to a filtered list, and a filtered list can be bookmarked or sent.
import { ADMIN_ORDERS_PAGE_SIZE, ADMIN_ORDERS_PAGE_SIZES } from '@shop/domain/constants';
import { CONFIRMATION_STATES, ORDER_STATUSES, ORDER_TYPES, RETURN_STATES } from '@shop/domain/order-status';
import { NO_FILTERS, type OrderSearch } from '../api/search-orders.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.includes(value as T) ? (value as T) : '';
}

const PAGE_SIZE_KEY = 'admin.ordersPageSize';

/** The page size the owner chose last on this device (SPEC's 20 until then). */
export function preferredPageSize(): number {
  try {
    const stored = Number(localStorage.getItem(PAGE_SIZE_KEY));
    return (ADMIN_ORDERS_PAGE_SIZES as readonly number[]).includes(stored) ? stored : ADMIN_ORDERS_PAGE_SIZE;
  } catch {
    return ADMIN_ORDERS_PAGE_SIZE;
  }
}

export function rememberPageSize(size: number): void {
  try {
    localStorage.setItem(PAGE_SIZE_KEY, String(size));
  } catch {
    // Private browsing without storage: the choice holds for this visit, in the URL.
  }
}

/** The search a URL asks for; unknown values are ignored. */
export function searchFromParams(params: URLSearchParams, defaultLimit = ADMIN_ORDERS_PAGE_SIZE): OrderSearch {
  const page = Number(params.get('page'));
  const limit = Number(params.get('limit'));
  const day = (key: string) => {
    const value = params.get(key) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    limit: (ADMIN_ORDERS_PAGE_SIZES as readonly number[]).includes(limit) ? limit : defaultLimit,
    q: params.get('q')?.trim() ?? '',
    type: oneOf(ORDER_TYPES, params.get('type')),
    status: oneOf(ORDER_STATUSES, params.get('status')),
    confirmation: oneOf(CONFIRMATION_STATES, params.get('confirmation')),
    wilaya: params.get('wilaya')?.trim() ?? '',
    from: day('from'),
    to: day('to'),
    attention: params.get('attention') === 'true' ? 'true' : '',
    return_state: oneOf(RETURN_STATES, params.get('return_state')),
  };
}

/** The URL of a search: only what is set, page 1 and SPEC's page size left out; `order` (an open order) kept. */
export function paramsFromSearch(search: OrderSearch, order?: number | null): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(NO_FILTERS) as (keyof typeof NO_FILTERS)[]) {
    if (search[key]) params.set(key, search[key]);
  }
  if (search.page > 1) params.set('page', String(search.page));
  if (search.limit !== ADMIN_ORDERS_PAGE_SIZE) params.set('limit', String(search.limit));
  if (order) params.set('order', String(order));
  return params;
}
