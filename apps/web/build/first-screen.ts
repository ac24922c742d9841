// The first screen the HTML itself carries: the banner, the header and a skeleton of
// the page, drawn by the browser as soon as the HTML and the stylesheet are in, before any
// JavaScript. On a slow phone connection the app's code takes seconds; the page was white until
// then. React replaces it when it renders (createRoot clears the root), with the same header in
// the same place, so nothing moves (CLS 0).
//
// Written here with the storefront's own texts (locales/<lang>.json) and the same classes as the
// React header (src/storefront/layout/nav-bar.tsx): keep the two alike. The French shell goes into
// index.html's root; both languages' go to dist/first-screen.json, from which the server writes the
// page's language into each storefront page (apps/server modules/web/first-screen.ts), with the
// shop's name and the address of the page in the other language.
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type Lang = 'fr' | 'ar';

/** Replaced by the server: the shop's name, and the same page in the other language. */
export const SHOP_NAME_MARK = '<!--first-screen:shop-->';
export const OTHER_LANGUAGE_MARK = '<!--first-screen:other-language-->';
/** Around the shell in index.html's root, so the server finds it (and leaves the back office's root empty). */
export const START_MARK = '<!--first-screen-->';
export const END_MARK = '<!--/first-screen-->';

const LINKS = [
  ['/Shop', 'nav.shop'],
  ['/NewArrival', 'nav.newArrival'],
  ['/OnSale', 'nav.onSale'],
  ['/CustomOrder', 'nav.customOrder'],
  ['/Rating', 'nav.rating'],
  ['/suivi', 'nav.tracking'],
] as const;

const OTHER: Record<Lang, { lang: Lang; name: string; short: string }> = {
  fr: { lang: 'ar', name: 'العربية', short: 'عربي' },
  ar: { lang: 'fr', name: 'Français', short: 'FR' },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The shell of one language. */
export function firstScreen(lang: Lang, texts: Record<string, string>): string {
  const text = (key: string) => escapeHtml(texts[key] ?? '');
  const at = (page: string) => (lang === 'ar' ? (page === '/' ? '/ar' : `/ar${page}`) : page);
  const other = OTHER[lang];
  const links = LINKS.map(
    ([page, key]) =>
      `<li><a href="${at(page)}" class="rounded px-1 py-1 text-neutral-700 hover:text-black hover:underline">${text(key)}</a></li>`,
  ).join('');
  const cards = Array.from(
    { length: 4 },
    () => '<div class="aspect-square animate-pulse rounded-2xl bg-neutral-200"></div>',
  ).join('');
  return [
    '<div class="flex min-h-screen flex-col bg-white text-neutral-900" data-first-screen aria-busy="true">',
    `<aside aria-label="${text('bannerLabel')}"><p class="bg-black px-4 py-2 text-center text-xs text-white sm:text-sm">${text('banner')}</p></aside>`,
    '<header class="sticky top-0 z-40 border-b border-neutral-100 bg-white/95 backdrop-blur">',
    '<div class="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 lg:flex-nowrap">',
    '<div class="flex h-16 min-w-0 flex-1 items-center gap-4 lg:flex-none">',
    '<span class="-ms-2 rounded p-2 lg:hidden" aria-hidden="true"><svg width="24" height="24" viewBox="0 0 24 24"><path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg></span>',
    `<a href="${at('/')}" class="line-clamp-2 min-w-0 text-[clamp(1.125rem,5vw,1.5rem)] leading-tight font-black tracking-tight break-words" dir="auto" aria-label="${SHOP_NAME_MARK} — ${text('nav.home')}">${SHOP_NAME_MARK}</a>`,
    '</div>',
    `<nav aria-label="${text('nav.label')}" class="ms-2 hidden lg:block"><ul class="flex items-center gap-3 text-sm xl:gap-5 xl:text-base">${links}</ul></nav>`,
    `<a href="${OTHER_LANGUAGE_MARK}" hreflang="${other.lang}" lang="${other.lang}" dir="${other.lang === 'ar' ? 'rtl' : 'ltr'}" class="shrink-0 rounded-full border border-neutral-300 px-3 py-1.5 text-sm font-medium hover:bg-neutral-100 lg:order-last"><span class="sm:hidden" aria-hidden="true">${other.short}</span><span class="max-sm:sr-only">${other.name}</span></a>`,
    `<a href="${at('/Cart')}" class="relative order-none rounded-full p-2 hover:bg-neutral-100 lg:order-last" aria-label="${text('nav.cart')}"><svg width="26" height="26" viewBox="0 0 24 24" fill="none" aria-hidden="true"><path d="M3 4h2l2.2 10.2a2 2 0 002 1.6h7.6a2 2 0 002-1.5L20.5 8H6.2" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/><circle cx="9.5" cy="19.5" r="1.5" fill="currentColor"/><circle cx="17" cy="19.5" r="1.5" fill="currentColor"/></svg></a>`,
    // The search box as it will look; typing waits for the app (a box that lost what was typed
    // when the app took over would be worse).
    `<div class="mb-3 w-full lg:mb-0 lg:ms-auto lg:w-64 xl:w-80" aria-hidden="true"><div class="flex h-10 w-full items-center rounded-full bg-[#f0f0f0] ps-4 text-base text-neutral-600">${text('nav.searchPlaceholder')}</div></div>`,
    '</div>',
    '</header>',
    '<main id="main" class="flex-1">',
    '<div class="mx-auto min-h-screen max-w-7xl px-4 py-4" data-testid="first-screen-skeleton">',
    `<span class="sr-only" role="status">${text('loadingPage')}</span>`,
    '<div class="h-4 w-40 animate-pulse rounded bg-neutral-200"></div>',
    '<div class="mt-6 h-9 w-2/3 max-w-md animate-pulse rounded bg-neutral-200"></div>',
    `<div class="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">${cards}</div>`,
    '</div>',
    '</main>',
    '</div>',
  ].join('');
}

function readTexts(localesDir: string, lang: Lang): Record<string, string> {
  return JSON.parse(fs.readFileSync(path.join(localesDir, `${lang}.json`), 'utf8')) as Record<string, string>;
}

export function firstScreenShell(localesDir: string): Plugin {
  return {
    name: 'shop-first-screen',
    transformIndexHtml(html) {
      const shell = firstScreen('fr', readTexts(localesDir, 'fr'));
      return html.replace('<div id="root"></div>', () => `<div id="root">${START_MARK}${shell}${END_MARK}</div>`);
    },
    generateBundle() {
      const shells = {
        fr: firstScreen('fr', readTexts(localesDir, 'fr')),
        ar: firstScreen('ar', readTexts(localesDir, 'ar')),
      };
      this.emitFile({ type: 'asset', fileName: 'first-screen.json', source: JSON.stringify(shells) });
    },
  };
}
