// What the shipping calls answer (docs/api.md, SPEC §3): a wilaya and its fees in Da, at home and
// at a stop desk.
import { z } from 'zod';
import { envelopeSchema, fieldErrorSchema } from './responses.ts';

/** A commune priced apart from its wilaya: its own fees in Da, null = the wilaya's. */
export const communeFeeSchema = z
  .object({
    /** The commune's French name, as GET /api/commune spells it. */
    name: z.string(),
    /** Home delivery fee (Da); null: the wilaya's. */
    price: z.number().nullable(),
    /** Stop desk fee (Da); null: the wilaya's. */
    stop_desk_price: z.number().nullable(),
  })
  .meta({ id: 'CommuneFee' });
export type CommuneFee = z.infer<typeof communeFeeSchema>;

export const shippingPriceSchema = z
  .object({
    id: z.number().int(),
    /** Official wilaya number; null for a name that is not one of Algeria's wilayas. */
    wilaya_code: z.number().int().nullable(),
    wilaya_name: z.string(),
    /** Home delivery fee (Da). */
    price: z.number(),
    /** Stop desk (point relais) fee (Da); null when this wilaya has no stop desk. */
    stop_desk_price: z.number().nullable(),
    /**
     * The communes of this wilaya priced apart from it, by name (only those; the others cost the
     * wilaya's fees). An order to one of them pays its fee for the delivery type.
     */
    communes: z.array(communeFeeSchema),
  })
  .meta({ id: 'ShippingPrice' });
export type ShippingPrice = z.infer<typeof shippingPriceSchema>;

/** A wilaya's row as the back office sees it (GET /ShippingPrice/all): whether it is offered, and how sure its fees are. */
export const adminShippingPriceSchema = shippingPriceSchema
  .extend({
    /**
     * Fees copied from the wilaya it was made from when a new division came into force (the 69
     * wilayas of 2027), until the owner saves them.
     */
    provisional: z.boolean(),
    /** Offered to customers: a wilaya of the division in force, or a name the owner added. */
    offered: z.boolean(),
  })
  .meta({ id: 'AdminShippingPrice' });
export type AdminShippingPrice = z.infer<typeof adminShippingPriceSchema>;

/** The wilayas in force and the divisions switched to (GET /ShippingPrice/divisions). */
export const wilayaDivisionsSchema = z
  .object({
    /** GEO_DIVISION: a division's id, or auto (by the calendar). */
    setting: z.string(),
    /** The division in force now, and how many wilayas it has. */
    in_force: z.object({ id: z.string(), wilayas: z.number().int() }),
    /** The next division the calendar brings (auto only), and when (ISO 8601). */
    next: z.object({ id: z.string(), at: z.string() }).nullable(),
    /** Each division switched to, newest first: when, and a line per new wilaya saying what was done. */
    switches: z.array(z.object({ division: z.string(), switched_at: z.string(), log: z.array(z.string()) })),
  })
  .meta({ id: 'WilayaDivisions' });
export type WilayaDivisions = z.infer<typeof wilayaDivisionsSchema>;

const feeChange = z.object({ old: z.number().nullable(), new: z.number().nullable() });

/** What applying a fee grid would change, wilaya by wilaya (nothing is written by a preview). */
export const feeGridPreviewSchema = z
  .object({
    rows: z.array(
      z.object({
        wilaya_code: z.number().int(),
        wilaya_name: z.string(),
        price: feeChange,
        /** null: no stop desk. */
        stop_desk_price: feeChange,
        /**
         * The communes priced apart from the wilaya once applied (only those); null: the grid
         * does not price communes, the wilaya keeps its own.
         */
        communes: z.array(communeFeeSchema).nullable(),
        /** How many of the wilaya's communes are priced apart now. */
        communes_before: z.number().int(),
        changed: z.boolean(),
        /** Why a fee is what it is (communes priced differently, no centre there…), or null. */
        note: z.string().nullable(),
      }),
    ),
    /** Wilayas of the grid left out, with why (the courier does not serve it…). */
    skipped: z.array(z.object({ wilaya_code: z.number().int(), wilaya_name: z.string(), reason: z.string() })),
    /** Wilayas still to fetch from the courier (its quota made this call stop early); empty when done. */
    remaining: z.array(z.number().int()),
  })
  .meta({ id: 'FeeGridPreview' });
export type FeeGridPreview = z.infer<typeof feeGridPreviewSchema>;

/** A CSV line that could not be read. */
export const feeGridLineErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export type FeeGridLineError = z.infer<typeof feeGridLineErrorSchema>;

/** 400 of the grid calls: the payload's fields at fault, or the file's lines (or grid's rows). */
export const feeGridErrorSchema = envelopeSchema(
  z.object({ errors: z.array(z.union([fieldErrorSchema, feeGridLineErrorSchema])) }).nullable(),
).meta({ id: 'FeeGridError' });
