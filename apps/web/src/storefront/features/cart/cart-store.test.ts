import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  getCart,
  reloadCart,
  removeFromCart,
  setQuantity,
} from './cart-store.ts';

const shirt = { id: 1, name: 'T-shirt', cost: 1200, src: '/uploads/a.webp', size: 'M', Quantity: 1 };

describe('cart store', () => {
  beforeEach(() => clearCart());

  it('merges quantities for the same product, size and colour, and keeps other sizes apart', () => {
    addToCart(shirt);
    addToCart({ ...shirt, Quantity: 2 });
    addToCart({ ...shirt, size: 'L' });
    addToCart({ ...shirt, color: 'Rouge' });
    expect(getCart().map((l) => [l.size, l.color ?? '', l.Quantity])).toEqual([
      ['M', '', 3],
      ['L', '', 1],
      ['M', 'Rouge', 1],
    ]);
    // The count is the number of lines, not the number of items.
    expect(getCart()).toHaveLength(3);
  });

  it('removes a line whose quantity goes below 1, and on remove', () => {
    addToCart(shirt);
    addToCart({ ...shirt, id: 2 });
    setQuantity(shirt, 0);
    expect(getCart().map((l) => l.id)).toEqual([2]);
    removeFromCart({ id: 2, size: 'M' });
    expect(getCart()).toEqual([]);
  });

  it('persists under localStorage "cart" and is restored', () => {
    addToCart(shirt);
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([shirt]);
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ ...shirt, Quantity: 4 }, { broken: true }]));
    reloadCart();
    expect(getCart()).toEqual([{ ...shirt, Quantity: 4 }]);
  });
});
