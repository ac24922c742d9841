import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { can } from '@shop/domain/staff';
import { buttonClass } from '../components/ui.tsx';
import { ADMIN_PAGE_ACCESS, homeOf, useIdentity, type AdminPage } from '../lib/access.tsx';
import { texts } from '../texts.ts';

const PAGE_NAMES: Record<AdminPage, string> = {
  dashboard: texts.nav.dashboard,
  confirm: texts.nav.confirm,
  products: texts.nav.products,
  orders: texts.nav.orders,
  ratings: texts.nav.ratings,
  productTypes: texts.nav.productTypes,
  customOrderTypes: texts.nav.customOrderTypes,
  coupons: texts.nav.coupons,
  shippingPrices: texts.nav.shippingPrices,
  reconciliation: texts.nav.reconciliation,
  team: texts.nav.team,
  settings: texts.nav.settings,
  users: texts.nav.users,
  slips: texts.nav.slips,
};

/** A page's own name, for its link and its refusal. */
export function pageName(page: AdminPage): string {
  return PAGE_NAMES[page];
}

/**
 * Shows the page when the signed-in role may use it; otherwise says so in plain words, with the
 * way to the role's own page (an address typed or kept from another account is not a broken page).
 */
export function PageGuard({ page, children }: { page: AdminPage; children: ReactNode }) {
  const identity = useIdentity();
  const allowed = can(identity.role, ADMIN_PAGE_ACCESS[page]);
  const title = texts.access.refused(identity.role, PAGE_NAMES[page]);
  useEffect(() => {
    if (!allowed) document.title = `${title} · Admin`;
  }, [allowed, title]);
  if (allowed) return children;
  return (
    <section className="mx-auto max-w-md rounded-lg border border-slate-200 bg-white px-5 py-10 text-center shadow-sm">
      <p className="text-5xl font-black text-slate-500" aria-hidden="true">
        403
      </p>
      <h1 className="mt-3 text-xl font-semibold text-slate-900">{title}</h1>
      <p className="mt-2 text-sm text-slate-600">{texts.access.explain}</p>
      <Link to={homeOf(identity)} className={`${buttonClass('primary')} mt-6`}>
        {texts.access.back}
      </Link>
    </section>
  );
}
