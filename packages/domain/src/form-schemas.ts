// Schemas of the storefront's forms, with the exact messages of SPEC §5.
import { z } from 'zod';
import { phonePattern, postalCodePattern } from './common-schemas.ts';

/** Checkout customer dialog (SPEC §5); the stars and comment are optional. */
export const checkoutCustomerSchema = z.object({
  fullName: z.string().trim().min(1, { error: 'Full Name is required' }),
  phoneNumber: z
    .string()
    .trim()
    .min(1, { error: 'Phone Number is required' })
    .regex(phonePattern, { error: 'Invalid Phone Number' }),
  address: z.string().trim().min(1, { error: 'Address is required' }),
  wilaya: z.string().trim().min(1, { error: 'Wilaya is required' }),
  zipCode: z
    .string()
    .trim()
    .min(1, { error: 'Zip Code is required' })
    .regex(postalCodePattern, { error: 'Invalid Zip Code' }),
  rating: z.number().int().min(0).max(5).optional(),
  comment: z.string().optional(),
});
export type CheckoutCustomer = z.infer<typeof checkoutCustomerSchema>;

/** Custom order form (SPEC §5, French). Image presence is checked beside it (files are not text). */
export const customOrderFormSchema = z
  .object({
    fullName: z.string().trim().min(1, { error: 'Le nom complet est requis' }),
    phoneNumber: z
      .string()
      .trim()
      .min(1, { error: 'Le numéro de téléphone est requis' })
      .regex(phonePattern, { error: 'Le numéro de téléphone doit contenir 10 chiffres' }),
    address: z.string().trim().min(1, { error: "L'adresse est requise" }),
    zipCode: z
      .string()
      .trim()
      .min(1, { error: 'Le code postal est requis' })
      .regex(postalCodePattern, { error: 'Le code postal doit contenir 5 chiffres' }),
    wilaya: z.string().trim().min(1, { error: 'La wilaya est requise' }),
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
