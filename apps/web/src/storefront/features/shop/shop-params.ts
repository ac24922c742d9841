// The shop's state lives in the query string: page, type, min, max (SPEC §2, §4), and the colour
// (`couleur`, a colour's slug) and size (`taille`, a size's key) of issue 30.
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';

export interface ShopParams {
  page: number;
  type: number | undefined;
  min: number;
  max: number;
  color: string | undefined;
  size: string | undefined;
}

/** The address's names of the colour and size filters (French, as the shop's addresses are). */
export const COLOR_FILTER = 'couleur';
export const SIZE_FILTER = 'taille';

function text(value: string | null): string | undefined {
  const trimmed = value?.trim().slice(0, 60);
  return trimmed ? trimmed : undefined;
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
    color: text(search.get(COLOR_FILTER)),
    size: text(search.get(SIZE_FILTER)),
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
  if (params.color !== undefined) search.set(COLOR_FILTER, params.color);
  if (params.size !== undefined) search.set(SIZE_FILTER, params.size);
  return search;
}

/** Changing the type or the price goes back to page 1 (SPEC §4). */
export function withType(params: ShopParams, type: number | undefined): ShopParams {
  return { ...params, type, page: 1 };
}

export function withPrice(params: ShopParams, min: number, max: number): ShopParams {
  return { ...params, min, max, page: 1 };
}

export function withColor(params: ShopParams, color: string | undefined): ShopParams {
  return { ...params, color, page: 1 };
}

export function withSize(params: ShopParams, size: string | undefined): ShopParams {
  return { ...params, size, page: 1 };
}

/** Whether any filter is set (the "Effacer les filtres" button shows). */
export function hasFilters(params: ShopParams): boolean {
  return (
    params.type !== undefined ||
    params.color !== undefined ||
    params.size !== undefined ||
    params.min !== PRICE_SLIDER_MIN ||
    params.max !== PRICE_SLIDER_MAX
  );
}

/** Every filter cleared, back to page 1. */
export function withoutFilters(): ShopParams {
  return {
    page: 1,
    type: undefined,
    min: PRICE_SLIDER_MIN,
    max: PRICE_SLIDER_MAX,
    color: undefined,
    size: undefined,
  };
}
