import { describe, expect, it } from 'vitest';
import { customerPhoneSchema, normalizeAlgerianPhone, PHONE_MESSAGES } from './phone.ts';
import { formatAlgerianPhone, phoneError } from './phone-number.ts';

describe('normalizeAlgerianPhone', () => {
  it.each([
    ['0555123456', '0555123456'],
    ['0555 12 34 56', '0555123456'],
    ['0555-12-34-56', '0555123456'],
    ['0555.12.34.56', '0555123456'],
    ['+213 555 12 34 56', '0555123456'],
    ['+213 (0) 555 12 34 56', '0555123456'],
    ['00213 661 23 45 67', '0661234567'],
    ['213771234567', '0771234567'],
    ['555 12 34 56', '0555123456'],
    ['021 23 45 67', '021234567'],
    ['+213 31 92 00 00', '031920000'],
  ])('reads %s as %s', (typed, stored) => {
    expect(normalizeAlgerianPhone(typed)).toBe(stored);
  });

  it.each(['1234567890', '0855123456', '055512345', '05551234567', '0555abc456', '+33 6 12 34 56 78', '', '0'])(
    'refuses %s',
    (typed) => {
      expect(normalizeAlgerianPhone(typed)).toBeNull();
    },
  );
});

describe('formatAlgerianPhone', () => {
  it('groups a stored number as Algerians write it, and leaves anything else as it is', () => {
    expect(formatAlgerianPhone('0555123456')).toBe('0555 12 34 56');
    expect(formatAlgerianPhone('021234567')).toBe('021 23 45 67');
    expect(formatAlgerianPhone('12345')).toBe('12345');
  });
});

describe('customerPhoneSchema', () => {
  it('stores the national form and names what is wrong', () => {
    expect(customerPhoneSchema.parse(' +213 555 12 34 56 ')).toBe('0555123456');
    expect(customerPhoneSchema.safeParse('').error?.issues[0]?.message).toBe(PHONE_MESSAGES.required);
    expect(customerPhoneSchema.safeParse('1234567890').error?.issues[0]?.message).toBe(PHONE_MESSAGES.invalid);
  });
});

describe('phoneError (the rule without zod, for light pages)', () => {
  it.each([
    '',
    '   ',
    '0555 12 34 56',
    '+213 661 23 45 67',
    '021 23 45 67',
    '1234567890',
    '0555abc456',
    '0'.repeat(31),
  ])('says what the schema says of %j', (typed) => {
    const parsed = customerPhoneSchema.safeParse(typed);
    expect(phoneError(typed)).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
  });
});
