// How a wilaya's name is compared (DESIGN §3.11, §6.4): what a customer or a client sends is
// matched against the shipping table after normalising it, so "ALGER", " Alger ", "Béjaïa" typed
// "Bejaia", or a name with an invisible character slipped in all find their row, and a name that
// finds none is refused ("Wilaya inconnue") rather than charged a default fee.

export const UNKNOWN_WILAYA = 'Wilaya inconnue';

/** NFKC, invisible characters (zero-width, soft hyphen, bidi marks) removed, accents and case folded. */
export function wilayaKey(name: string): string {
  return name
    .normalize('NFKC')
    .replace(/[\p{Cf}\u00ad]/gu, '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-'’]+/g, ' ')
    .trim();
}
