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

/**
 * Each wilaya's Arabic name by its official code (1-58), shown on the Arabic storefront (issue
 * 17). Orders still name the wilaya as the shipping table does (French): this is for reading.
 */
export const WILAYA_NAMES_AR: Readonly<Record<number, string>> = {
  1: 'أدرار',
  2: 'الشلف',
  3: 'الأغواط',
  4: 'أم البواقي',
  5: 'باتنة',
  6: 'بجاية',
  7: 'بسكرة',
  8: 'بشار',
  9: 'البليدة',
  10: 'البويرة',
  11: 'تمنراست',
  12: 'تبسة',
  13: 'تلمسان',
  14: 'تيارت',
  15: 'تيزي وزو',
  16: 'الجزائر',
  17: 'الجلفة',
  18: 'جيجل',
  19: 'سطيف',
  20: 'سعيدة',
  21: 'سكيكدة',
  22: 'سيدي بلعباس',
  23: 'عنابة',
  24: 'قالمة',
  25: 'قسنطينة',
  26: 'المدية',
  27: 'مستغانم',
  28: 'المسيلة',
  29: 'معسكر',
  30: 'ورقلة',
  31: 'وهران',
  32: 'البيض',
  33: 'إليزي',
  34: 'برج بوعريريج',
  35: 'بومرداس',
  36: 'الطارف',
  37: 'تندوف',
  38: 'تيسمسيلت',
  39: 'الوادي',
  40: 'خنشلة',
  41: 'سوق أهراس',
  42: 'تيبازة',
  43: 'ميلة',
  44: 'عين الدفلى',
  45: 'النعامة',
  46: 'عين تموشنت',
  47: 'غرداية',
  48: 'غليزان',
  49: 'تيميمون',
  50: 'برج باجي مختار',
  51: 'أولاد جلال',
  52: 'بني عباس',
  53: 'عين صالح',
  54: 'عين قزام',
  55: 'تقرت',
  56: 'جانت',
  57: 'المغير',
  58: 'المنيعة',
};
