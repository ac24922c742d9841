// The cart lives in the browser under localStorage "cart" (SPEC §3) and is restored at start.
// A tiny external store read with useSyncExternalStore, so every badge and page agree.
import { trackAdEvent } from '../marketing/pixels.ts';
import { useSyncExternalStore } from 'react';
import { foldText } from '@shop/domain/search-text';
import type { SizeScale } from '@shop/domain/variants';

export interface CartLine {
  id: number;
  name: string;
  /** The Arabic name, shown on the Arabic storefront; absent in older carts. */
  name_ar?: string | null;
  cost: number;
  src: string;
  /** The size's key ("M", "38", "2a", "TU"); '' for products without sizes (DESIGN §3.3). */
  size: string;
  Quantity: number;
  /** The colour's French name, as the order sends it; absent (or '') for a product without colours. */
  color?: string;
  /** The colour's Arabic name and swatch (#rrggbb), for the cart's display; absent in older carts. */
  color_ar?: string | null;
  swatch?: string;
  /** The size's scale when not letters ("numbers", "ages", "one"): how its label is said. */
  size_scale?: SizeScale;
  /** The size's stock when last known (added, or checked on the cart page): the quantity's cap. */
  max?: number;
}

type LineKey = Pick<CartLine, 'id' | 'size' | 'color'>;

export const CART_STORAGE_KEY = 'cart';

const listeners = new Set<() => void>();
let lines: readonly CartLine[] = readStorage();

function readStorage(): CartLine[] {
  try {
    const raw = globalThis.localStorage?.getItem(CART_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter(isLine) : [];
  } catch {
    return [];
  }
}

function isLine(value: unknown): value is CartLine {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'number' &&
    typeof v.cost === 'number' &&
    typeof v.Quantity === 'number' &&
    v.Quantity >= 1 &&
    (v.max === undefined || typeof v.max === 'number') &&
    (v.color === undefined || v.color === null || typeof v.color === 'string')
  );
}

function commit(next: CartLine[]) {
  lines = next;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the cart still works for this visit.
  }
  for (const listener of listeners) listener();
}

function sameLine(a: LineKey, b: LineKey) {
  return a.id === b.id && a.size === b.size && sameColor(a.color, b.color);
}

/** Lines match on id, colour and size (SPEC §3); a colour is compared as the server folds it. */
export function sameColor(a: string | null | undefined, b: string | null | undefined): boolean {
  return foldText(a ?? '').trim() === foldText(b ?? '').trim();
}

export function getCart(): readonly CartLine[] {
  return lines;
}

export function findLine(key: LineKey): CartLine | undefined {
  return lines.find((l) => sameLine(l, key));
}

export interface AddResult {
  /** The line's quantity now. */
  quantity: number;
  /** Units this call added (less than asked when the stock capped it). */
  added: number;
}

/**
 * Adds a line, merging quantities with the line of the same product, size and colour (SPEC §4).
 * With `max` (the size's stock), the line never holds more than that, across adds (SPEC §5), nor
 * more than `limit` (the units of one line an order may hold).
 */
export function addToCart(line: CartLine, limit = Number.POSITIVE_INFINITY): AddResult {
  const existing = findLine(line);
  const before = existing?.Quantity ?? 0;
  const max = line.max ?? existing?.max;
  const quantity = Math.min(before + line.Quantity, max ?? Number.POSITIVE_INFINITY, limit);
  if (quantity <= before) return { quantity: before, added: 0 };
  const next: CartLine = { ...(existing ?? line), ...line, Quantity: quantity, ...(max !== undefined ? { max } : {}) };
  commit(existing ? lines.map((l) => (l === existing ? next : l)) : [...lines, next]);
  const added = quantity - before;
  trackAdEvent('AddToCart', { value: next.cost * added, contents: [{ id: String(next.id), quantity: added }] });
  return { quantity, added };
}

/** Sets a line's quantity, never above its known stock; below 1 the line is removed (SPEC §4). */
export function setQuantity(key: LineKey, quantity: number) {
  if (quantity < 1) {
    removeFromCart(key);
    return;
  }
  commit(lines.map((l) => (sameLine(l, key) ? { ...l, Quantity: Math.min(quantity, l.max ?? quantity) } : l)));
}

/** Records the stock the server reported for each line (the cart page's check). */
export function setLineStock(
  stock: readonly { product_id: number; size: string; color?: string | undefined; available: number }[],
) {
  let changed = false;
  const next = lines.map((l) => {
    const found = stock.find((s) => s.product_id === l.id && s.size === l.size && sameColor(s.color, l.color));
    if (!found || found.available === l.max) return l;
    changed = true;
    return { ...l, max: found.available };
  });
  if (changed) commit(next);
}

/** Puts the server's unit prices on the lines (an order refused because prices changed). */
export function repriceCart(
  prices: readonly { product_id: number; size: string; color?: string | undefined; unit_price: number }[],
) {
  commit(
    lines.map((l) => {
      const found = prices.find((p) => p.product_id === l.id && p.size === l.size && sameColor(p.color, l.color));
      return found ? { ...l, cost: found.unit_price } : l;
    }),
  );
}

export function removeFromCart(key: LineKey) {
  commit(lines.filter((l) => !sameLine(l, key)));
}

export function clearCart() {
  commit([]);
}

/** Re-reads storage (tests, and another tab changing the cart). */
export function reloadCart() {
  lines = readStorage();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) reloadCart();
  });
}

export function useCart(): readonly CartLine[] {
  return useSyncExternalStore(subscribe, getCart, getCart);
}

/** Sold out since it was added (the cart page's stock check said none is left): not ordered. */
export function isSoldOut(line: CartLine): boolean {
  return line.max === 0;
}

/**
 * The cart badge counts units, not lines (SPEC §4 said lines): two T-shirts and a cream are 3
 * things in the cart, as a customer counts them.
 */
export function useCartCount(): number {
  return useCart().reduce((units, line) => units + line.Quantity, 0);
}
