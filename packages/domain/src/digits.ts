// Digits as Algerian customers type them. An Arabic keyboard on a phone types Arabic-Indic digits
// (٠١٢٣٤٥٦٧٨٩, U+0660-0669), and a Persian or Urdu layout the extended ones (۰۱۲۳۴۵۶۷۸۹,
// U+06F0-06F9); a JavaScript \d (and Number()) reads neither. Every number a customer types (phone,
// postal code, quantity, order number) goes through here before it is checked, on the pages and on
// the server, so "٠٦٦١٢٣٤٥٦٧" is the phone 0661234567 everywhere.

const ARABIC_INDIC_ZERO = 0x0660;
const EXTENDED_ARABIC_INDIC_ZERO = 0x06f0;
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** The text with every Arabic-Indic and Persian digit written as its ASCII digit; the rest as is. */
export function toAsciiDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = code >= EXTENDED_ARABIC_INDIC_ZERO ? EXTENDED_ARABIC_INDIC_ZERO : ARABIC_INDIC_ZERO;
    return String(code - zero);
  });
}
