import { describe, expect, it } from 'vitest';
import { idSchema, moneySchema, parseAmount, percentSchema, queryInteger } from './common-schemas.ts';

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

describe('numbers in payloads', () => {
  it('reads a JSON number or its decimal digits, nothing else', () => {
    expect(idSchema.safeParse(12).data).toBe(12);
    expect(idSchema.safeParse('12').data).toBe(12);
    for (const loose of [true, false, [1], ['1'], { id: 1 }, '0x1', '0b1', '1e3', '+1', '', ' ', null, '1.0', 1.5, 0]) {
      expect(idSchema.safeParse(loose).error?.issues[0]?.message, JSON.stringify(loose)).toBe('Invalid id');
    }
  });

  it('a percentage may have decimals, given as a number or digits with a point', () => {
    const percent = percentSchema('Discount must be between 0 and 100');
    expect(percent.safeParse('12.5').data).toBe(12.5);
    expect(percent.safeParse(12.5).data).toBe(12.5);
    for (const loose of [true, [10], '0x10', '1e1', '', 'Infinity', 101, -1]) {
      expect(percent.safeParse(loose).success, JSON.stringify(loose)).toBe(false);
    }
  });

  it('a query string page is its digits', () => {
    const page = queryInteger(1, 100, 'page');
    expect(page.safeParse('3').data).toBe(3);
    expect(page.safeParse('0x3').error?.issues[0]?.message).toBe('page must be a whole number from 1 to 100');
    expect(page.safeParse('3.5').success).toBe(false);
  });
});
