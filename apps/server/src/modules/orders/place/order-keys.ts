// Idempotency keys: an order sent again after its answer was lost is answered with the order
// already placed, never placed twice. The storefront sends `Idempotency-Key` with each order and
// the same key when it sends the same order again (a retry after a dropped connection, a 502, a
// reload); the key of every order placed with one is kept with a fingerprint of what was ordered.
// The same key with another order is refused (422) rather than answered with the wrong order.
// Two copies racing (in one batch, or in two processes) are settled by the key's primary key: the
// batch of the second fails, its orders are written again one by one (order-batch.ts), and the
// copy then finds the key of the first.
import { createHash } from 'node:crypto';
import type { Executor, OrderRow } from '../../../db/database.ts';
import { badRequest, unprocessable } from '../../../http/errors.ts';
import { ORDER_MESSAGES } from '../order-messages.ts';
import * as repo from '../orders.repository.ts';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** A UUID (what the storefront sends) or any 16 to 100 letters, digits, "-" and "_". */
const KEY_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

export interface OrderKey {
  key: string;
  fingerprint: string;
}

/** The same JSON for the same content whatever the order of its object keys. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The request's key with the fingerprint of `content` (the validated order), or undefined. */
export function orderKeyOf(header: string | string[] | undefined, content: unknown): OrderKey | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? undefined : header.trim();
  if (!key || !KEY_PATTERN.test(key)) throw badRequest(ORDER_MESSAGES.idempotencyKeyInvalid);
  return { key, fingerprint: createHash('sha256').update(canonical(content)).digest('base64url') };
}

/** A key this shop placed an order with, and what that order was. */
export interface KnownKey {
  fingerprint: string;
  order_id: number;
}

/** Looks up keys (the pricing reads gather the lookups of the orders arriving together). */
export interface KeyLookup {
  load: (key: string) => Promise<KnownKey | undefined>;
}

/**
 * The order a key already placed, when the request carries a known key: the same order again is
 * answered with it; another order under the same key is a 422.
 */
export async function orderPlacedWith(
  db: Executor,
  keys: KeyLookup,
  key: OrderKey | undefined,
): Promise<OrderRow | undefined> {
  if (!key) return undefined;
  const known = await keys.load(key.key);
  return known ? placedBefore(db, key, known) : undefined;
}

/** The order of a known key, checked against what this request orders. */
export async function placedBefore(db: Executor, key: OrderKey, known: KnownKey): Promise<OrderRow> {
  if (known.fingerprint !== key.fingerprint) throw unprocessable(ORDER_MESSAGES.idempotencyKeyReused);
  return repo.findOrderOrThrow(db, known.order_id);
}

/** True when `error` is the database refusing a second row for a key (a copy won the race). */
export function isDuplicateKey(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${(error as { detail?: string }).detail ?? ''}` : '';
  return /order_keys/.test(text) && /(duplicate key|UNIQUE constraint failed)/i.test(text);
}
