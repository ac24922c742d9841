// The shop's state lives in the query string: page, type, min, max (SPEC §2, §4).
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';

export interface ShopParams {
  page: number;
  type: number | undefined;
  min: number;
  max: number;
}

function positiveInt(value: string | null): number | undefined {
  if (value === null) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function price(value: string | null, fallback: number): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? Math.min(PRICE_SLIDER_MAX, Math.max(PRICE_SLIDER_MIN, n)) : fallback;
}

export function readShopParams(search: URLSearchParams): ShopParams {
  return {
    page: positiveInt(search.get('page')) ?? 1,
    type: positiveInt(search.get('type')),
    min: price(search.get('min'), PRICE_SLIDER_MIN),
    max: price(search.get('max'), PRICE_SLIDER_MAX),
  };
}

/** Page 1 and the default price bounds are left out of the URL. */
export function writeShopParams(params: ShopParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.page > 1) search.set('page', String(params.page));
  if (params.type !== undefined) search.set('type', String(params.type));
  if (params.min !== PRICE_SLIDER_MIN || params.max !== PRICE_SLIDER_MAX) {
    search.set('min', String(params.min));
    search.set('max', String(params.max));
  }
  return search;
}

/** Changing the type or the price goes back to page 1 (SPEC §4). */
export function withType(params: ShopParams, type: number | undefined): ShopParams {
  return { ...params, type, page: 1 };
}

export function withPrice(params: ShopParams, min: number, max: number): ShopParams {
  return { ...params, min, max, page: 1 };
}
