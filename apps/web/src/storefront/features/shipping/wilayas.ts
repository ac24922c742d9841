// How a wilaya is named and found in the storefront's lists: "16 - Alger" ("16 - الجزائر" in
// Arabic), found by typing its number or any part of its name, accents and case ignored.
import { useQuery } from '@tanstack/react-query';
import { WILAYA_NAMES_AR, wilayaKey } from '@shop/domain/wilaya';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useLanguage } from '../../i18n/use-language.ts';
import { shippingPricesQuery, type ShippingPrice } from './api/get-shipping-prices.ts';

/** "16 - Alger", or "16 - الجزائر" on the Arabic storefront. */
export function wilayaLabel(wilaya: Pick<ShippingPrice, 'wilaya_code' | 'wilaya_name'>): string {
  const arabic = currentLanguage() === 'ar' && wilaya.wilaya_code ? WILAYA_NAMES_AR[wilaya.wilaya_code] : undefined;
  const name = arabic ?? wilaya.wilaya_name;
  return wilaya.wilaya_code ? `${String(wilaya.wilaya_code).padStart(2, '0')} - ${name}` : name;
}

/** The wilayas whose number starts with, or whose label contains, what was typed. */
export function filterWilayas<W extends Pick<ShippingPrice, 'wilaya_code' | 'wilaya_name'>>(
  wilayas: readonly W[],
  query: string,
): W[] {
  const wanted = wilayaKey(query);
  if (wanted === '') return [...wilayas];
  const byNumber = /^\d+$/.test(wanted);
  return wilayas.filter((w) => {
    // The French name is found on the Arabic storefront too.
    if (!byNumber) return wilayaKey(wilayaLabel(w)).includes(wanted) || wilayaKey(w.wilaya_name).includes(wanted);
    const code = String(w.wilaya_code ?? '');
    return code.startsWith(wanted) || code.padStart(2, '0').startsWith(wanted);
  });
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
 * A wilaya named as the order keeps it (the shipping table's French name), said in the page's
 * language: the Arabic name on /ar, found by the wilaya's number in the shipping list (fetched
 * only there; the French pages show the name as it is).
 */
export function useWilayaName(name: string): string {
  const arabic = useLanguage() === 'ar';
  const wilayas = useQuery({ ...shippingPricesQuery, enabled: arabic }).data;
  if (!arabic || !wilayas) return name;
  const code = findWilaya(wilayas, name)?.wilaya_code;
  return (code && WILAYA_NAMES_AR[code]) || name;
}
