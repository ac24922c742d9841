// The zod schema of a customer's phone; the rule itself is in phone-number.ts (no zod there).
import { z } from 'zod';
import { normalizeAlgerianPhone, PHONE_INPUT_MAX, PHONE_MESSAGES } from './phone-number.ts';

export { normalizeAlgerianPhone, PHONE_MESSAGES } from './phone-number.ts';

/** A customer's phone: required, any usual spelling, stored as 0XXXXXXXXX. */
export const customerPhoneSchema = z
  .string({ error: PHONE_MESSAGES.required })
  .trim()
  .min(1, { error: PHONE_MESSAGES.required })
  .max(PHONE_INPUT_MAX, { error: PHONE_MESSAGES.invalid })
  .transform((value, ctx) => {
    const phone = normalizeAlgerianPhone(value);
    if (phone === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES.invalid });
      return z.NEVER;
    }
    return phone;
  });
