// The storefront's languages: French, the default, and Arabic, right to left, under
// /ar. Texts come from one Lingui catalogue per language (locales/<lang>.json, ICU MessageFormat,
// compiled at build time by build/lingui-catalogs.ts), each its own chunk: a page loads only its
// language's, preloaded by the HTML the server writes, so French visitors download no Arabic and
// Arabic visitors no French (docs/decisions/012).
import { setupI18n, type Messages } from '@lingui/core';
import { setAnswerLanguage } from '../../lib/api.ts';
import { formatDa as formatDaIn } from '@shop/domain/money';
import { ARABIC_PREFIX, languageOfPath, pathIn, withoutLanguage } from '@shop/domain/pages';
import { isSize, type Size } from '@shop/domain/sizes';
import type frCatalogue from './locales/fr.json';

export const LANGUAGES = ['fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export type MessageKey = keyof typeof frCatalogue;

/** What Intl formats numbers and dates with: Algerian Arabic with Western digits, as shops print them. */
const INTL_LOCALES: Record<Language, string> = { fr: 'fr-DZ', ar: 'ar-DZ-u-nu-latn' };
/** Where the visitor's choice is remembered (a visit to / in French goes on in Arabic). */
export const LANGUAGE_STORAGE_KEY = 'shop.language';
/** The Arabic pages' prefix (/ar, /ar/Shop, /ar/product/12…) and the addresses' language. */
export { ARABIC_PREFIX, languageOfPath, pathIn, withoutLanguage };

/** Each language's compiled catalogue, its own chunk (the manifest names them for the server). */
const CATALOGUES: Record<Language, () => Promise<{ messages: Messages }>> = {
  fr: () => import('virtual:catalog/fr'),
  ar: () => import('virtual:catalog/ar'),
};

export const i18n = setupI18n();
const loaded = new Set<Language>();

/** A text of the active language; `values` fill its {placeholders}. */
export function t(key: MessageKey, values?: Record<string, string | number>): string {
  return i18n._(key, values);
}

export function currentLanguage(): Language {
  return i18n.locale === 'ar' ? 'ar' : 'fr';
}

/** Fetches a language's catalogue (once) and makes it the active one. */
export async function activateLanguage(lang: Language): Promise<void> {
  if (!loaded.has(lang)) {
    const { messages } = await CATALOGUES[lang]();
    i18n.load(lang, messages);
    loaded.add(lang);
  }
  setAnswerLanguage(lang === 'ar' ? 'ar' : null);
  if (i18n.locale !== lang) i18n.activate(lang, [INTL_LOCALES[lang]]);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  }
}

/**
 * The Arabic of the shared rules' French messages (form checks), fetched by the pages that hold a
 * form (useCustomerMessages), not with the catalogue: a page without a form never needs it, and a
 * form shows a check only once typed in.
 */
let inArabic: ((french: string) => string) | null = null;
let inArabicLoading: Promise<void> | null = null;
const customerMessageListeners = new Set<() => void>();

/** Fetches the Arabic of the form messages (once), on the Arabic storefront only. */
export function loadCustomerMessages(): Promise<void> {
  if (currentLanguage() !== 'ar') return Promise.resolve();
  inArabicLoading ??= import('@shop/domain/customer-messages-ar').then(
    ({ customerMessageInArabic }) => {
      inArabic = customerMessageInArabic;
      for (const listener of customerMessageListeners) listener();
    },
    (error: unknown) => {
      inArabicLoading = null;
      throw error;
    },
  );
  return inArabicLoading;
}

/** Calls `listener` when the Arabic form messages arrive; returns the unsubscribe. */
export function onCustomerMessages(listener: () => void): () => void {
  customerMessageListeners.add(listener);
  return () => customerMessageListeners.delete(listener);
}

export function customerMessagesReady(): boolean {
  return inArabic !== null;
}

export function rememberLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
}

export function rememberedLanguage(): Language | null {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'ar' || value === 'fr' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A catalogue text (a product's name, a type's) in the active language: its Arabic version on the
 * Arabic storefront when the owner gave one, the French one otherwise.
 */
export function localized(french: string, arabic?: string | null): string {
  return currentLanguage() === 'ar' && arabic ? arabic : french;
}

/**
 * A message of the shared rules (a form check: "Le numéro de téléphone est requis") in the active
 * language; the server says its own in the visitor's language already.
 */
export function customerMessage(message: string): string;
export function customerMessage(message: string | undefined): string | undefined;
export function customerMessage(message: string | undefined): string | undefined {
  return message && inArabic && currentLanguage() === 'ar' ? inArabic(message) : message;
}

/**
 * In Arabic, a run of text set apart from the direction around it (Unicode FSI … PDI) where markup
 * cannot go (an <option>): without it a French name followed by a price, "T-shirt (2 500,00 دج)",
 * pulls the digits into its left-to-right run and the currency sign lands beside the bracket.
 */
export function isolated(text: string): string {
  return currentLanguage() === 'ar' ? `\u2068${text}\u2069` : text;
}

/**
 * A run that reads left to right whatever the page's direction (a phone number "0661 23 45 67"):
 * in Arabic, set apart (Unicode LRI … PDI), or the page's right-to-left order would put its
 * groups of digits in reverse, "67 45 23 0661".
 */
export function leftToRight(text: string): string {
  return currentLanguage() === 'ar' ? `\u2066${text}\u2069` : text;
}

/** Between the parts of a list (an address): ", " in French, the Arabic comma "، " in Arabic. */
export function listSeparator(): string {
  return currentLanguage() === 'ar' ? '، ' : ', ';
}

/** An amount in the active language: "1 200,00 Da" or "1 200,00 دج" (Western digits in both). */
export function formatDa(da: number): string {
  return formatDaIn(da, currentLanguage());
}

/** "12 mars 2026" or "12 مارس 2026"; an unreadable date gives an empty string. */
export function formatLongDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[currentLanguage()], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
}

const SIZE_KEYS: Record<Size, MessageKey> = {
  S: 'size.S',
  M: 'size.M',
  L: 'size.L',
  XL: 'size.XL',
  XXL: 'size.XXL',
};

/**
 * A product's size by its name (the size picker, the cart): "Small" … "XX-Large" on the French
 * pages, "صغير (S)" … on the Arabic ones; another size as it is.
 */
export function sizeLabel(size: string): string {
  return isSize(size) ? t(SIZE_KEYS[size]) : size;
}

/**
 * A size the owner wrote into a custom item ("S", "M"…): as written on the French pages, its
 * Arabic label on the Arabic ones when it is one of the shop's sizes.
 */
export function sizeName(size: string): string {
  return localized(size, isSize(size) ? t(SIZE_KEYS[size]) : null);
}
