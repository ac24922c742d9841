// How a wilaya is named and found in the storefront's lists: "16 - Alger" ("16 - الجزائر" in
// Arabic), found by typing its number or any part of its name, accents and case ignored; a wilaya
// made from another (68 Bou Saâda, from M'Sila in 2027) is found by its mother's name too.
import { WILAYA_NAMES_AR, wilayaNamed, wilayaOf } from '@shop/domain/geo/wilayas';
import { wilayaKey } from '@shop/domain/wilaya';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import type { ShippingPrice } from './api/get-shipping-prices.ts';

/** "16 - Alger", or "16 - الجزائر" on the Arabic storefront. */
export function wilayaLabel(wilaya: Pick<ShippingPrice, 'wilaya_code' | 'wilaya_name'>): string {
  const arabic = currentLanguage() === 'ar' && wilaya.wilaya_code ? WILAYA_NAMES_AR[wilaya.wilaya_code] : undefined;
  const name = arabic ?? wilaya.wilaya_name;
  return wilaya.wilaya_code ? `${String(wilaya.wilaya_code).padStart(2, '0')} - ${name}` : name;
}

/**
 * The wilayas whose number starts with, or whose label contains, what was typed; then those made
 * from a wilaya whose name contains it (a customer of Bou Saâda who still types "M'Sila").
 */
export function filterWilayas<W extends Pick<ShippingPrice, 'wilaya_code' | 'wilaya_name'>>(
  wilayas: readonly W[],
  query: string,
): W[] {
  const wanted = wilayaKey(query);
  if (wanted === '') return [...wilayas];
  if (/^\d+$/.test(wanted)) {
    return wilayas.filter((w) => {
      const code = String(w.wilaya_code ?? '');
      return code.startsWith(wanted) || code.padStart(2, '0').startsWith(wanted);
    });
  }
  // Spaces and apostrophes aside ("msila" finds M'Sila); the French name on the Arabic storefront too.
  const compact = (text: string) => wilayaKey(text).replace(/ /g, '');
  const wantedCompact = wanted.replace(/ /g, '');
  const names = (...texts: string[]) => texts.some((text) => compact(text).includes(wantedCompact));
  const direct = wilayas.filter((w) => names(wilayaLabel(w), w.wilaya_name));
  const fromMother = wilayas.filter((w) => {
    if (direct.includes(w) || !w.wilaya_code) return false;
    const mother = wilayaOf(wilayaOf(w.wilaya_code)?.from ?? 0);
    return mother !== undefined && names(mother.name, mother.name_ar);
  });
  return [...direct, ...fromMother];
}

/** The wilaya of that name, compared as the server compares it (wilayaKey), if listed. */
export function findWilaya<W extends Pick<ShippingPrice, 'wilaya_name'>>(
  wilayas: readonly W[],
  name: string,
): W | null {
  const wanted = wilayaKey(name);
  if (wanted === '') return null;
  return wilayas.find((w) => wilayaKey(w.wilaya_name) === wanted) ?? null;
}

/**
 * A wilaya named as the order keeps it (the shipping table's French name when it was placed),
 * said in the page's language: the Arabic name on /ar, from the wilayas of every division (an
 * order of M'Sila placed in 2026 stays M'Sila's, one of Bou Saâda is Bou Saâda's).
 */
export function useWilayaName(name: string): string {
  const arabic = useLanguage() === 'ar';
  if (!arabic) return name;
  return wilayaNamed(name)?.name_ar ?? name;
}
