import { z } from 'zod';
import { idSchema, numberInput, postalCodePattern, queryInteger, typedText, typedTextCheck } from './common-schemas.ts';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_ADDRESS_TEXT,
  CUSTOMER_MESSAGES,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NAME_TEXT,
} from './customer-fields.ts';
import { toAsciiDigits } from './digits.ts';
import { customerPhoneSchema } from './phone.ts';
import { attributionFields } from './marketing.ts';
import { ORDER_STATUSES, ORDER_TYPES } from './order-status.ts';
import { ADMIN_ORDERS_PAGE_SIZE } from './constants.ts';
import { DELIVERY_TYPES } from './shipping-schemas.ts';
import { UNKNOWN_WILAYA } from './wilaya.ts';
import { draftKeySchema } from './checkout-drafts.ts';

// Public order payloads answer in French: their messages reach the customer's page.

// Printed on slips and parcels, written into CSV files: typed-text.ts's rule (visible letters, no
// control or direction characters).
const customerName = typedText('name', CUSTOMER_NAME_MAX, CUSTOMER_NAME_TEXT);
const customerPhone = customerPhoneSchema;
const customerAddress = typedText('line', CUSTOMER_ADDRESS_MAX, CUSTOMER_ADDRESS_TEXT);
const customerPostalCode = z
  .string({ error: CUSTOMER_MESSAGES.zipRequired })
  .trim()
  .overwrite(toAsciiDigits)
  .min(1, { error: CUSTOMER_MESSAGES.zipRequired })
  .regex(postalCodePattern, { error: CUSTOMER_MESSAGES.zipInvalid });
/** What the client believes it pays, in Da; the server compares it with its own figures. */
const clientMoney = numberInput(
  z.number().min(0, { error: 'Montant invalide' }).max(100_000_000, { error: 'Montant invalide' }),
  'Montant invalide',
  { decimals: true },
);
/**
 * A text the server matches against its own data (a wilaya, a size, a colour, a code): refused
 * with its "not found" message when it holds what typed-text.ts refuses.
 */
const matchedText = (message: string) =>
  typedTextCheck('line', { required: message, tooLong: message, characters: message });

const couponCode = z
  .string()
  .trim()
  .max(64, { error: 'Code promo invalide' })
  .superRefine(matchedText('Code promo invalide'))
  .optional()
  .transform((v) => (v ? v.toUpperCase() : ''));
const wilaya = z.string().trim().max(100).superRefine(matchedText(UNKNOWN_WILAYA)).optional();
/** Home (the default, for clients that send none) or a stop desk (point relais). */
const deliveryType = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum(DELIVERY_TYPES, { error: 'Mode de livraison invalide' }).optional(),
);
/** The commune's name (French or Arabic); required with a delivery_type, optional without. */
const commune = z
  .string()
  .trim()
  .max(100, { error: 'Commune inconnue' })
  .superRefine(matchedText('Commune inconnue'))
  .optional();

export const orderLineSchema = z.object({
  product_id: idSchema,
  quantity: numberInput(
    z
      .number()
      .int({ error: 'Quantité invalide' })
      .min(1, { error: 'Quantité invalide' })
      .max(1000, { error: 'Quantité invalide' }),
    'Quantité invalide',
    { decimals: true },
  ),
  /** Short code or long name; empty for products without sizes (DESIGN §3.3). */
  size: z
    .string()
    .trim()
    .max(20)
    .superRefine(matchedText('Taille invalide pour certains articles'))
    .optional()
    .default(''),
  /**
   * The variant's colour, by its name or URL key (ADR 036); empty or absent for a product
   * without colours.
   */
  color: z
    .string()
    .trim()
    .max(50)
    .superRefine(matchedText('Couleur invalide pour certains articles'))
    .optional()
    .default(''),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const regularOrderSchema = z.object({
  customer_name: customerName,
  customer_phone: customerPhone,
  customer_address: customerAddress,
  customer_postal_code: customerPostalCode,
  type: z.literal('regular', { error: 'Type de commande invalide' }).optional().default('regular'),
  subtotal: clientMoney,
  shipping_fee: clientMoney,
  coupon_code: couponCode,
  /** Optional explicit wilaya name; otherwise read from the start of customer_address. */
  wilaya,
  delivery_type: deliveryType,
  commune,
  size: z.string().trim().max(20).superRefine(matchedText('Taille invalide pour certains articles')).optional(),
  items: z
    .array(orderLineSchema, { error: 'Votre panier est vide' })
    .min(1, { error: 'Votre panier est vide' })
    .max(100, { error: 'Trop d’articles dans la commande' }),
  /** Where the customer came from (marketing.ts): optional, for the ad platforms. */
  ...attributionFields,
  /** The checkout's draft key (checkout-drafts.ts): the draft is marked converted with the order. */
  checkout_draft_key: draftKeySchema.optional(),
});

/** Text fields of the multipart custom order (SPEC §3); the reference images travel as files. */
export const customOrderFieldsSchema = z.object({
  customer_name: customerName,
  customer_phone: customerPhone,
  customer_address: customerAddress,
  customer_postal_code: customerPostalCode,
  type: z.literal('custom', { error: 'Type de commande invalide' }).optional().default('custom'),
  subtotal: clientMoney,
  shipping_fee: clientMoney,
  clothing_type: z
    .string({ error: 'Le type de vêtement est requis' })
    .trim()
    .min(1, { error: 'Le type de vêtement est requis' })
    .max(100)
    .superRefine(matchedText('Type de vêtement introuvable')),
  color: z
    .string({ error: 'La couleur est requise' })
    .trim()
    .min(1, { error: 'La couleur est requise' })
    .max(50)
    .superRefine(matchedText("Cette couleur n'est pas disponible")),
  size: z.string().trim().max(20).superRefine(matchedText("Cette taille n'est pas disponible")).optional().default(''),
  coupon_code: couponCode,
  wilaya,
  delivery_type: deliveryType,
  commune,
  ...attributionFields,
  /** The checkout's draft key (checkout-drafts.ts): the draft is marked converted with the order. */
  checkout_draft_key: draftKeySchema.optional(),
});
export type CustomOrderFields = z.infer<typeof customOrderFieldsSchema>;

export const REFERENCE_IMAGE_FIELDS = {
  reference_image_front: 'front',
  reference_image_back: 'back',
  reference_image_side: 'side',
} as const;
export type ReferenceImagePosition = (typeof REFERENCE_IMAGE_FIELDS)[keyof typeof REFERENCE_IMAGE_FIELDS];

export const checkStockSchema = z.object({
  items: z.array(orderLineSchema).min(1, { error: 'Votre panier est vide' }).max(100),
});

export const orderStatusUpdateSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

export const orderSearchQuerySchema = z.object({
  page: queryInteger(1, 1_000_000, 'page').default(1),
  limit: queryInteger(1, 100, 'limit').default(ADMIN_ORDERS_PAGE_SIZE),
  /** A fragment of a phone, typed with or without spaces ("055 4333"). */
  phone: z
    .string()
    .trim()
    .max(30)
    .optional()
    .transform((v) => v?.replace(/[\s.\-()]/g, '')),
  /** The back office's search box: an order number ("12", "#12", listed first), part of a phone, a tracking number, or a name typed without accents or in any order. */
  q: z.string().trim().max(100).optional(),
  type: z
    .enum(ORDER_TYPES, { error: 'type must be regular or custom' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** Splits "Wilaya | address" (or "Wilaya - address", "Wilaya, address") into its parts. */
export function splitCustomerAddress(value: string): { wilaya: string; address: string } {
  for (const separator of [' | ', '|', ' - ', ', ']) {
    const at = value.indexOf(separator);
    if (at > 0) {
      return { wilaya: value.slice(0, at).trim(), address: value.slice(at + separator.length).trim() };
    }
  }
  return { wilaya: '', address: value.trim() };
}

export const ADDRESS_SEPARATOR = ' | ';

/** Admin's full order list: every order (up to 1000) unless page/limit are given. */
export const ORDER_LIST_MAX = 1000;
export const orderListQuerySchema = z.object({
  page: queryInteger(1, 1_000_000, 'page').default(1),
  limit: queryInteger(1, ORDER_LIST_MAX, 'limit').default(ORDER_LIST_MAX),
});
