import { beforeEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  CART_STORAGE_KEY,
  clearCart,
  getCart,
  reloadCart,
  removeFromCart,
  repriceCart,
  setLineStock,
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

  it("never holds more than the size's stock, across adds and in the cart (SPEC §5)", () => {
    expect(addToCart({ ...shirt, Quantity: 2, max: 3 })).toEqual({ quantity: 2, added: 2 });
    // Adding 2 more of a size with 3 in stock: only 1 fits.
    expect(addToCart({ ...shirt, Quantity: 2, max: 3 })).toEqual({ quantity: 3, added: 1 });
    expect(addToCart({ ...shirt, Quantity: 1, max: 3 })).toEqual({ quantity: 3, added: 0 });
    setQuantity(shirt, 36);
    expect(getCart()[0]!.Quantity).toBe(3);
    // The cart page learns the stock went down to 2: the cap follows.
    setLineStock([{ product_id: 1, size: 'M', available: 2 }]);
    setQuantity(shirt, 3);
    expect(getCart()[0]!.Quantity).toBe(2);
    // Nor more than one order may hold of a line, whatever the stock.
    clearCart();
    expect(addToCart({ ...shirt, Quantity: 15, max: 100 }, 20)).toEqual({ quantity: 15, added: 15 });
    expect(addToCart({ ...shirt, Quantity: 15, max: 100 }, 20)).toEqual({ quantity: 20, added: 5 });
  });

  it("takes the server's unit prices when an order was refused for changed prices", () => {
    addToCart(shirt);
    addToCart({ ...shirt, id: 2, cost: 500 });
    repriceCart([{ product_id: 1, size: 'M', unit_price: 1350 }]);
    expect(getCart().map((l) => l.cost)).toEqual([1350, 500]);
  });
});
