import { Suspense, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@shop/domain/constants';
import { can, type Identity } from '@shop/domain/staff';
import { paths } from '../../lib/paths.ts';
import { useAdminToken } from '../lib/auth-token.ts';
import { loginPathFor } from '../lib/next-page.ts';
import { markStartPageDecided } from '../lib/start-page.ts';
import { AccessProvider, ADMIN_PAGE_ACCESS, useMe, type AdminPage } from '../lib/access.tsx';
import { useLogout } from '../features/auth/api/logout.ts';
import { CONFIRM_QUEUE_LIMIT, useConfirmQueue } from '../features/confirm/api/get-confirm-queue.ts';
import { ErrorState, Loading } from '../components/ui.tsx';
import { texts } from '../texts.ts';
import { pageName } from './page-guard.tsx';

interface NavItem {
  page: AdminPage;
  to: string;
  queue?: boolean;
  end?: boolean;
}

const LINKS: NavItem[] = [
  { page: 'confirm', to: paths.admin.confirm, queue: true },
  { page: 'dashboard', to: paths.admin.dashboard, end: true },
  { page: 'products', to: paths.admin.products },
  { page: 'orders', to: paths.admin.orders },
  { page: 'ratings', to: paths.admin.ratings },
  { page: 'productTypes', to: paths.admin.productTypes },
  { page: 'customOrderTypes', to: paths.admin.customOrderTypes },
  { page: 'coupons', to: paths.admin.coupons },
  { page: 'shippingPrices', to: paths.admin.shippingPrices },
  { page: 'reconciliation', to: paths.admin.reconciliation },
  { page: 'team', to: paths.admin.team },
  { page: 'settings', to: paths.admin.settings },
];

/**
 * Guards every admin page but login: without a token (or once a call answered 401) → login, which
 * comes back to this page. Then reads who is signed in, and links only the pages their role uses.
 */
export function AdminLayout() {
  const token = useAdminToken();
  const location = useLocation();
  const me = useMe(Boolean(token));
  const logout = useLogout();
  const navigate = useNavigate();
  // A sign-in that leads to another page than the dashboard: the dashboard met later is the
  // dashboard (start-page.ts). The dashboard decides for itself, once its lazy page is loaded.
  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (firstPath.current !== paths.admin.dashboard) markStartPageDecided();
  }, []);

  // Here, not in the signed-in part: that part is gone as soon as the token is, and the way to
  // the login page must still be taken.
  function onLogout() {
    logout.mutate(undefined, { onSettled: () => void navigate(paths.admin.login, { replace: true }) });
  }

  if (!token) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  if (me.isError) {
    return (
      <main className="mx-auto max-w-md px-3 py-10">
        <ErrorState message={texts.access.meFailed} retrying={me.isFetching} onRetry={() => void me.refetch()} />
      </main>
    );
  }
  if (!me.data) return <Loading />;
  return (
    <AccessProvider identity={me.data}>
      <SignedIn identity={me.data} onLogout={onLogout} loggingOut={logout.isPending} />
    </AccessProvider>
  );
}

function SignedIn({
  identity,
  onLogout,
  loggingOut,
}: {
  identity: Identity;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const queue = useConfirmQueue({ enabled: can(identity.role, 'desk') });
  const links = LINKS.filter((link) => can(identity.role, ADMIN_PAGE_ACCESS[link.page]));

  const signedInAs = texts.access.signedInAs(identity.username, identity.role);
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `flex items-center gap-1.5 rounded-md px-2.5 py-1.5 xl:px-1.5 text-sm font-medium whitespace-nowrap ${
      isActive ? 'bg-slate-700 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
    }`;

  return (
    <div className="min-h-screen bg-slate-100 text-slate-900">
      <header className="sticky top-0 z-40 bg-slate-900 shadow">
        <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2">
          <span className="mr-2 text-sm font-bold tracking-wide whitespace-nowrap text-white">{texts.brand}</span>
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
          {/* Twelve links and Logout need about 1200 px in a row: below that, the Menu button,
              whose menu also says who is signed in (in a row, Logout's tooltip says it). More links
              than a row holds wrap onto a second line rather than widen the page. */}
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
            className={`${menuOpen ? 'flex' : 'hidden'} absolute top-full right-0 left-0 flex-col gap-1 bg-slate-900 px-4 pb-3 xl:static xl:flex xl:min-w-0 xl:flex-1 xl:flex-row xl:flex-wrap xl:items-center xl:gap-y-0.5 xl:p-0`}
          >
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end={link.end ?? false}
                className={linkClass}
                onClick={() => setMenuOpen(false)}
              >
                {pageName(link.page)}
                {link.queue && queue.data && queue.data.length > 0 ? (
                  <>
                    {' '}
                    <QueueBadge count={queue.data.length} />
                  </>
                ) : null}
              </NavLink>
            ))}
            <span className="px-2.5 py-1.5 text-xs text-slate-400 xl:hidden" data-testid="signed-in-as">
              {signedInAs}
            </span>
            <button
              type="button"
              onClick={onLogout}
              disabled={loggingOut}
              title={signedInAs}
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
