// The cart lives in the browser under localStorage "cart" (SPEC §3) and is restored at start.
// A tiny external store read with useSyncExternalStore, so every badge and page agree.
import { useSyncExternalStore } from 'react';

export interface CartLine {
  id: number;
  name: string;
  cost: number;
  src: string;
  /** Short size code; '' for products without sizes (DESIGN §3.3). */
  size: string;
  Quantity: number;
  color?: string;
}

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
  return typeof v.id === 'number' && typeof v.cost === 'number' && typeof v.Quantity === 'number' && v.Quantity >= 1;
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

function sameLine(a: Pick<CartLine, 'id' | 'size' | 'color'>, b: Pick<CartLine, 'id' | 'size' | 'color'>) {
  return a.id === b.id && a.size === b.size && (a.color ?? '') === (b.color ?? '');
}

export function getCart(): readonly CartLine[] {
  return lines;
}

/** Adds a line, merging quantities with the line of the same product, size and colour. */
export function addToCart(line: CartLine) {
  const existing = lines.find((l) => sameLine(l, line));
  if (existing) {
    commit(lines.map((l) => (l === existing ? { ...l, Quantity: l.Quantity + line.Quantity } : l)));
  } else {
    commit([...lines, line]);
  }
}

/** Sets a line's quantity; below 1 the line is removed (SPEC §4). */
export function setQuantity(key: Pick<CartLine, 'id' | 'size' | 'color'>, quantity: number) {
  if (quantity < 1) {
    removeFromCart(key);
    return;
  }
  commit(lines.map((l) => (sameLine(l, key) ? { ...l, Quantity: quantity } : l)));
}

export function removeFromCart(key: Pick<CartLine, 'id' | 'size' | 'color'>) {
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

/** The cart count is the number of lines (SPEC §4). */
export function useCartCount(): number {
  return useCart().length;
}
