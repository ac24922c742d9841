import { describe, expect, it } from 'vitest';
import { typedTextProblem } from './typed-text.ts';
import { regularOrderSchema } from './order-schemas.ts';
import { brandRatingCreateSchema } from './rating-schemas.ts';
import { checkoutCustomerSchema } from './form-schemas.ts';
import { CUSTOMER_MESSAGES, REVIEW_MESSAGES } from './customer-fields.ts';

describe('what a person may type into a name or a text', () => {
  it.each([
    'Amina Kaci',
    'Aït Ahmed',
    'O’Brien-Zoë',
    'عبد الله',
    // Tashkeel on letters.
    'عَبْدُ اللّٰه',
    // A right-to-left mark inside a name written in both scripts, a zero-width non-joiner.
    'Amina \u200fأمينة',
    'می\u200cخواهم',
    'Amina 🌸',
  ])('keeps the name %j', (name) => {
    expect(typedTextProblem(name, 'name')).toBeNull();
  });

  it.each([
    ['\u202eanimA', 'an override turning the rest around'],
    ['Amina\u202c', 'a pop of direction'],
    ['\u2066Amina\u2069', 'an isolate'],
    ['\u202aAmina', 'an embedding'],
    ['Amina\nKaci', 'a line break in one line'],
    ['Amina\tKaci', 'a tab in one line'],
    ['Amina\u2028Kaci', 'a line separator'],
    ['Am\u0000ina', 'a NUL'],
    ['Amina\u0085', 'a C1 control'],
    ['Amina\u007f', 'DEL'],
  ])('refuses %j (%s)', (text) => {
    expect(typedTextProblem(text, 'name')).toBe('characters');
    expect(typedTextProblem(text, 'line')).toBe('characters');
  });

  it.each([
    ['\u200b\u200b', 'zero-width spaces'],
    ['\u200e\u200f\u061c', 'direction marks alone'],
    ['\u0651\u064e', 'tashkeel without a letter'],
    ['\u3164\u3164', 'Hangul fillers'],
    ['\u2800', 'the blank braille cell'],
    ['ـــ', 'tatweel alone'],
    ['\u00ad\ufeff', 'a soft hyphen and a byte-order mark'],
  ])('refuses %j as blank (%s)', (text) => {
    expect(typedTextProblem(text, 'name')).toBe('blank');
    expect(typedTextProblem(text, 'text')).toBe('blank');
  });

  it('wants a letter in a name, not in an address', () => {
    expect(typedTextProblem('1234', 'name')).toBe('letters');
    expect(typedTextProblem('...', 'name')).toBe('letters');
    expect(typedTextProblem('🌸', 'name')).toBe('letters');
    expect(typedTextProblem('12', 'line')).toBeNull();
  });

  it('keeps the line breaks and tabs of a text of several lines, not its controls', () => {
    expect(typedTextProblem('Très bien.\r\nMerci !\n\tAmina', 'text')).toBeNull();
    expect(typedTextProblem('Très bien\u202e', 'text')).toBe('characters');
    expect(typedTextProblem('Très\u000bbien', 'text')).toBe('characters');
  });
});

describe('the customer schemas say it in French', () => {
  const order = {
    customer_phone: '0555123456',
    customer_address: 'Alger | 12 rue Didouche Mourad',
    customer_postal_code: '16000',
    subtotal: 1000,
    shipping_fee: 400,
    items: [{ product_id: 1, quantity: 1 }],
  };
  const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it('refuses a blank, reversed or letterless name and a blank address, and keeps a real one', () => {
    const name = (customer_name: string) => firstMessage(regularOrderSchema.safeParse({ ...order, customer_name }));
    expect(name('\u202e\u200b')).toBe(CUSTOMER_MESSAGES.nameCharacters);
    expect(name('\u200b\u200f')).toBe(CUSTOMER_MESSAGES.nameRequired);
    expect(name(' \u3164 ')).toBe(CUSTOMER_MESSAGES.nameRequired);
    expect(name('1234')).toBe(CUSTOMER_MESSAGES.nameLetters);
    expect(name('Amina\r\nKaci')).toBe(CUSTOMER_MESSAGES.nameCharacters);
    expect(regularOrderSchema.safeParse({ ...order, customer_name: 'عبد الله' }).success).toBe(true);
    const address = firstMessage(
      regularOrderSchema.safeParse({ ...order, customer_name: 'Amina', customer_address: '\u200b' }),
    );
    expect(address).toBe(CUSTOMER_MESSAGES.addressRequired);
  });

  it('the storefront forms refuse the same, before anything is sent', () => {
    const form = checkoutCustomerSchema.safeParse({
      fullName: '\u202eanimA',
      phoneNumber: '0555123456',
      address: 'x\u2066',
      wilaya: 'Alger',
      deliveryType: 'home',
      commune: 'Hydra',
      zipCode: '16000',
    });
    expect(form.error?.issues.map((i) => i.message)).toEqual([
      CUSTOMER_MESSAGES.nameCharacters,
      CUSTOMER_MESSAGES.addressCharacters,
    ]);
  });

  it('a review keeps its lines; a blank or reversed one, or its author, is refused', () => {
    const review = (fields: Record<string, string>) =>
      brandRatingCreateSchema.safeParse({
        customer_name: 'Amina',
        customer_phone: '0555123456',
        review: 'Bien',
        ...fields,
      });
    expect(review({ review: 'Très bien.\nMerci !' }).data?.review).toBe('Très bien.\nMerci !');
    expect(firstMessage(review({ review: '\u200b\u200b' }))).toBe(REVIEW_MESSAGES.reviewRequired);
    expect(firstMessage(review({ review: 'Bien\u202e' }))).toBe(REVIEW_MESSAGES.reviewCharacters);
    expect(firstMessage(review({ customer_name: '\u2067' }))).toBe(REVIEW_MESSAGES.nameCharacters);
    expect(firstMessage(review({ customer_name: '\u200d' }))).toBe(REVIEW_MESSAGES.nameRequired);
  });
});
