// The rules of attribution both sides use, without zod (the storefront's first load carries them):
// Meta's click id from fbclid, the phone as the ad platforms hash it, the landing address's bound.

/** Long enough for any real landing address with its UTM tags; a longer one is not kept. */
export const LANDING_URL_MAX = 2000;

/** Meta's click id cookie from a landing's fbclid: fb.1.<ms of the landing>.<fbclid>. */
export function fbcOf(fbclid: string, landedAtMs: number): string {
  return `fb.1.${landedAtMs}.${fbclid}`;
}

/** The phone as the ad platforms want it before hashing: 213 then the 9 digits (0555… → 213555…). */
export function phoneForAds(phone: string): string | null {
  const digits = phone.replace(/\D/g, '');
  if (/^0[5-7]\d{8}$|^0[2-4]\d{7}$/.test(digits)) return `213${digits.slice(1)}`;
  if (/^213\d{8,9}$/.test(digits)) return digits;
  return null;
}
