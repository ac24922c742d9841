import { describe, expect, it } from 'vitest';
import { planBatch, type HeldStock } from './order-batch-plan.ts';
import { lineKey } from '@shop/domain/order-lines';

/** Product 1 has sizes M (2) and L (5); product 2 has no sizes (4); coupon 7 has one use left. */
function held(): HeldStock {
  return {
    sizes: new Map([
      [lineKey({ product_id: 1, size: 'M' }), 2],
      [lineKey({ product_id: 1, size: 'L' }), 5],
    ]),
    products: new Map([
      [1, 7],
      [2, 4],
    ]),
    couponUsesLeft: new Map([
      [7, 1],
      [8, Infinity],
    ]),
  };
}

const m = (quantity: number) => ({ product_id: 1, size: 'M', quantity });
const l = (quantity: number) => ({ product_id: 1, size: 'L', quantity });
const plain = (quantity: number) => ({ product_id: 2, size: '', quantity });

describe('planning a batch of orders', () => {
  it('takes orders in arrival order until a size runs out, then refuses with the short line', () => {
    const plan = planBatch(
      [
        { stock: [m(1), plain(1)], couponId: null },
        { stock: [m(1)], couponId: null },
        { stock: [l(1), m(1)], couponId: null },
        { stock: [l(2)], couponId: null },
      ],
      held(),
    );
    expect(plan.outcomes).toEqual([
      { kind: 'take' },
      { kind: 'take' },
      { kind: 'short', short: [m(1)] },
      { kind: 'take' },
    ]);
    // The refused order's L is not taken: all or nothing.
    expect(plan.sizes).toEqual([l(2), m(2)]);
    expect(plan.products).toEqual([
      [1, 4],
      [2, 1],
    ]);
    expect(plan.couponUses).toEqual([]);
  });

  it('merges lines of one size before checking them, and refuses every line of a short product', () => {
    const plan = planBatch(
      [
        { stock: [m(1), m(1), m(1)], couponId: null },
        { stock: [plain(3), plain(2)], couponId: null },
        { stock: [plain(4)], couponId: null },
      ],
      held(),
    );
    expect(plan.outcomes).toEqual([
      { kind: 'short', short: [m(3)] },
      { kind: 'short', short: [plain(5)] },
      { kind: 'take' },
    ]);
    expect(plan.products).toEqual([[2, 4]]);
    expect(plan.sizes).toEqual([]);
  });

  it('refuses a product or size the batch did not find (deleted since the cart was priced)', () => {
    const plan = planBatch(
      [
        { stock: [{ product_id: 3, size: '', quantity: 1 }], couponId: null },
        { stock: [{ product_id: 1, size: 'XL', quantity: 1 }], couponId: null },
      ],
      held(),
    );
    expect(plan.outcomes.map((o) => o.kind)).toEqual(['short', 'short']);
  });

  it("counts a coupon's uses up to what is left, and a refused order takes neither stock nor a use", () => {
    const plan = planBatch(
      [
        { stock: [m(3)], couponId: 7 },
        { stock: [plain(1)], couponId: 7 },
        { stock: [plain(1)], couponId: 7 },
        { stock: [plain(1)], couponId: 9 },
        { stock: [l(1)], couponId: 8 },
        { stock: [l(1)], couponId: 8 },
      ],
      held(),
    );
    expect(plan.outcomes).toEqual([
      { kind: 'short', short: [m(3)] },
      { kind: 'take' },
      { kind: 'coupon-refused' },
      // Coupon 9 was not found usable (inactive, expired or deleted).
      { kind: 'coupon-refused' },
      { kind: 'take' },
      { kind: 'take' },
    ]);
    expect(plan.couponUses).toEqual([
      [7, 1],
      [8, 2],
    ]);
    expect(plan.products).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
