import { describe, expect, it } from 'vitest';
import { checkoutDraftSchema } from './checkout-drafts.ts';

const draft = { checkout: 'cart', customer_name: 'Sara', customer_phone: '0555123456' } as const;

describe('a checkout draft’s lines', () => {
  it('keep a line’s colour (its French name) and leave it out when there is none', () => {
    const parsed = checkoutDraftSchema.parse({
      ...draft,
      lines: [
        { product_id: 7, size: 'M', quantity: 2, color: ' Rouge ' },
        { product_id: 8, size: '', quantity: 1, color: '' },
        { product_id: 9, size: 'L', quantity: 1 },
      ],
    });
    expect(parsed.lines).toEqual([
      { product_id: 7, size: 'M', quantity: 2, color: 'Rouge' },
      { product_id: 8, size: '', quantity: 1 },
      { product_id: 9, size: 'L', quantity: 1 },
    ]);
    // Stored as JSON: a line without a colour has no colour key.
    expect(JSON.stringify(parsed.lines[1])).toBe('{"product_id":8,"size":"","quantity":1}');
  });

  it('refuse a colour too long or with control characters', () => {
    for (const color of ['R'.repeat(51), 'Rou\u0000ge']) {
      const result = checkoutDraftSchema.safeParse({
        ...draft,
        lines: [{ product_id: 7, size: 'M', quantity: 1, color }],
      });
      expect(result.success).toBe(false);
    }
  });
});
