// The cash-on-delivery order desk: what the owner sends after a confirmation call,
// to correct an order before it ships, to note, to blacklist a phone, to change many orders at
// once; and what a customer sends to follow an order (/suivi). Admin messages in English,
// customer messages in French.
import { z } from 'zod';
import { idSchema, numberInput, optionalTypedText, queryInteger, typedText } from './common-schemas.ts';
import {
  BLACKLIST_POLICIES,
  DEFAULT_NO_ANSWER_LIMIT,
  CONFIRMATION_STATES,
  ORDER_STATUSES,
  ORDER_TYPES,
  REFUSAL_REASONS,
  RETURN_STATES,
  STATS_PERIODS,
  type StatsPeriod,
} from './order-status.ts';
import { customerPhoneSchema, normalizeAlgerianPhone } from './phone.ts';
import { ADMIN_ORDERS_PAGE_SIZE } from './constants.ts';
import { orderLineSchema } from './order-schemas.ts';
import { DELIVERY_TYPES } from './shipping-schemas.ts';
import { ORDER_NUMBER_MAX, ORDER_NUMBER_MESSAGES } from './order-number.ts';

/** What the owner types is under typed-text.ts's rule too: it reaches slips, parcels and files. */
const CHARACTERS = 'must not contain control or direction-override characters';
const ownerText = (label: string, max: number) => ({
  required: `${label} is required`,
  tooLong: `${label} must be at most ${max} characters`,
  characters: `${label} ${CHARACTERS}`,
});

/** The outcome of a confirmation call. */
export const confirmationUpdateSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal('confirmed') }),
    z.object({ outcome: z.literal('no_answer') }),
    z.object({
      outcome: z.literal('call_back'),
      /** When to call again (ISO date and time). */
      call_back_at: z.iso.datetime({ offset: true, error: 'call_back_at must be a date and time' }),
    }),
    z.object({
      outcome: z.literal('refused'),
      reason: z.enum(REFUSAL_REASONS, { error: `reason must be one of ${REFUSAL_REASONS.join(', ')}` }),
      note: optionalTypedText('text', 500, ownerText('The note', 500)).optional().default(''),
    }),
  ],
  { error: 'outcome must be confirmed, no_answer, call_back or refused' },
);
export type ConfirmationUpdate = z.infer<typeof confirmationUpdateSchema>;

export const orderNoteCreateSchema = z.object({
  text: typedText('text', 1000, ownerText('The note', 1000)),
});

/**
 * A correction after the call, before the order ships. Every field is optional: what is given
 * replaces what the order has. `items` (regular orders) replaces every line; the server takes
 * and gives the stock and recomputes the figures.
 */
export const orderEditSchema = z
  .object({
    customer_name: typedText('name', 100, {
      ...ownerText('Name', 100),
      letters: 'The name must have letters',
    }).optional(),
    customer_phone: customerPhoneSchema.optional(),
    /** The street address, without the wilaya. */
    address: typedText('line', 255, ownerText('Address', 255)).optional(),
    wilaya: typedText('line', 100, ownerText('Wilaya', 100)).optional(),
    /** Home or stop desk: the order's fee becomes the table's for it (a new type needs its commune). */
    delivery_type: z
      .enum(DELIVERY_TYPES, { error: `Delivery type must be one of ${DELIVERY_TYPES.join(', ')}` })
      .optional(),
    /** A commune of the order's (new) wilaya, as the customer says it: priced at its own fee if it has one. */
    commune: typedText('line', 100, ownerText('Commune', 100)).optional(),
    customer_postal_code: z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: 'The postal code has 5 digits' })
      .optional(),
    items: z.array(orderLineSchema).min(1, { error: 'An order keeps at least one line' }).max(100).optional(),
  })
  .refine((edit) => Object.values(edit).some((v) => v !== undefined), { error: 'Nothing to change' });
export type OrderEdit = z.infer<typeof orderEditSchema>;

export const blacklistEntrySchema = z.object({
  phone: customerPhoneSchema,
  reason: optionalTypedText('line', 200, ownerText('The reason', 200)).default(''),
});

/** DELETE /order/blacklist/{phone}: the phone as typed, normalised. */
export const blacklistPhoneParamsSchema = z.object({
  phone: z.string().transform((v, ctx) => {
    const phone = normalizeAlgerianPhone(v);
    if (!phone) ctx.addIssue({ code: 'custom', message: 'Invalid phone number' });
    return phone ?? '';
  }),
});

export const bulkStatusSchema = z.object({
  ids: z.array(idSchema).min(1, { error: 'Choose at least one order' }).max(100),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }),
});

const isoDay = z.iso.date({ error: 'Dates are YYYY-MM-DD' });
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, name: string) =>
  z
    .enum(values, { error: `${name} must be one of ${values.join(', ')}` })
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The orders list's filters (GET /order/searchOrders), all optional and combined. */
export const orderFiltersSchema = z.object({
  status: optionalEnum(ORDER_STATUSES, 'status'),
  confirmation: optionalEnum(CONFIRMATION_STATES, 'confirmation'),
  type: optionalEnum(ORDER_TYPES, 'type'),
  wilaya: z.string().trim().max(100).optional(),
  from: isoDay.optional().or(z.literal('').transform(() => undefined)),
  to: isoDay.optional().or(z.literal('').transform(() => undefined)),
  /** Only the orders a courier said something about that their status contradicts. */
  attention: optionalEnum(['true', 'false'], 'attention'),
  /** Returned parcels only: those received back, or those still on their way back. */
  return_state: optionalEnum(RETURN_STATES, 'return_state'),
});

export const statsQuerySchema = z.object({
  period: z.enum(STATS_PERIODS, { error: 'period must be all, today, 7d, 30d or month' }).default('all'),
});

/** The first day (YYYY-MM-DD) of a period ending today, or null for every order. */
export function periodStart(period: StatsPeriod, now: Date = new Date()): string | null {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  switch (period) {
    case 'all':
      return null;
    case 'today':
      return day(0);
    case '7d':
      return day(6);
    case '30d':
      return day(29);
    case 'month':
      return `${now.toISOString().slice(0, 7)}-01`;
  }
}

/** GET /order/confirmQueue: the orders waiting for their call. */
export const confirmQueueQuerySchema = z.object({
  limit: queryInteger(1, 100, 'limit').default(ADMIN_ORDERS_PAGE_SIZE),
});

/** GET /order/track: the order's number and the phone it was placed with, together. */
export const trackQuerySchema = z.object({
  order_id: numberInput(
    z
      .number()
      .int({ error: ORDER_NUMBER_MESSAGES.invalid })
      .min(1, { error: ORDER_NUMBER_MESSAGES.invalid })
      .max(ORDER_NUMBER_MAX, { error: ORDER_NUMBER_MESSAGES.invalid }),
    ORDER_NUMBER_MESSAGES.invalid,
  ),
  phone: customerPhoneSchema,
});

/** The order desk's settings (admin Settings page). */
export const deskSettingsSchema = z.object({
  blacklist_policy: z.enum(BLACKLIST_POLICIES, { error: 'Policy must be hold or refuse' }),
  /** Sizes (and products without sizes) at or under this stock are listed on the dashboard. */
  low_stock_threshold: numberInput(
    z
      .number()
      .int({ error: 'The low-stock threshold is a whole number' })
      .min(0, { error: 'The low-stock threshold is at least 0' })
      .max(10_000, { error: 'The low-stock threshold is at most 10000' }),
    'The low-stock threshold is a number',
    { decimals: true },
  ),
  /** Reviews wait for the owner's approval before they are shown. */
  review_moderation: z.boolean(),
  /**
   * After this many calls without an answer a pending order is cancelled as unreachable (its
   * stock and coupon use back); 0 = never. Absent: the default.
   */
  no_answer_limit: numberInput(
    z
      .number()
      .int({ error: 'The number of unanswered calls is a whole number' })
      .min(0, { error: 'The number of unanswered calls is at least 0' })
      .max(20, { error: 'The number of unanswered calls is at most 20' }),
    'The number of unanswered calls is a number',
    { decimals: true },
  )
    .optional()
    .default(DEFAULT_NO_ANSWER_LIMIT),
});
export type DeskSettings = z.infer<typeof deskSettingsSchema>;

export const DEFAULT_DESK_SETTINGS: DeskSettings = {
  blacklist_policy: 'hold',
  low_stock_threshold: 3,
  review_moderation: false,
  no_answer_limit: DEFAULT_NO_ANSWER_LIMIT,
};
