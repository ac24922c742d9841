// The cash the couriers owe (admin, English): each parcel's amount to collect, the fees the courier
// charges, what it paid the shop; the month's reconciliation per courier account, the courier's
// statement imported, the parcels stuck at a courier, the cash left after fees. Amounts in Da.
import { z } from 'zod';
import { idSchema, numberInput, optionalText } from './common-schemas.ts';
import { PARCEL_PHASES } from './courier-statuses.ts';

const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'month is YYYY-MM' })
  .optional();

/** GET /courier/reconciliation and its CSV. */
export const reconciliationQuerySchema = z.object({
  account: numberInput(z.number().int().min(1).max(2_147_483_647), 'account is a courier account number').optional(),
  /** The month parcels were delivered or returned in (the shop's clock); the current one by default. */
  month,
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuerySchema>;

const da = z.number();
const maybeDa = z.number().nullable();

/** A parcel as the reconciliation lists it. */
export const reconciledParcelSchema = z
  .object({
    order_id: z.number().int(),
    tracking: z.string(),
    account_id: z.number().int(),
    account: z.string(),
    wilaya: z.string(),
    courier_status: z.string().nullable(),
    phase: z.enum(PARCEL_PHASES).nullable(),
    /** What the courier was asked to collect. */
    amount: da,
    /** What the courier charges to deliver it, and to bring it back (null: not known yet). */
    delivery_fee: maybeDa,
    return_fee: maybeDa,
    /** What the courier owes for it: collected less its fee, or less the return fee for a return. */
    expected: maybeDa,
    /** What the courier paid for it (its statement, or its payment event when it said the amount). */
    paid: maybeDa,
    /** paid − expected, when both are known. */
    difference: maybeDa,
    /** When the courier said it paid (event or statement). */
    remitted_at: z.string().nullable(),
    /** When the parcel was delivered or came back (the shop's record of it). */
    outcome_at: z.string().nullable(),
  })
  .meta({ id: 'ReconciledParcel' });
export type ReconciledParcel = z.infer<typeof reconciledParcelSchema>;

export const reconciliationSchema = z
  .object({
    account_id: z.number().int().nullable(),
    month: z.string(),
    totals: z.object({
      delivered: z.number().int(),
      delivered_unpaid: z.number().int(),
      returned: z.number().int(),
      collected: da,
      delivery_fees: da,
      return_fees: da,
      expected: da,
      paid: da,
      /** Paid less what was expected, over the parcels the courier paid. */
      difference: da,
    }),
    delivered_unpaid: z.array(reconciledParcelSchema),
    paid: z.array(reconciledParcelSchema),
    returned: z.array(reconciledParcelSchema),
    /** Paid parcels whose payment differs from what was expected. */
    differences: z.array(reconciledParcelSchema),
  })
  .meta({ id: 'Reconciliation' });
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** POST /courier/statements: a courier's statement (CSV) for one of its accounts. */
export const statementImportSchema = z.object({
  account_id: idSchema,
  csv: z
    .string({ error: 'csv is required' })
    .min(1, { error: 'The statement is empty' })
    .max(2_000_000, { error: 'The statement is at most 2 MB' }),
  file_name: optionalText(200),
});

export const statementResultSchema = z
  .object({
    statement_id: z.number().int(),
    lines: z.number().int(),
    /** Lines whose parcel is one of this account's. */
    matched: z.number().int(),
    /** Parcels marked paid by this statement (again, for a statement imported twice). */
    paid: z.number().int(),
    /** Returned parcels the courier charged a return fee for. */
    returns_charged: z.number().int(),
    total_paid: da,
    /** Lines naming a parcel this account does not have. */
    unknown: z.array(z.object({ line: z.number().int(), tracking: z.string(), message: z.string() })),
    /** The statement's parcels whose payment differs from what was expected. */
    differences: z.array(reconciledParcelSchema),
  })
  .meta({ id: 'StatementResult' });
export type StatementResult = z.infer<typeof statementResultSchema>;

/** 400 of a statement that cannot be read: every bad line. */
export const statementErrorSchema = z.object({
  status: z.literal(400),
  message: z.string(),
  data: z.object({ errors: z.array(z.object({ line: z.number().int(), message: z.string() })) }),
});

export const STRANDED_REASONS = ['not_picked_up', 'no_news'] as const;
export const strandedParcelSchema = z
  .object({
    order_id: z.number().int(),
    tracking: z.string(),
    account_id: z.number().int(),
    account: z.string(),
    wilaya: z.string(),
    customer_name: z.string(),
    courier_status: z.string().nullable(),
    /** Made and not picked up within 48 hours, or no change of status for the days set. */
    reason: z.enum(STRANDED_REASONS),
    /** Since when (the parcel's creation, or its last change of status). */
    since: z.string(),
    days: z.number().int(),
  })
  .meta({ id: 'StrandedParcel' });
export type StrandedParcel = z.infer<typeof strandedParcelSchema>;

/** GET /courier/cash: from and to are days (YYYY-MM-DD, the shop's clock), the last 30 days by default. */
export const cashQuerySchema = z.object({
  from: z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'Dates are YYYY-MM-DD' }).optional(),
});

const cashLine = {
  delivered: z.number().int(),
  returned: z.number().int(),
  collected: da,
  delivery_fees: da,
  return_fees: da,
  /** Collected less the delivery fees of the delivered parcels and the return fees of the returned ones. */
  net: da,
  /** Parcels whose fee is not known yet (counted as 0 in net). */
  unknown_fees: z.number().int(),
};
export const cashSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    total: z.object(cashLine),
    per_courier: z.array(z.object({ account_id: z.number().int(), account: z.string(), ...cashLine })),
    per_wilaya: z.array(z.object({ wilaya: z.string(), ...cashLine })),
  })
  .meta({ id: 'CourierCash' });
export type Cash = z.infer<typeof cashSchema>;

/** Algiers keeps UTC+1 all year (no daylight saving): a month of the shop's clock in UTC. */
export function monthRange(month: string): { from: string; to: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const start = Date.UTC(year, m - 1, 1) - 3_600_000;
  const end = Date.UTC(year, m, 1) - 3_600_000;
  return { from: new Date(start).toISOString(), to: new Date(end).toISOString() };
}

/** The shop's current month (YYYY-MM). */
export function currentMonth(now: number = Date.now()): string {
  return new Date(now + 3_600_000).toISOString().slice(0, 7);
}

/**
 * What a courier owes for a parcel: for a delivered one what it collected less its delivery fee,
 * for a returned one nothing collected less its return fee; null while a fee it needs is unknown.
 */
export function expectedRemittanceCentimes(parcel: {
  phase: string | null;
  amount_cents: number;
  delivery_fee_cents: number | null;
  return_fee_cents: number | null;
}): number | null {
  if (parcel.phase === 'delivered') {
    return parcel.delivery_fee_cents === null ? null : parcel.amount_cents - parcel.delivery_fee_cents;
  }
  if (parcel.phase === 'returned') return parcel.return_fee_cents === null ? null : -parcel.return_fee_cents;
  return null;
}
