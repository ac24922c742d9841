// The Arabic of every French message a customer can meet from the shared rules and the server
//: form checks (the same zod schemas on the page and the server), order, stock, coupon
// and review answers. The server answers an Arabic visitor's calls with them (http/language.ts),
// and the Arabic storefront shows the page's own form checks with them. Keyed by the French text,
// which stays the one source: a French message without an Arabic one here is said in French, and
// customer-messages-ar.test.ts fails.
import { REGULAR_DELIVERY_ESTIMATE, CUSTOM_DELIVERY_ESTIMATE, CUSTOM_MAKING_TIME } from './constants.ts';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_MESSAGES,
  CUSTOMER_NAME_MAX,
  REVIEW_MAX,
  REVIEW_MESSAGES,
} from './customer-fields.ts';
import { PHONE_MESSAGES } from './phone-number.ts';
import { UNKNOWN_WILAYA } from './wilaya.ts';
import { WILAYA_NAMES_AR } from './geo/wilayas.ts';

/** The form checks' French texts not kept in a constant of their own. */
export const FORM_MESSAGES_FR = {
  clothingTypeRequired: 'Le type de vêtement est requis',
  colorRequired: 'La couleur est requise',
  sizeRequired: 'La taille est requise',
  referenceImageRequired: 'Au moins une image de référence est requise',
  amountInvalid: 'Montant invalide',
  couponInvalid: 'Code promo invalide',
  quantityInvalid: 'Quantité invalide',
  orderTypeInvalid: 'Type de commande invalide',
  cartEmpty: 'Votre panier est vide',
  tooManyItems: 'Trop d’articles dans la commande',
} as const;

const EXACT: Record<string, string> = {
  [CUSTOMER_MESSAGES.nameRequired]: 'الاسم الكامل مطلوب',
  [CUSTOMER_MESSAGES.nameTooLong]: `يجب ألا يتجاوز الاسم الكامل ${CUSTOMER_NAME_MAX} حرفًا`,
  [CUSTOMER_MESSAGES.addressRequired]: 'العنوان مطلوب',
  [CUSTOMER_MESSAGES.addressTooLong]: `يجب ألا يتجاوز العنوان ${CUSTOMER_ADDRESS_MAX} حرف`,
  // A name, address or review refused by typed-text.ts's rule.
  [CUSTOMER_MESSAGES.nameCharacters]: 'يحتوي الاسم الكامل على رموز غير مسموح بها',
  [CUSTOMER_MESSAGES.nameLetters]: 'يجب أن يحتوي الاسم الكامل على حروف',
  [CUSTOMER_MESSAGES.addressCharacters]: 'يحتوي العنوان على رموز غير مسموح بها',
  [REVIEW_MESSAGES.nameCharacters]: 'يحتوي الاسم على رموز غير مسموح بها',
  [REVIEW_MESSAGES.nameLetters]: 'يجب أن يحتوي الاسم على حروف',
  [REVIEW_MESSAGES.reviewCharacters]: 'يحتوي رأيك على رموز غير مسموح بها',
  [CUSTOMER_MESSAGES.wilayaRequired]: 'الولاية مطلوبة',
  [CUSTOMER_MESSAGES.zipRequired]: 'الرمز البريدي مطلوب',
  [CUSTOMER_MESSAGES.zipInvalid]: 'يجب أن يتكون الرمز البريدي من 5 أرقام',
  [REVIEW_MESSAGES.nameRequired]: 'الاسم مطلوب',
  [REVIEW_MESSAGES.nameTooLong]: `يجب ألا يتجاوز الاسم ${CUSTOMER_NAME_MAX} حرفًا`,
  [REVIEW_MESSAGES.reviewRequired]: 'رأيك مطلوب',
  [REVIEW_MESSAGES.tooLong]: `يجب ألا يتجاوز رأيك ${REVIEW_MAX} حرف`,
  [REVIEW_MESSAGES.stars]: 'يجب أن يكون التقييم بين 1 و5',
  [REVIEW_MESSAGES.orderNumber]: 'رقم الطلب غير صالح',
  [PHONE_MESSAGES.required]: 'رقم الهاتف مطلوب',
  // The example number isolated left to right: its groups keep their order in Arabic text.
  [PHONE_MESSAGES.invalid]: 'رقم الهاتف غير صالح (مثال: \u20660555 12 34 56\u2069)',
  [UNKNOWN_WILAYA]: 'ولاية غير معروفة',
  [FORM_MESSAGES_FR.clothingTypeRequired]: 'نوع الملابس مطلوب',
  [FORM_MESSAGES_FR.colorRequired]: 'اللون مطلوب',
  [FORM_MESSAGES_FR.sizeRequired]: 'المقاس مطلوب',
  [FORM_MESSAGES_FR.referenceImageRequired]: 'يلزم إرفاق صورة مرجعية واحدة على الأقل',
  [FORM_MESSAGES_FR.amountInvalid]: 'مبلغ غير صالح',
  [FORM_MESSAGES_FR.couponInvalid]: 'رمز التخفيض غير صالح',
  [FORM_MESSAGES_FR.quantityInvalid]: 'كمية غير صالحة',
  [FORM_MESSAGES_FR.orderTypeInvalid]: 'نوع الطلب غير صالح',
  [FORM_MESSAGES_FR.cartEmpty]: 'سلتك فارغة',
  [FORM_MESSAGES_FR.tooManyItems]: 'عدد المنتجات في الطلب كبير جدًا',
  [REGULAR_DELIVERY_ESTIMATE]: 'من 3 إلى 5 أيام عمل',
  [CUSTOM_DELIVERY_ESTIMATE]: 'من 7 إلى 10 أيام عمل',
  [CUSTOM_MAKING_TIME]: 'من 5 إلى 7 أيام عمل',
  // Orders (apps/server orders/order-messages.ts).
  'Commande créée avec succès': 'تم إنشاء الطلب بنجاح',
  'Votre commande personnalisée a été créée avec succès': 'تم إنشاء طلبك المخصص بنجاح',
  'Les prix ont changé, veuillez vérifier le nouveau total': 'تغيّرت الأسعار، يرجى التحقق من المجموع الجديد',
  'Stock insuffisant pour certains articles': 'الكمية المتوفرة غير كافية لبعض المنتجات',
  'Le montant de la commande est trop élevé': 'مبلغ الطلب مرتفع جدًا',
  'Produit introuvable': 'المنتج غير موجود',
  'Veuillez sélectionner une taille': 'يرجى اختيار مقاس',
  'Taille invalide pour certains articles': 'مقاس غير صالح لبعض المنتجات',
  "Ce produit n'a pas de taille": 'هذا المنتج بدون مقاسات',
  'Veuillez sélectionner une couleur': 'يرجى اختيار لون',
  'Couleur invalide pour certains articles': 'لون غير صالح لبعض المنتجات',
  "Ce produit n'a pas de couleur": 'هذا المنتج بدون ألوان',
  'Code promo invalide ou expiré': 'رمز التخفيض غير صالح أو منتهي الصلاحية',
  'Type de vêtement introuvable': 'نوع الملابس غير موجود',
  "Cette taille n'est pas disponible": 'هذا المقاس غير متوفر',
  "Cette couleur n'est pas disponible": 'هذا اللون غير متوفر',
  "L'image de face est requise pour une tasse": 'صورة الواجهة مطلوبة للكوب',
  'En-tête Idempotency-Key invalide (16 à 100 lettres, chiffres, - ou _)':
    'ترويسة Idempotency-Key غير صالحة (من 16 إلى 100 حرف أو رقم أو - أو _)',
  'Cette clé Idempotency-Key a déjà servi pour une autre commande': 'سبق استخدام مفتاح Idempotency-Key هذا لطلب آخر',
  'Nous ne pouvons pas prendre cette commande en ligne. Appelez-nous pour commander.':
    'لا يمكننا قبول هذا الطلب عبر الإنترنت. اتصل بنا لتقديم طلبك.',
  'Commande introuvable': 'الطلب غير موجود',
  'Requête invalide': 'طلب غير صالح',
  // Delivery (apps/server orders/delivery.ts, the order schemas).
  [CUSTOMER_MESSAGES.communeRequired]: 'البلدية مطلوبة',
  'Commune inconnue': 'بلدية غير معروفة',
  'Mode de livraison invalide': 'طريقة التوصيل غير صالحة',
  // Coupons (apps/server coupons.service.ts).
  'Code promo expiré': 'رمز التخفيض منتهي الصلاحية',
  'Code promo désactivé': 'رمز التخفيض غير مفعّل',
  'Code promo épuisé': 'تم استنفاد رمز التخفيض',
  'Code promo valide': 'رمز التخفيض صالح',
  // Reviews (apps/server ratings).
  'Merci pour votre avis !': 'شكرًا على رأيك!',
  'Merci pour votre note !': 'شكرًا على تقييمك!',
  'Merci pour votre avis ! Il sera publié après relecture.': 'شكرًا على رأيك! سيُنشر بعد المراجعة.',
  // What any call may meet (apps/server http/).
  'Trop de demandes, veuillez réessayer dans quelques minutes': 'طلبات كثيرة، يرجى المحاولة بعد بضع دقائق',
  'Service momentanément indisponible, veuillez réessayer dans quelques instants':
    'الخدمة غير متاحة مؤقتًا، يرجى المحاولة بعد لحظات',
  'Envoi trop volumineux': 'حجم الإرسال كبير جدًا',
  'Le serveur est très occupé, veuillez réessayer dans un instant': 'الخادم مشغول جدًا، يرجى المحاولة بعد لحظة',
  'Image trop volumineuse (8 Mo au maximum)': 'الصورة كبيرة جدًا (8 ميغابايت كحد أقصى)',
  "Le fichier n'est pas une image valide (JPEG, PNG, WebP, GIF ou AVIF)":
    'الملف ليس صورة صالحة (JPEG أو PNG أو WebP أو GIF أو AVIF)',
  'Fichier inattendu dans la demande': 'ملف غير متوقع في الطلب',
  'Trop de fichiers': 'عدد الملفات كبير جدًا',
  'Image trop grande (40 mégapixels au maximum)': 'أبعاد الصورة كبيرة جدًا (40 ميغابكسل كحد أقصى)',
};

/** Messages with a number in them: their French pattern and its Arabic. */
const PATTERNS: [RegExp, (...values: string[]) => string][] = [
  [
    /^Une commande compte au plus (\d+) articles différents$/,
    (n) => `لا يمكن أن يتجاوز عدد المنتجات المختلفة في الطلب الواحد ${n}`,
  ],
  [/^Au plus (\d+) unités par article$/, (n) => `لا يمكن أن تتجاوز كمية المنتج الواحد ${n} في الطلب`],
  [
    /^Pas de point relais \(stop desk\) dans la wilaya (.+) : choisissez la livraison à domicile$/,
    (wilaya) => `لا توجد نقطة استلام في ولاية ${wilaya}: اختر التوصيل إلى المنزل`,
  ],
  [/^Cette commune n’est pas dans la wilaya (.+)$/, (wilaya) => `هذه البلدية ليست في ولاية ${wilaya}`],
  [
    /^(.+) fait désormais partie de la wilaya (\d+) - (.+) : choisissez cette wilaya$/,
    // The commune's French name isolated left to right; the wilaya named in Arabic.
    (commune, code, wilaya) =>
      `بلدية \u2066${commune}\u2069 أصبحت تابعة لولاية ${code} - ${WILAYA_NAMES_AR[Number(code)] ?? wilaya}: اختر هذه الولاية`,
  ],
];

/** Whether a French message has its Arabic here. */
export function hasArabic(french: string): boolean {
  return french in EXACT || PATTERNS.some(([pattern]) => pattern.test(french));
}

/** The Arabic of a French customer message; a message it does not know is given back as it is. */
export function customerMessageInArabic(french: string): string {
  const exact = EXACT[french];
  if (exact !== undefined) return exact;
  for (const [pattern, arabic] of PATTERNS) {
    const match = pattern.exec(french);
    if (match) return arabic(...match.slice(1));
  }
  return french;
}
