import { describe, expect, it } from 'vitest';
import { moneySchema, parseAmount } from './common-schemas.ts';

describe('amounts as people type them', () => {
  it.each([
    [1250, 1250],
    ['1250', 1250],
    ['1250.50', 1250.5],
    ['1250,50', 1250.5],
    ['1 250,50', 1250.5],
    ['1\u202f250,5', 1250.5],
  ])('reads %j as %s', (typed, amount) => {
    expect(parseAmount(typed)).toBe(amount);
  });

  it('never reads a comma as thousands, and says what is missing or wrong', () => {
    const price = moneySchema('Price');
    expect(price.safeParse('1250,50').data).toBe(1250.5);
    for (const [typed, message] of [
      ['', 'Price is required'],
      ['   ', 'Price is required'],
      [null, 'Price is required'],
      [undefined, 'Price is required'],
      ['1.250,50', 'Price must be a number, like 1250 or 1250,50'],
      ['12a', 'Price must be a number, like 1250 or 1250,50'],
      ['-5', 'Price must be at least 0'],
      ['10.123', 'Price can have at most two decimals'],
    ] as const) {
      expect(price.safeParse(typed).error?.issues[0]?.message, JSON.stringify(typed)).toBe(message);
    }
  });
});
