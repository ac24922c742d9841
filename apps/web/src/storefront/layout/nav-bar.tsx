import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NAV_HIDE_THRESHOLD_PX } from '@shop/domain/constants';
import { paths } from '../../lib/paths.ts';
import { useCartCount } from '../features/cart/cart-store.ts';
import { useShopName } from '../features/settings/api/get-settings.ts';
import { t, type MessageKey } from '../i18n/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { SearchForm } from './search-form.tsx';

const LINKS = [
  { to: paths.shop, label: 'nav.shop' },
  { to: paths.newArrival, label: 'nav.newArrival' },
  { to: paths.onSale, label: 'nav.onSale' },
  { to: paths.customOrder, label: 'nav.customOrder' },
  { to: paths.rating, label: 'nav.rating' },
  { to: paths.tracking, label: 'nav.tracking' },
] as const satisfies readonly { to: string; label: MessageKey }[];

/** Hidden while scrolling down past the threshold, shown again on scrolling up (SPEC §2). */
function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    function onScroll() {
      const y = window.scrollY;
      if (y > NAV_HIDE_THRESHOLD_PX && y > last.current) setHidden(true);
      else if (y < last.current) setHidden(false);
      last.current = y;
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}

export function NavBar() {
  const count = useCartCount();
  const shopName = useShopName();
  const hidden = useHideOnScroll();
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // Navigating closes the side menu.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    // A click anywhere on the page outside the menu closes it (SPEC §2).
    function onClick(event: MouseEvent) {
      const target = event.target as Node;
      if (menuRef.current?.contains(target) || toggleRef.current?.contains(target)) return;
      setOpen(false);
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    }
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded px-1 py-1 hover:text-black hover:underline ${isActive ? 'font-semibold text-black' : 'text-neutral-700'}`;

  const sideLinkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-lg px-3 py-2.5 hover:bg-neutral-100 ${isActive ? 'font-semibold text-black' : 'text-neutral-700'}`;

  return (
    <>
      <header
        className="sticky top-0 z-40 border-b border-neutral-100 bg-white/95 backdrop-blur transition-transform duration-300"
        style={{ transform: hidden && !open ? 'translateY(-100%)' : 'none' }}
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 lg:flex-nowrap">
          <div className="flex h-16 min-w-0 flex-1 items-center gap-4 lg:flex-none">
            <button
              ref={toggleRef}
              type="button"
              className="-ms-2 rounded p-2 lg:hidden"
              aria-expanded={open}
              aria-controls="side-menu"
              aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
              onClick={() => setOpen((v) => !v)}
            >
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            <Link
              to={paths.home}
              // Smaller on a narrow phone and on two lines at most: at 360 px the name was cut to
              // "Boutique…" beside the language switch and the cart. The first screen's HTML has
              // the same classes (apps/web build/first-screen.ts).
              className="line-clamp-2 min-w-0 text-[clamp(1.125rem,5vw,1.5rem)] leading-tight font-black tracking-tight break-words"
              // The shop's name may be Latin on the Arabic storefront: cut at its own end.
              dir="auto"
              aria-label={`${shopName} — ${t('nav.home')}`}
            >
              {shopName}
            </Link>
          </div>
          <nav aria-label={t('nav.label')} className="ms-2 hidden lg:block">
            <ul className="flex items-center gap-3 text-sm xl:gap-5 xl:text-base">
              {LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={linkClass}>
                    {t(link.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <LanguageSwitch compact className="shrink-0 lg:order-last" />
          <Link
            to={paths.cart}
            className="relative order-none rounded-full p-2 hover:bg-neutral-100 lg:order-last"
            aria-label={count > 0 ? t('nav.cartWithCount', { n: count }) : t('nav.cart')}
          >
            <svg width="26" height="26" viewBox="0 0 24 24" fill="none" aria-hidden="true">
              <path
                d="M3 4h2l2.2 10.2a2 2 0 002 1.6h7.6a2 2 0 002-1.5L20.5 8H6.2"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
              <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
              <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
            </svg>
            {count > 0 && (
              <span
                data-testid="cart-count"
                className="absolute -top-0.5 -end-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-black px-1 text-xs font-bold text-white"
                aria-hidden="true"
              >
                {count}
              </span>
            )}
          </Link>
          <SearchForm className="mb-3 w-full lg:mb-0 lg:ms-auto lg:w-64 xl:w-80" />
        </div>
      </header>
      {/* Outside the header: its blur and transform would make it the box of these fixed layers. */}
      {open && (
        <div className="fixed inset-0 z-40 bg-black/40 lg:hidden" aria-hidden="true" data-testid="menu-overlay" />
      )}
      <div
        id="side-menu"
        ref={menuRef}
        className={`fixed inset-y-0 start-0 z-50 h-dvh w-72 max-w-[85vw] overflow-y-auto bg-white p-6 shadow-2xl transition-transform duration-300 lg:hidden ${open ? 'translate-x-0' : 'invisible -translate-x-full rtl:translate-x-full'}`}
      >
        <div className="mb-8 flex items-center justify-between gap-2">
          <span className="truncate text-2xl font-black" dir="auto">
            {shopName}
          </span>
          <button type="button" className="rounded p-2" aria-label={t('nav.closeMenu')} onClick={() => setOpen(false)}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <nav aria-label={t('nav.sideLabel')}>
          <ul className="flex flex-col gap-2 text-lg">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={sideLinkClass} onClick={() => setOpen(false)}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch className="mt-6 inline-block text-base" onSwitch={() => setOpen(false)} />
      </div>
    </>
  );
}
