import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CUSTOM_DELIVERY_ESTIMATE, REGULAR_DELIVERY_ESTIMATE } from './constants.ts';
import { CUSTOMER_MESSAGES, REVIEW_MESSAGES } from './customer-fields.ts';
import { customerMessageInArabic, FORM_MESSAGES_FR, hasArabic } from './customer-messages-ar.ts';
import { checkoutCustomerSchema, customOrderFormSchema, REFERENCE_IMAGE_REQUIRED } from './form-schemas.ts';
import { customOrderFieldsSchema, regularOrderSchema } from './order-schemas.ts';
import { PHONE_MESSAGES } from './phone-number.ts';
import { brandRatingCreateSchema, productRatingCreateSchema } from './rating-schemas.ts';
import { UNKNOWN_WILAYA } from './wilaya.ts';
import { COMMUNE_MESSAGES } from './geo/communes.ts';

/** Every message a schema gives for these wrong inputs. */
function messagesOf(schema: z.ZodType, inputs: unknown[]): string[] {
  return inputs.flatMap((input) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  });
}

const long = 'x'.repeat(3000);

describe('Arabic customer messages', () => {
  it('say every message of the customer forms and calls in Arabic', () => {
    const messages = [
      ...Object.values(CUSTOMER_MESSAGES),
      ...Object.values(REVIEW_MESSAGES),
      ...Object.values(PHONE_MESSAGES),
      ...Object.values(FORM_MESSAGES_FR),
      UNKNOWN_WILAYA,
      'Commune inconnue',
      'Mode de livraison invalide',
      'Pas de point relais (stop desk) dans la wilaya Alger : choisissez la livraison à domicile',
      'Cette commune n’est pas dans la wilaya Alger',
      COMMUNE_MESSAGES.movedTo('Bou Saada', 68, 'Bou Saâda'),
      REFERENCE_IMAGE_REQUIRED,
      REGULAR_DELIVERY_ESTIMATE,
      CUSTOM_DELIVERY_ESTIMATE,
      // What the schemas actually say for empty, wrong and too long inputs.
      ...messagesOf(checkoutCustomerSchema, [{}, { fullName: long, phone: 'abc', address: long, zipCode: '12' }]),
      ...messagesOf(customOrderFormSchema, [{}, { isCup: false, size: '' }]),
      ...messagesOf(regularOrderSchema, [{}, { items: [] }, { items: [{ product_id: 1, quantity: 0 }] }]),
      ...messagesOf(customOrderFieldsSchema, [{}]),
      ...messagesOf(brandRatingCreateSchema, [{}, { customer_name: long, rating: 9, review: long, order_id: -1 }]),
      ...messagesOf(productRatingCreateSchema, [{}]),
    ];
    // Zod's own English words ("Invalid input") are for clients that send nonsense, not a person.
    const french = [...new Set(messages)].filter((m) =>
      /[àâçéèêëîïôûùü’']|^(Le|La|Votre|Montant|Code|Quantité|Type|Trop|Au)\b/.test(m),
    );
    expect(french.length).toBeGreaterThan(20);
    expect(french.filter((message) => !hasArabic(message))).toEqual([]);
    for (const message of french) expect(customerMessageInArabic(message)).toMatch(/[\u0600-\u06ff]/);
  });

  it('fills the numbers of the messages that carry one', () => {
    expect(customerMessageInArabic('Une commande compte au plus 30 articles différents')).toBe(
      'لا يمكن أن يتجاوز عدد المنتجات المختلفة في الطلب الواحد 30',
    );
    expect(customerMessageInArabic('Au plus 20 unités par article')).toBe(
      'لا يمكن أن تتجاوز كمية المنتج الواحد 20 في الطلب',
    );
    expect(customerMessageInArabic('Nothing like this')).toBe('Nothing like this');
    // A commune that left its wilaya: the new wilaya's number and Arabic name.
    expect(customerMessageInArabic(COMMUNE_MESSAGES.movedTo('Bou Saada', 68, 'Bou Saâda'))).toBe(
      'بلدية \u2066Bou Saada\u2069 أصبحت تابعة لولاية 68 - بوسعادة: اختر هذه الولاية',
    );
  });
});
