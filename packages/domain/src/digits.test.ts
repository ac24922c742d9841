import { describe, expect, it } from 'vitest';
import { toAsciiDigits } from './digits.ts';
import { checkoutCustomerSchema, customOrderFormSchema } from './form-schemas.ts';
import { orderLineSchema, regularOrderSchema } from './order-schemas.ts';
import { readOrderNumber } from './order-number.ts';
import { trackQuerySchema } from './order-desk-schemas.ts';
import { formatAlgerianPhone, normalizeAlgerianPhone, phoneError } from './phone-number.ts';

describe('toAsciiDigits', () => {
  it('writes Arabic-Indic and Persian digits as ASCII, and leaves the rest', () => {
    expect(toAsciiDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toAsciiDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toAsciiDigits('رقم ١٢ et 34, n° ۵')).toBe('رقم 12 et 34, n° 5');
    expect(toAsciiDigits('')).toBe('');
  });
});

describe('every number a customer types reads Arabic-Indic digits', () => {
  it('the phone', () => {
    expect(normalizeAlgerianPhone('٠٦٦١٢٣٤٥٦٧')).toBe('0661234567');
    expect(normalizeAlgerianPhone('۰۶۶۱ ۲۳ ۴۵ ۶۷')).toBe('0661234567');
    expect(normalizeAlgerianPhone('+٢١٣ ٦٦١ ٢٣ ٤٥ ٦٧')).toBe('0661234567');
    expect(phoneError('٠٦٦١٢٣٤٥٦٧')).toBeNull();
  });

  it('the postal code, in both forms and in the order the server reads', () => {
    const customer = {
      fullName: 'سمير',
      phoneNumber: '٠٦٦١٢٣٤٥٦٧',
      address: 'حي النصر',
      wilaya: 'Tlemcen',
      deliveryType: 'home',
      commune: 'Tlemcen',
      zipCode: '١٣٠٠٠',
    } as const;
    expect(checkoutCustomerSchema.parse(customer)).toMatchObject({ zipCode: '13000', phoneNumber: '0661234567' });
    expect(
      customOrderFormSchema.parse({ ...customer, clothingType: '1', isCup: false, size: 'M', color: 'Noir' }),
    ).toMatchObject({ zipCode: '13000' });
    const order = regularOrderSchema.parse({
      customer_name: 'سمير',
      customer_phone: '٠٦٦١٢٣٤٥٦٧',
      customer_address: 'Tlemcen | حي النصر',
      customer_postal_code: '۱۳۰۰۰',
      subtotal: '1200',
      shipping_fee: '400',
      items: [{ product_id: 1, quantity: '٢' }],
    });
    expect(order).toMatchObject({
      customer_phone: '0661234567',
      customer_postal_code: '13000',
      items: [{ product_id: 1, quantity: 2 }],
    });
  });

  it('a postal code of another length is still refused', () => {
    expect(checkoutCustomerSchema.shape.zipCode.safeParse('١٣٠٠').success).toBe(false);
  });

  it('the quantity and the order number to follow', () => {
    expect(orderLineSchema.parse({ product_id: 3, quantity: '١٠' }).quantity).toBe(10);
    expect(readOrderNumber('#١٢٣٤')).toBe(1234);
    expect(trackQuerySchema.parse({ order_id: '۴۲', phone: '٠٥٥٥١٢٣٤٥٦' })).toEqual({
      order_id: 42,
      phone: '0555123456',
    });
  });
});

describe('formatAlgerianPhone', () => {
  it('groups a stored number as people read it', () => {
    expect(formatAlgerianPhone('0661234567')).toBe('0661 23 45 67');
    expect(formatAlgerianPhone('021234567')).toBe('021 23 45 67');
    expect(formatAlgerianPhone('+33 1')).toBe('+33 1');
  });
});
