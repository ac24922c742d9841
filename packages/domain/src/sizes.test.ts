import { describe, expect, it } from 'vitest';
import { cartSize, lineSize, toShortSize } from './sizes.ts';

describe('sizes', () => {
  it('maps long names to short codes; toShortSize defaults to M as SPEC §5 says', () => {
    expect(toShortSize('X-Large')).toBe('XL');
    expect(toShortSize('géant')).toBe('M');
  });

  it('a cart size: short code or long name, empty for none, null for anything else', () => {
    expect(cartSize(' xl ')).toBe('XL');
    expect(cartSize('Medium')).toBe('M');
    expect(cartSize('')).toBe('');
    expect(cartSize('géant')).toBeNull();
  });

  it('one rule for the order and the stock check: the size a line names for its product', () => {
    const shirt = { has_sizes: true, sizes: ['S', 'M'] };
    const soap = { has_sizes: false, sizes: [] };
    expect(lineSize(shirt, 'Small')).toEqual({ size: 'S' });
    expect(lineSize(shirt, 'XL')).toEqual({ problem: 'sizeInvalid' });
    expect(lineSize(shirt, 'géant')).toEqual({ problem: 'sizeInvalid' });
    expect(lineSize(shirt, '')).toEqual({ problem: 'sizeRequired' });
    expect(lineSize(soap, '')).toEqual({ size: '' });
    expect(lineSize(soap, 'M')).toEqual({ problem: 'sizeNotExpected' });
  });
});
