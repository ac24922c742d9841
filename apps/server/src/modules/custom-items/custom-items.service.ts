// Custom-order catalogue (garments and the cup): lists stored as JSON text, prices in centimes.
import type { z } from 'zod';
import type { customOrderItemSchema } from '@shop/domain/custom-item-schemas';
import { toCentimes, toDa } from '@shop/domain/money';
import type { Db } from '../../db/connect.ts';
import type { CustomOrderItemRow } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import * as repo from './custom-items.repository.ts';

export const CUSTOM_ITEM_NOT_FOUND = 'Custom order item not found';

type CustomItemInput = z.output<typeof customOrderItemSchema>;

function parseStoredList(text: string | null): string[] | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

/** The API shape: arrays (sizes null for the cup), base_price in Da, active boolean. */
export function toCustomItem(row: CustomOrderItemRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    name_ar: row.name_ar,
    description_ar: row.description_ar,
    base_price: toDa(row.base_price_cents),
    available_sizes: parseStoredList(row.available_sizes),
    available_colors: parseStoredList(row.available_colors) ?? [],
    active: row.active === 1,
  };
}

function toValues(input: CustomItemInput): repo.CustomItemValues {
  return {
    name: input.name,
    description: input.description,
    ...(input.name_ar === undefined ? {} : { name_ar: input.name_ar }),
    ...(input.description_ar === undefined ? {} : { description_ar: input.description_ar }),
    base_price_cents: toCentimes(input.base_price),
    available_sizes: input.available_sizes === null ? null : JSON.stringify(input.available_sizes),
    available_colors: JSON.stringify(input.available_colors),
    active: input.active ? 1 : 0,
  };
}

export async function listCustomItems(db: Db, includeInactive: boolean) {
  const rows = await repo.listCustomItems(db.kysely, includeInactive);
  return rows.map(toCustomItem);
}

export async function createCustomItem(db: Db, input: CustomItemInput) {
  return toCustomItem(await repo.insertCustomItem(db.kysely, toValues(input), new Date().toISOString()));
}

export async function updateCustomItem(db: Db, id: number, input: CustomItemInput) {
  const row = await repo.updateCustomItem(db.kysely, id, toValues(input));
  if (!row) throw notFound(CUSTOM_ITEM_NOT_FOUND);
  return toCustomItem(row);
}

export async function toggleCustomItem(db: Db, id: number) {
  const row = await repo.toggleCustomItem(db.kysely, id);
  if (!row) throw notFound(CUSTOM_ITEM_NOT_FOUND);
  return toCustomItem(row);
}

export async function deleteCustomItem(db: Db, id: number): Promise<void> {
  const result = await repo.deleteCustomItem(db.kysely, id);
  if (Number(result.numDeletedRows) === 0) throw notFound(CUSTOM_ITEM_NOT_FOUND);
}
