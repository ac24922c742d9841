import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from './order-status.ts';
import { confirmationFor, holdings, statusChoices, transition, type OrderPosition } from './order-transitions.ts';

const at = (status: OrderPosition['status'], facts: Partial<OrderPosition> = {}): OrderPosition => ({
  status,
  reserved: true,
  hasParcel: false,
  returnReceived: false,
  ...facts,
});

describe('the transition table', () => {
  it('gives back the units and the coupon use on a cancel, and takes them again on a reopen', () => {
    expect(transition(at('approved'), 'cancelled')).toEqual({
      ok: true,
      effects: { stock: 'give', coupon: 'give', cancelParcel: false, release: false },
    });
    expect(transition(at('cancelled'), 'pending')).toMatchObject({
      ok: true,
      effects: { stock: 'take', coupon: 'take' },
    });
  });

  it('returns the coupon use when the parcel comes back, and the units only once it is received', () => {
    expect(transition(at('shipping'), 'returned')).toMatchObject({ effects: { stock: null, coupon: 'give' } });
    expect(holdings(at('returned'))).toEqual({ stock: true, coupon: false });
    expect(holdings(at('returned', { returnReceived: true }))).toEqual({ stock: false, coupon: false });
    expect(transition(at('returned', { returnReceived: true }), 'shipping')).toEqual({
      ok: false,
      refusal: 'returnedIsFinal',
    });
  });

  it('reaches returned from shipping only', () => {
    for (const from of ORDER_STATUSES.filter((s) => s !== 'shipping' && s !== 'returned')) {
      expect(transition(at(from), 'returned')).toEqual({ ok: false, refusal: 'returnOnlyFromShipping' });
    }
    expect(statusChoices(at('returned'))).toEqual(['shipping', 'returned']);
  });

  it('asks the courier first to cancel an order that has a parcel', () => {
    expect(transition(at('shipping', { hasParcel: true }), 'cancelled')).toMatchObject({
      ok: true,
      effects: { cancelParcel: true },
    });
  });

  it('lets a held order take its units only when released, and not when cancelled', () => {
    const held = at('pending', { reserved: false });
    expect(holdings(held)).toEqual({ stock: false, coupon: true });
    expect(transition(held, 'approved')).toMatchObject({ effects: { stock: 'take', release: true } });
    expect(transition(held, 'cancelled')).toMatchObject({ effects: { stock: null, coupon: 'give', release: false } });
  });

  it('keeps the call state with the status', () => {
    expect(confirmationFor('pending', 'confirmed')).toBe('to_confirm');
    expect(confirmationFor('pending', 'call_back')).toBe('call_back');
    expect(confirmationFor('approved', 'to_confirm')).toBe('confirmed');
    expect(confirmationFor('cancelled', 'refused')).toBe('refused');
  });
});
