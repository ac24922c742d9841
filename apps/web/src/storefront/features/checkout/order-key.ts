// The Idempotency-Key sent with an order (the server's orders/order-keys.ts): the same key for the
// same order sent again — a retry after no answer came, even after a reload — so the server
// answers with the order it placed instead of placing it twice; a new key for another order, or
// once an order went through. Kept in sessionStorage (this tab) with a hash of what was sent.

const STORAGE_KEY = 'shop.order-key';

interface Remembered {
  content: string;
  key: string;
}

/** Where the key lives when sessionStorage cannot be used (private modes, full storage). */
let inMemory: Remembered | null = null;

/** 32-bit FNV-1a of the text, in base 36: enough to tell one order from another in one tab. */
function hashOf(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}:${text.length}`;
}

/** 32 hex digits from the browser's random source (randomUUID needs HTTPS; this does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function remembered(): Remembered | null {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (value && typeof value === 'object' && 'content' in value && 'key' in value) {
      const { content, key } = value as Record<string, unknown>;
      if (typeof content === 'string' && typeof key === 'string') return { content, key };
    }
    return null;
  } catch {
    return inMemory;
  }
}

function remember(value: Remembered | null): void {
  inMemory = value;
  try {
    if (value) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // The in-memory copy serves this page.
  }
}

/** The key for sending `order`: the one it was sent with before, or a new one. */
export function orderKeyFor(order: unknown): string {
  const content = hashOf(JSON.stringify(order) ?? '');
  const before = remembered();
  if (before?.content === content) return before.key;
  const key = newKey();
  remember({ content, key });
  return key;
}

/** The order went through: the next one, even identical, is a new order. */
export function forgetOrderKey(): void {
  remember(null);
}
