import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@shop/domain/constants';
import { paths } from '../../lib/paths.ts';
import { useAdminToken } from '../lib/auth-token.ts';
import { loginPathFor } from '../lib/next-page.ts';
import { markStartPageDecided } from '../lib/start-page.ts';
import { useLogout } from '../features/auth/api/logout.ts';
import { CONFIRM_QUEUE_LIMIT, useConfirmQueue } from '../features/confirm/api/get-confirm-queue.ts';
import { Loading } from '../components/ui.tsx';
import { texts } from '../texts.ts';

const LINKS = [
  { to: paths.admin.confirm, label: texts.nav.confirm, queue: true },
  { to: paths.admin.dashboard, label: texts.nav.dashboard, end: true },
  { to: paths.admin.products, label: texts.nav.products },
  { to: paths.admin.orders, label: texts.nav.orders },
  { to: paths.admin.ratings, label: texts.nav.ratings },
  { to: paths.admin.productTypes, label: texts.nav.productTypes },
  { to: paths.admin.customOrderTypes, label: texts.nav.customOrderTypes },
  { to: paths.admin.coupons, label: texts.nav.coupons },
  { to: paths.admin.shippingPrices, label: texts.nav.shippingPrices },
  { to: paths.admin.settings, label: texts.nav.settings },
] as const;

/**
 * Guards every admin page but login: without a token (or once a call answered 401) → login, which
 * comes back to this page.
 */
export function AdminLayout() {
  const token = useAdminToken();
  const logout = useLogout();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const queue = useConfirmQueue({ enabled: Boolean(token) });
  // A sign-in that leads to another page than the dashboard: the dashboard met later is the
  // dashboard (start-page.ts). The dashboard decides for itself, once its lazy page is loaded.
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (firstPath.current !== paths.admin.dashboard) markStartPageDecided();
  }, []);

  if (!token) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;

  function onLogout() {
    logout.mutate(undefined, { onSettled: () => void navigate(paths.admin.login, { replace: true }) });
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap ${
      isActive ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
    }`;

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <header className="sticky top-0 z-40 bg-slate-900 shadow">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
          <span className="mr-2 text-sm font-bold tracking-wide text-white">{texts.brand}</span>
          {/* On a phone the links are behind Menu: the orders waiting for their call stay in sight. */}
          {queue.data && queue.data.length > 0 ? (
            <NavLink
              to={paths.admin.confirm}
              className="ml-auto flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-100 hover:bg-slate-800 xl:hidden"
              onClick={() => setMenuOpen(false)}
            >
              {texts.nav.confirm} <QueueBadge count={queue.data.length} />
            </NavLink>
          ) : null}
          {/* Nine links and Logout need about 1150 px in a row: below that, the Menu button. */}
          <button
            type="button"
            className={`${queue.data && queue.data.length > 0 ? '' : 'ml-auto'} rounded-md px-2 py-1 text-sm text-slate-200 hover:bg-slate-800 xl:hidden`}
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {texts.nav.menu}
          </button>
          <nav
            id="admin-nav"
            aria-label="Admin"
            className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-0 left-0 flex-col gap-1 bg-slate-900 px-4 pb-3 xl:static xl:flex xl:flex-1 xl:flex-row xl:items-center xl:p-0`}
          >
            {LINKS.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={'end' in link}
                className={linkClass}
                onClick={() => setMenuOpen(false)}
              >
                {link.label}
                {'queue' in link && queue.data && queue.data.length > 0 ? (
                  <>
                    {' '}
                    <QueueBadge count={queue.data.length} />
                  </>
                ) : null}
              </NavLink>
            ))}
            <button
              type="button"
              onClick={onLogout}
              disabled={logout.isPending}
              className="rounded-md px-2.5 py-1.5 text-left text-sm font-medium text-red-300 hover:bg-slate-800 hover:text-red-200 xl:ml-auto"
            >
              {texts.nav.logout}
            </button>
          </nav>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-3 py-5 sm:px-4">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      {/* Toasts close on time even when the window is in the background. */}
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnFocusLoss={false} />
    </div>
  );
}

/** How many orders wait for their call, beside the first link. */
function QueueBadge({ count }: { count: number }) {
  const shown = count >= CONFIRM_QUEUE_LIMIT ? `${CONFIRM_QUEUE_LIMIT}+` : String(count);
  return (
    <span className="rounded-full bg-amber-400 px-1.5 text-xs leading-5 font-bold text-slate-900 tabular-nums">
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">{texts.nav.confirmCount(count)}</span>
    </span>
  );
}
