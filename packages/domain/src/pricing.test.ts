import { describe, expect, it } from 'vitest';
import {
  cartSubtotalCentimes,
  couponDiscount,
  discountOnNewSubtotal,
  finalPriceCentimes,
  orderTotals,
  shippingFeeDa,
} from './pricing.ts';
import { couponDisplayStatus, remainingUses } from './coupon-status.ts';
import { toShortSize } from './sizes.ts';
import { formatDa } from './money.ts';

describe('pricing', () => {
  it('applies the product discount to the list price', () => {
    expect(finalPriceCentimes(200_000, 25)).toBe(150_000);
    expect(finalPriceCentimes(199_900, 0)).toBe(199_900);
  });

  it('computes the order total as subtotal minus the coupon percentage plus shipping (SPEC §9)', () => {
    expect(orderTotals(300_000, 10, 50_000)).toEqual({
      subtotal: 300_000,
      discountPercentage: 10,
      discount: 30_000,
      shippingFee: 50_000,
      total: 320_000,
    });
  });

  it('finds a wilaya however it is spelled, and knows no fee for one that is not listed', () => {
    const wilayas = [
      { wilaya_name: 'Alger', price: 400 },
      { wilaya_name: 'Béjaïa', price: 700 },
    ];
    expect(shippingFeeDa(wilayas, 'ALGER')).toBe(400);
    expect(shippingFeeDa(wilayas, ' bejaia ')).toBe(700);
    expect(shippingFeeDa(wilayas, 'Nowhere')).toBeNull();
    expect(shippingFeeDa(wilayas, '')).toBeNull();
  });

  it("prices a commune priced apart at its own fee, however it is spelled, else at the wilaya's", () => {
    const wilayas = [
      {
        wilaya_name: 'Alger',
        price: 400,
        stop_desk_price: 300,
        communes: [
          { name: 'El Biar', price: 450, stop_desk_price: null },
          { name: 'Cheraga', price: null, stop_desk_price: 250 },
        ],
      },
      {
        wilaya_name: 'Tlemcen',
        price: 600,
        stop_desk_price: null,
        communes: [{ name: 'Maghnia', price: null, stop_desk_price: 350 }],
      },
    ];
    expect(shippingFeeDa(wilayas, 'Alger', 'home', 'el-biar')).toBe(450);
    expect(shippingFeeDa(wilayas, 'Alger', 'stop_desk', 'El Biar')).toBe(300);
    expect(shippingFeeDa(wilayas, 'Alger', 'home', 'Chéraga')).toBe(400);
    expect(shippingFeeDa(wilayas, 'Alger', 'stop_desk', 'Cheraga')).toBe(250);
    expect(shippingFeeDa(wilayas, 'Alger', 'home', 'Hydra')).toBe(400);
    expect(shippingFeeDa(wilayas, 'Alger', 'home')).toBe(400);
    expect(shippingFeeDa(wilayas, 'Tlemcen', 'stop_desk', 'Maghnia')).toBe(350);
    expect(shippingFeeDa(wilayas, 'Tlemcen', 'stop_desk', 'Remchi')).toBeNull();
  });

  it('sums cart lines as cost times quantity', () => {
    expect(
      cartSubtotalCentimes([
        { cost: 1500.5, Quantity: 2 },
        { cost: 100, Quantity: 1 },
      ]),
    ).toBe(310_100);
  });

  it('formats money in fr-DZ with two decimals and the Da suffix', () => {
    expect(formatDa(1234.5)).toMatch(/^1\s?234,50 Da$/);
  });
});

describe('coupon display status (SPEC §4)', () => {
  const today = '2026-06-15';
  it('checks inactive, then expired, then max used', () => {
    expect(
      couponDisplayStatus({ is_active: false, expiry_date: '2020-01-01', max_uses: 1, current_uses: 1 }, today),
    ).toBe('Inactive');
    expect(
      couponDisplayStatus({ is_active: true, expiry_date: '2026-06-14', max_uses: 1, current_uses: 1 }, today),
    ).toBe('Expired');
    expect(
      couponDisplayStatus({ is_active: true, expiry_date: '2026-06-15', max_uses: 2, current_uses: 2 }, today),
    ).toBe('Max Used');
    expect(
      couponDisplayStatus({ is_active: true, expiry_date: '2026-06-15', max_uses: null, current_uses: 9 }, today),
    ).toBe('Active');
  });
  it('counts remaining uses, never below 0', () => {
    expect(remainingUses({ max_uses: null, current_uses: 3 })).toBe('Unlimited');
    expect(remainingUses({ max_uses: 5, current_uses: 7 })).toBe(0);
    expect(remainingUses({ max_uses: 5, current_uses: 2 })).toBe(3);
  });
});

describe('sizes', () => {
  it('maps long names to short codes and unknown sizes to M (SPEC §5)', () => {
    expect(toShortSize('X-Large')).toBe('XL');
    expect(toShortSize('s')).toBe('S');
    expect(toShortSize('huge')).toBe('M');
  });
});

describe('a discount in Arabic', () => {
  it('keeps its minus before the digits in a right-to-left line (a left-to-right mark first)', () => {
    expect(formatDa(-588, 'ar')).toBe('\u200e-588,00\u00a0دج');
    expect(formatDa(-588)).toBe('-588,00 Da');
    expect(formatDa(588, 'ar')).toBe('588,00\u00a0دج');
  });
});

describe('a coupon of a fixed amount', () => {
  it('takes its amount off the subtotal, never more than the subtotal, and never the delivery', () => {
    expect(orderTotals(300_000, { amountCentimes: 50_000 }, 40_000)).toEqual({
      subtotal: 300_000,
      discountPercentage: 0,
      discount: 50_000,
      shippingFee: 40_000,
      total: 290_000,
    });
    expect(orderTotals(30_000, { amountCentimes: 50_000 }, 40_000)).toMatchObject({ discount: 30_000, total: 40_000 });
    expect(
      orderTotals(300_000, couponDiscount({ discount_percentage: 0, discount_amount_cents: 50_000 }), 0).discount,
    ).toBe(50_000);
    expect(
      orderTotals(300_000, couponDiscount({ discount_percentage: 10, discount_amount_cents: null }), 0).discount,
    ).toBe(30_000);
  });

  it('keeps its amount when the lines change, at most the new subtotal; a percentage follows the subtotal', () => {
    expect(discountOnNewSubtotal({ discount_percentage: 0, discount_cents: 50_000 }, 80_000)).toBe(50_000);
    expect(discountOnNewSubtotal({ discount_percentage: 0, discount_cents: 50_000 }, 20_000)).toBe(20_000);
    expect(discountOnNewSubtotal({ discount_percentage: 10, discount_cents: 3_000 }, 80_000)).toBe(8_000);
    expect(discountOnNewSubtotal({ discount_percentage: 0, discount_cents: 0 }, 80_000)).toBe(0);
  });
});
