import { describe, expect, it } from 'vitest';
import { trackQuerySchema } from './order-desk-schemas.ts';
import { ORDER_NUMBER_MESSAGES, orderNumberError, readOrderNumber } from './order-number.ts';

describe('readOrderNumber', () => {
  it.each([
    ['1234', 1234],
    [' #1234 ', 1234],
    ['n° 12 34', 1234],
    ['N°7', 7],
    ['2147483647', 2_147_483_647],
  ])('reads %j as %d', (typed, n) => expect(readOrderNumber(typed)).toBe(n));

  it.each(['', '0', '-3', '12a', '1.5', '2147483648', '# ', '##12'])('refuses %j', (typed) =>
    expect(readOrderNumber(typed)).toBeNull(),
  );

  it('names what is wrong, and reads what the server reads', () => {
    expect(orderNumberError('  ')).toBe(ORDER_NUMBER_MESSAGES.required);
    expect(orderNumberError('abc')).toBe(ORDER_NUMBER_MESSAGES.invalid);
    expect(orderNumberError('#12')).toBeNull();
    const server = trackQuerySchema.safeParse({ order_id: '2147483648', phone: '0555123456' });
    expect(server.error?.issues[0]?.message).toBe(ORDER_NUMBER_MESSAGES.invalid);
    expect(trackQuerySchema.parse({ order_id: String(readOrderNumber('#42')), phone: '0555 12 34 56' })).toEqual({
      order_id: 42,
      phone: '0555123456',
    });
  });
});
