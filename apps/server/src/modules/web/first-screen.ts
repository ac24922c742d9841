// The first screen each storefront page's HTML carries (apps/web build/first-screen.ts writes it
// into index.html and both languages' into dist/first-screen.json): the banner, the header and a
// skeleton, drawn before any JavaScript arrives. Here each page gets the shell of its language,
// with the shop's name and the address of the same page in the other language; the back office
// (English, its own layout) gets an empty root.
import fs from 'node:fs';
import path from 'node:path';
import type { StorefrontLanguage } from '@shop/domain/pages';
import { escapeHtml } from '../seo/seo.service.ts';

export type FirstScreens = Record<StorefrontLanguage, string>;

const START = '<!--first-screen-->';
const END = '<!--/first-screen-->';
const SHOP_NAME = '<!--first-screen:shop-->';
const OTHER_LANGUAGE = '<!--first-screen:other-language-->';

/** Both languages' shells from the build; null without them (a build from before, a test's dist). */
export function readFirstScreens(distDir: string): FirstScreens | null {
  try {
    const parsed = JSON.parse(
      fs.readFileSync(path.join(distDir, 'first-screen.json'), 'utf8'),
    ) as Partial<FirstScreens>;
    return typeof parsed.fr === 'string' && typeof parsed.ar === 'string' ? { fr: parsed.fr, ar: parsed.ar } : null;
  } catch {
    return null;
  }
}

/**
 * The page with its language's first screen in its root (none for the back office, `lang` 'en'),
 * `shopName` and `otherLanguageHref` filled in.
 */
export function injectFirstScreen(
  html: string,
  screens: FirstScreens | null,
  lang: StorefrontLanguage | 'en',
  shopName: string,
  otherLanguageHref: string,
): string {
  const start = html.indexOf(START);
  const end = html.indexOf(END, start);
  if (start < 0 || end < 0) return html;
  const shell = lang === 'en' ? '' : (screens?.[lang] ?? html.slice(start + START.length, end));
  const filled = shell
    .replaceAll(SHOP_NAME, escapeHtml(shopName))
    .replaceAll(OTHER_LANGUAGE, escapeHtml(otherLanguageHref));
  return `${html.slice(0, start)}${filled}${html.slice(end + END.length)}`;
}
