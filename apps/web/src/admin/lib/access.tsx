// Who is signed in, and what their role lets them use (packages/domain/src/staff.ts, the rule the
// server checks on every call). The layout reads GET /auth/me once and provides it; pages, links and
// buttons ask `useCan`. Hiding is for the user's sake: the server refuses anyway.
import { createContext, useContext, type ReactNode } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { can, type Identity, type Permission } from '@shop/domain/staff';
import { paths } from '../../lib/paths.ts';
import { ADMIN_KEY, adminRequest } from './admin-request.ts';

export async function getMe(): Promise<Identity> {
  return (await adminRequest<Identity>('/auth/me')).data;
}

export const meQueryOptions = () => queryOptions({ queryKey: [ADMIN_KEY, 'me'], queryFn: getMe, staleTime: 60_000 });

export function useMe(enabled = true) {
  return useQuery({ ...meQueryOptions(), enabled });
}

const AccessContext = createContext<Identity | null>(null);

export function AccessProvider({ identity, children }: { identity: Identity; children: ReactNode }) {
  return <AccessContext.Provider value={identity}>{children}</AccessContext.Provider>;
}

/** The signed-in user (inside the admin layout). */
export function useIdentity(): Identity {
  const identity = useContext(AccessContext);
  if (!identity) throw new Error('useIdentity outside the admin layout');
  return identity;
}

export function useCan(permission: Permission): boolean {
  return can(useIdentity().role, permission);
}

/** The back office's pages and what each needs; the nav, the routes and the refusals read it. */
export const ADMIN_PAGE_ACCESS = {
  dashboard: 'revenue',
  confirm: 'desk',
  products: 'catalog',
  orders: 'orders',
  ratings: 'reviews',
  productTypes: 'catalog',
  customOrderTypes: 'catalog',
  coupons: 'coupons',
  shippingPrices: 'shippingFees',
  team: 'revenue',
  // The settings page holds the blacklist, which a manager keeps; its other sections are the owner's.
  settings: 'blacklist',
  users: 'users',
  slips: 'dispatch',
  // What the couriers owe and what cash on delivery earns: the figures' readers.
  reconciliation: 'revenue',
} as const satisfies Record<string, Permission>;
export type AdminPage = keyof typeof ADMIN_PAGE_ACCESS;

/** Where a role lands after signing in: the first of these pages it may open. */
export function homeOf(identity: Identity): string {
  if (can(identity.role, 'revenue')) return paths.admin.dashboard;
  if (can(identity.role, 'desk')) return paths.admin.confirm;
  return `${paths.admin.orders}?status=approved`;
}
