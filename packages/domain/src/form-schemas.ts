// Schemas of the storefront's forms, with the exact messages of SPEC §5.
import { z } from 'zod';
import { optionalTypedText, postalCodePattern, typedText, typedTextCheck } from './common-schemas.ts';
import { toAsciiDigits } from './digits.ts';
import {
  CUSTOMER_ADDRESS_MAX,
  CUSTOMER_ADDRESS_TEXT,
  CUSTOMER_MESSAGES,
  CUSTOMER_NAME_MAX,
  CUSTOMER_NAME_TEXT,
  REVIEW_MAX,
  REVIEW_TEXT,
} from './customer-fields.ts';
import { customerPhoneSchema } from './phone.ts';
import { DELIVERY_TYPES } from './shipping-schemas.ts';

/** The customer's contact fields, shared by the checkout dialog and the custom order (French). */
const customerFields = {
  // The same rule as the server's (typed-text.ts): the page says it before the order is sent.
  fullName: typedText('name', CUSTOMER_NAME_MAX, CUSTOMER_NAME_TEXT),
  phoneNumber: customerPhoneSchema,
  address: typedText('line', CUSTOMER_ADDRESS_MAX, CUSTOMER_ADDRESS_TEXT),
  wilaya: z.string().trim().min(1, { error: CUSTOMER_MESSAGES.wilayaRequired }),
  /** How the order is delivered and to which commune (required on the storefront). */
  deliveryType: z.enum(DELIVERY_TYPES, { error: CUSTOMER_MESSAGES.deliveryRequired }),
  commune: z
    .string()
    .trim()
    .min(1, { error: CUSTOMER_MESSAGES.communeRequired })
    .max(100)
    .superRefine(
      typedTextCheck('line', {
        required: CUSTOMER_MESSAGES.communeRequired,
        tooLong: '',
        characters: 'Commune inconnue',
      }),
    ),
  zipCode: z
    .string()
    .trim()
    .overwrite(toAsciiDigits)
    .min(1, { error: CUSTOMER_MESSAGES.zipRequired })
    .regex(postalCodePattern, { error: CUSTOMER_MESSAGES.zipInvalid }),
};

/**
 * Checkout customer dialog (SPEC §5); the stars and comment are optional. The storefront speaks
 * French (DESIGN §6.3): SPEC's English messages are given in French.
 */
export const checkoutCustomerSchema = z.object({
  ...customerFields,
  rating: z.number().int().min(0).max(5).optional(),
  comment: optionalTypedText('text', REVIEW_MAX, REVIEW_TEXT).optional(),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

/** Custom order form (SPEC §5, French). Image presence is checked beside it (files are not text). */
export const customOrderFormSchema = z
  .object({
    ...customerFields,
    clothingType: z.string().trim().min(1, { error: 'Le type de vêtement est requis' }),
    isCup: z.boolean(),
    size: z.string().trim(),
    color: z.string().trim().min(1, { error: 'La couleur est requise' }),
  })
  .superRefine((form, ctx) => {
    if (!form.isCup && form.size === '') {
      ctx.addIssue({ code: 'custom', path: ['size'], message: 'La taille est requise' });
    }
  });

export const REFERENCE_IMAGE_REQUIRED = 'Au moins une image de référence est requise';
