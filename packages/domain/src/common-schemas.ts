import { z } from 'zod';
import { MAX_PRICE_DA, POSTAL_CODE_DIGITS } from './constants.ts';
import { toAsciiDigits } from './digits.ts';
import { typedTextProblem, type TextKind } from './typed-text.ts';

/** The largest id the databases' integer columns hold (PostgreSQL refuses a larger one with a 500). */
export const MAX_ID = 2_147_483_647;

/** Decimal digits (an optional minus), spaces around allowed: what a path, query or form field holds. */
const WHOLE_NUMBER_TEXT = /^\s*-?\d{1,16}\s*$/;
/** The same with a fractional part after a point. */
const DECIMAL_TEXT = /^\s*-?\d{1,16}(\.\d{1,16})?\s*$/;

/**
 * A number as JSON writes it, or as a path, a query string or a form field carries it: its decimal
 * digits, ASCII or as an Arabic keyboard types them (digits.ts). Nothing else is read as a number:
 * not true, [1], "0x1", "1e3", "" or null (z.coerce took true for 1 and "0x1" for 1). Digits in a
 * JSON string stay accepted: the spec's clients send some ids and amounts as text ("12", read from
 * a page's address; subtotal "1250.00"). `decimals` also takes "12.5". `schema` then checks the
 * number (its range, whole or not).
 */
export function numberInput<Out>(
  schema: z.ZodType<Out, number>,
  message: string,
  { decimals = false }: { decimals?: boolean } = {},
) {
  const text = decimals ? DECIMAL_TEXT : WHOLE_NUMBER_TEXT;
  return z
    .union([z.number(), z.string()], { error: message })
    .transform((value, ctx) => {
      if (typeof value === 'number') return value;
      const digits = toAsciiDigits(value);
      // Its own issue, not the union's: a form shows this message beside the field.
      if (!text.test(digits)) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return Number(digits);
    })
    .pipe(schema);
}

/** A positive integer id from a path or body: 12, or "12" as a path (or the spec's clients) send it. */
export const idSchema = numberInput(
  z
    .number({ error: 'Invalid id' })
    .int({ error: 'Invalid id' })
    .positive({ error: 'Invalid id' })
    .max(MAX_ID, { error: 'Invalid id' }),
  'Invalid id',
);

/** A page, limit or count of a query string: whole, from `min` to `max`. */
export function queryInteger(min: number, max: number, name: string) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return numberInput(
    z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }),
    message,
  );
}

export const idParamsSchema = z.object({ id: idSchema });

export const postalCodePattern = new RegExp(`^\\d{${POSTAL_CODE_DIGITS}}$`);

/**
 * An amount as a person types it: 1250, "1250.50", "1250,50" (the decimal comma of French and
 * Arabic keyboards), "1 250,50". Undefined when nothing was given, null when it is not an amount.
 * A comma is never a thousands separator: "1250,50" is 1250.50, not 125050.
 */
export function parseAmount(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\s\u00a0\u202f]/g, '');
  if (text === '') return undefined;
  if (!/^-?\d+([.,]\d+)?$/.test(text)) return null;
  return Number(text.replace(',', '.'));
}

/** An amount in Da the shop accepts: 0 to MAX_PRICE_DA, at most two decimals. */
function amountRange(label: string) {
  return z
    .number()
    .min(0, { error: `${label} must be at least 0` })
    .max(MAX_PRICE_DA, { error: `${label} must be at most ${MAX_PRICE_DA} Da` })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: `${label} can have at most two decimals`,
    });
}

/**
 * Money in Da as the API and the back office's forms speak it: required (an empty field is not
 * 0 Da), a number with at most two decimals, a decimal point or comma.
 */
export function moneySchema(label: string) {
  return z
    .union([z.number(), z.string()], { error: `${label} must be a number` })
    .nullish()
    .transform((value, ctx) => {
      const amount = parseAmount(value);
      if (amount === undefined) {
        ctx.addIssue({ code: 'custom', message: `${label} is required` });
        return z.NEVER;
      }
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number, like 1250 or 1250,50` });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(amountRange(label));
}

/** Like moneySchema, but empty ('' or null) is null (none) and omitted is undefined (unchanged). */
export function optionalMoneySchema(label: string) {
  return z
    .union([z.number(), z.string(), z.null()], { error: `${label} must be a number` })
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const amount = parseAmount(value);
      if (amount === undefined) return null;
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number, like 1250 or 1250,50` });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(amountRange(label).nullable().optional());
}

export function percentSchema(message: string) {
  return numberInput(z.number().min(0, { error: message }).max(100, { error: message }), message, {
    decimals: true,
  });
}

/** The messages of a text a person types: empty (or blank), too long, wrong characters, no letter (a name). */
export interface TextMessages {
  required: string;
  tooLong: string;
  characters: string;
  letters?: string;
}

/**
 * The check of typed-text.ts on a zod string: a control or direction character, nothing visible
 * (required: the empty message; optional: the characters message), a name without a letter.
 */
export function typedTextCheck(kind: TextKind, messages: TextMessages, { optional = false } = {}) {
  return (value: string, ctx: z.RefinementCtx) => {
    if (value === '') return;
    const problem = typedTextProblem(value, kind);
    if (problem === null) return;
    const message =
      problem === 'characters' || (problem === 'blank' && optional)
        ? messages.characters
        : problem === 'letters'
          ? (messages.letters ?? messages.required)
          : messages.required;
    ctx.addIssue({ code: 'custom', message });
  };
}

/** A required text a person typed, trimmed, at most `max` characters, under typed-text.ts's rule. */
export function typedText(kind: TextKind, max: number, messages: TextMessages) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required })
    .max(max, { error: messages.tooLong })
    .superRefine(typedTextCheck(kind, messages));
}

/** The same, optional: empty is ''. */
export function optionalTypedText(kind: TextKind, max: number, messages: Omit<TextMessages, 'required'>) {
  return z
    .string({ error: messages.characters })
    .trim()
    .max(max, { error: messages.tooLong })
    .superRefine(typedTextCheck(kind, { ...messages, required: messages.characters }, { optional: true }));
}

/** The back office's message for a control or direction character. */
const ADMIN_CHARACTERS = 'Must not contain control or direction-override characters';

/** A trimmed, required string of the back office with a length cap: one line (a name) unless told. */
export function requiredText(message: string, max = 255, kind: TextKind = 'line') {
  return typedText(kind, max, {
    required: message,
    tooLong: `Must be at most ${max} characters`,
    characters: ADMIN_CHARACTERS,
  });
}

/** An optional text of the back office (a description: several lines); '' when none. */
export function optionalText(max: number) {
  return optionalTypedText('text', max, { tooLong: `Must be at most ${max} characters`, characters: ADMIN_CHARACTERS })
    .optional()
    .default('');
}

/**
 * An optional translation (a product's Arabic name): absent leaves it as it is, empty
 * (or null) removes it, text is kept trimmed.
 */
export function optionalTranslation(label: string, max: number, kind: TextKind = 'line') {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .superRefine(
      typedTextCheck(
        kind,
        { required: ADMIN_CHARACTERS, tooLong: '', characters: `${label}: ${ADMIN_CHARACTERS.toLowerCase()}` },
        { optional: true },
      ),
    )
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value ? value : null));
}
