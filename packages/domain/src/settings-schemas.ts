// The accounts a custom order's advance payment goes to (the back office's Settings page). Each
// is optional; what is given is checked lightly, digits and spaces as people copy them.
import { z } from 'zod';

const digitsIn = (text: string) => text.replace(/\D/g, '').length;

export const paymentSettingsSchema = z.object({
  /** CCP account number and its key: "0012345678 clé 90". */
  ccp: z
    .string()
    .trim()
    .max(40, { error: 'CCP must be at most 40 characters' })
    .refine((v) => v === '' || /^\d[\d\s]*(\s*(clé|cle|key)\s*\d{2})?$/i.test(v), {
      error: 'CCP: the account number, then its key (e.g. 0012345678 clé 90)',
    })
    .default(''),
  /** Algérie Poste RIP: 20 digits. */
  rip: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === '' || (/^[\d\s]+$/.test(v) && digitsIn(v) === 20), {
      error: 'RIP must have 20 digits (e.g. 00799999 0012345678 90)',
    })
    .default(''),
  /** The RIP or the phone number BaridiMob payments go to. */
  baridimob: z
    .string()
    .trim()
    .max(40)
    .refine((v) => v === '' || (/^[\d\s+]+$/.test(v) && digitsIn(v) >= 9 && digitsIn(v) <= 20), {
      error: 'BaridiMob: a RIP (20 digits) or a phone number',
    })
    .default(''),
});
export type PaymentSettings = z.output<typeof paymentSettingsSchema>;
