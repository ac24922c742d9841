// A checkout the customer has not finished (the server's modules/leads): what the storefront saves
// once a name and a valid phone are typed, and what the desk does with it. The schemas are strict:
// a field this shop does not know is refused, so the draft holds only what the checkout shows.
import { z } from 'zod';
import { idSchema, numberInput, optionalTypedText, typedText } from './common-schemas.ts';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_ADDRESS_TEXT,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NAME_TEXT,
} from './customer-fields.ts';
import { toAsciiDigits } from './digits.ts';
import { attributionSchema } from './marketing.ts';
import { customerPhoneSchema } from './phone.ts';
import { orderClaimSchema } from './staff.ts';

export { draftReady } from './draft-ready.ts';
import { DELIVERY_TYPES } from './shipping-schemas.ts';

/** Minutes after its last change before a draft nobody ordered with becomes a lead (the default). */
export const DEFAULT_LEAD_DELAY_MINUTES = 20;
/** A phone that placed an order within this long of its draft is not called about it. */
export const LEAD_RECENT_ORDER_MS = 24 * 3_600_000;
/** Drafts are deleted this long after their last change. */
export const DRAFT_RETENTION_DAYS = 30;

/** The browser's draft key: 32 hex digits from its random source, as the order keys. */
export const DRAFT_KEY_PATTERN = /^[0-9a-f]{32}$/;
export const draftKeySchema = z.string().regex(DRAFT_KEY_PATTERN, { error: 'Brouillon invalide' });

const line = (max: number) =>
  optionalTypedText('line', max, { tooLong: 'Texte trop long', characters: 'Caractères non autorisés' })
    .optional()
    .default('');

/** The order's attribution fields but its event id. */
export const draftAttributionSchema = attributionSchema.omit({ event_id: true });

export const draftLineSchema = z.strictObject({
  product_id: idSchema,
  size: line(20),
  /** The variant's colour as the cart line names it (ADR 036); '' for a product without colours. */
  color: line(50),
  quantity: numberInput(
    z.number().int({ error: 'Quantité invalide' }).min(1, { error: 'Quantité invalide' }).max(1000),
    'Quantité invalide',
  ),
});

/**
 * What the custom order page's customer chose so far (issue 31): the custom item as the form sends
 * it (its id, or "cup"), the colour and the size. The desk's "Create order" starts from it.
 */
export const draftCustomSchema = z.strictObject({
  clothing_type: line(100),
  color: line(50),
  size: line(20),
});

export const checkoutDraftSchema = z
  .strictObject({
    checkout: z.enum(['cart', 'custom'], { error: 'Formulaire inconnu' }),
    customer_name: typedText('name', CUSTOMER_NAME_MAX, CUSTOMER_NAME_TEXT),
    customer_phone: customerPhoneSchema,
    wilaya: line(100),
    commune: line(100),
    address: optionalTypedText('line', CUSTOMER_ADDRESS_MAX, CUSTOMER_ADDRESS_TEXT).optional().default(''),
    postal_code: z
      .string()
      .trim()
      .overwrite(toAsciiDigits)
      .regex(/^(\d{5})?$/, { error: 'Code postal invalide' })
      .optional()
      .default(''),
    delivery_type: z.enum(DELIVERY_TYPES, { error: 'Mode de livraison invalide' }).optional().default('home'),
    lines: z.array(draftLineSchema).max(100, { error: 'Trop d’articles' }).optional().default([]),
    /** The page the customer was on (its path and query, on this shop). */
    page_url: z
      .string()
      .trim()
      .max(500, { error: 'Adresse trop longue' })
      .regex(/^\/[^\s]*$/, { error: 'Adresse invalide' })
      .optional()
      .default('/'),
    /**
     * Where the customer came from, as an order carries it (marketing.ts), without the event id: no
     * browser event goes with a draft; the order the desk makes from it takes `lead-<draft key>`.
     */
    ...draftAttributionSchema.shape,
    /** The custom order page's choices; only its drafts have them. */
    custom: draftCustomSchema.optional(),
  })
  .refine((draft) => draft.checkout === 'custom' || draft.custom === undefined, {
    path: ['custom'],
    error: 'Choix réservé à la commande personnalisée',
  });
export type CheckoutDraftInput = z.input<typeof checkoutDraftSchema>;
export type CheckoutDraft = z.output<typeof checkoutDraftSchema>;

export const LEAD_CALL_OUTCOMES = ['no_answer', 'call_back', 'not_interested'] as const;
export type LeadCallOutcome = (typeof LEAD_CALL_OUTCOMES)[number];

export const leadCallSchema = z.discriminatedUnion(
  'outcome',
  [
    z.strictObject({ outcome: z.literal('no_answer') }),
    z.strictObject({
      outcome: z.literal('call_back'),
      call_back_at: z.iso.datetime({ offset: true, error: 'call_back_at must be a date and time' }),
    }),
    z.strictObject({ outcome: z.literal('not_interested') }),
  ],
  { error: 'outcome must be no_answer, call_back or not_interested' },
);
export type LeadCall = z.infer<typeof leadCallSchema>;

const leadAddress = optionalTypedText('line', CUSTOMER_ADDRESS_MAX, {
  tooLong: 'The address is too long',
  characters: 'The address has characters that cannot be printed',
}).optional();

/**
 * Where the parcel goes, as the customer says it on the phone (issue 31): the wilaya, the commune
 * (the stop desk's, for a stop desk) and home or stop desk. Each is optional: what the agent sends
 * wins over the draft's, the rest is the draft's. Checked by the server as a customer's order is
 * (the wilaya one the shop delivers to, the commune in it, a stop desk only where there is one).
 */
const leadPlace = (label: string) =>
  optionalTypedText('line', 100, {
    tooLong: `${label} is too long`,
    characters: `${label} has characters that cannot be printed`,
  }).optional();
const leadDelivery = {
  wilaya: leadPlace('The wilaya'),
  commune: leadPlace('The commune'),
  delivery_type: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(DELIVERY_TYPES, { error: `The delivery is one of ${DELIVERY_TYPES.join(', ')}` }).optional(),
  ),
};

/** "Create order": the street address and where the parcel goes, when the agent got them on the phone; the rest is the draft's. */
export const leadOrderSchema = z.strictObject({ address: leadAddress, ...leadDelivery });
export type LeadOrder = z.output<typeof leadOrderSchema>;

const chosen = (max: number, required: string) =>
  typedText('line', max, { required, tooLong: 'Text too long', characters: 'Characters not allowed' });

/**
 * "Create order" of a custom order's lead (multipart fields; the reference pictures travel as files
 * under the customer's field names): the item (its id, or "cup"), colour and size the customer
 * chose on the phone, and the street address and where the parcel goes when they said them. The
 * rest is the draft's.
 */
export const leadCustomOrderSchema = z.strictObject({
  clothing_type: chosen(100, 'Choose the item'),
  color: chosen(50, 'Choose the colour'),
  size: optionalTypedText('line', 20, { tooLong: 'Text too long', characters: 'Characters not allowed' })
    .optional()
    .default(''),
  address: leadAddress,
  ...leadDelivery,
});
export type LeadCustomOrder = z.output<typeof leadCustomOrderSchema>;

export const leadSettingsSchema = z.strictObject({
  delay_minutes: numberInput(
    z
      .number()
      .int({ error: 'The delay is a whole number of minutes' })
      .min(0, { error: 'The delay is 0 to 1440 minutes' })
      .max(1440, { error: 'The delay is 0 to 1440 minutes' }),
    'The delay is a number of minutes',
  ),
});
export type LeadSettings = z.infer<typeof leadSettingsSchema>;

export const leadSchema = z
  .object({
    id: z.number(),
    checkout: z.enum(['cart', 'custom']),
    customer_name: z.string(),
    customer_phone: z.string(),
    wilaya: z.string(),
    commune: z.string(),
    address: z.string(),
    delivery_type: z.string(),
    lines: z.array(
      z.object({
        product_id: z.number(),
        size: z.string(),
        /** The colour the cart line named; absent on a line without one. */
        color: z.string().optional(),
        quantity: z.number(),
        product_name: z.string().nullable(),
      }),
    ),
    page_url: z.string(),
    /**
     * A custom order page's lead: what the customer chose (the item as the form sent it, its
     * name when it is still a custom item, the colour, the size; '' not chosen); null for a cart.
     */
    custom: z
      .object({
        clothing_type: z.string(),
        /** The item's id, when `clothing_type` names one ("cup" names the cup). */
        item_id: z.number().nullable(),
        item_name: z.string().nullable(),
        color: z.string(),
        size: z.string(),
      })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    call_state: z.enum(['new', ...LEAD_CALL_OUTCOMES]),
    call_attempts: z.number(),
    call_back_at: z.string().nullable(),
    last_call_at: z.string().nullable(),
    last_call_by: z.string().nullable(),
    order_id: z.number().nullable(),
    /** 'desk' once an agent's "Create order" placed it. */
    converted_by: z.enum(['customer', 'desk']).nullable(),
    /**
     * Who is calling this lead now (an order's hold: DESK_CLAIM_MINUTES from their last sign of
     * life, `expires_at` never null); null when nobody is, or it has run out.
     */
    claim: orderClaimSchema.nullable(),
  })
  .meta({ id: 'Lead' });
export type Lead = z.infer<typeof leadSchema>;

export const leadFiguresSchema = z.object({
  days: z.number(),
  leads: z.number(),
  recovered: z.number(),
  /** recovered ÷ leads, 0 to 1; null without leads. */
  recovery_rate: z.number().nullable(),
});
export type LeadFigures = z.infer<typeof leadFiguresSchema>;
