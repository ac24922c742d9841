import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetOrderKey, orderKeyFor } from './order-key.ts';

const ORDER = { customer_phone: '0555123456', items: [{ product_id: 1, quantity: 2, size: 'M' }] };

describe('the Idempotency-Key of an order', () => {
  afterEach(() => {
    forgetOrderKey();
    sessionStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is the same for the same order sent again, even after a reload, and one the server accepts', async () => {
    const key = orderKeyFor(ORDER);
    expect(key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(orderKeyFor({ ...ORDER })).toBe(key);
    // A reload: the module starts again, the tab's sessionStorage stays.
    vi.resetModules();
    const reloaded = await import('./order-key.ts');
    expect(reloaded.orderKeyFor(ORDER)).toBe(key);
  });

  it('is new for another order, and once an order went through', () => {
    const key = orderKeyFor(ORDER);
    expect(orderKeyFor({ ...ORDER, customer_phone: '0555123457' })).not.toBe(key);
    const other = orderKeyFor(ORDER);
    forgetOrderKey();
    expect(orderKeyFor(ORDER)).not.toBe(other);
  });
});
