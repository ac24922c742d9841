// The colours and sizes of the products the shop's other filters select, with their counts
// (GET /product/facets, issue 30): the shop's colour and size filters.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRICE_SLIDER_MAX, PRICE_SLIDER_MIN } from '@shop/domain/constants';
import { apiRequest } from '../../../../lib/api.ts';

export interface ColorFacet {
  slug: string;
  name: string;
  name_ar: string | null;
  swatch: string;
  count: number;
}

export interface SizeFacet {
  size: string;
  label: string;
  label_ar: string | null;
  count: number;
}

export interface Facets {
  colors: ColorFacet[];
  sizes: SizeFacet[];
}

export interface FacetFilters {
  type?: number | undefined;
  min?: number | undefined;
  max?: number | undefined;
  q?: string | undefined;
  color?: string | undefined;
  size?: string | undefined;
}

function facetsPath(filters: FacetFilters): string {
  const params = new URLSearchParams();
  if (filters.type !== undefined) params.set('type', String(filters.type));
  // As the list: the slider's ends filter nothing (DESIGN §7.9).
  if (filters.min !== undefined && filters.min > PRICE_SLIDER_MIN) params.set('min', String(filters.min));
  if (filters.max !== undefined && filters.max < PRICE_SLIDER_MAX) params.set('max', String(filters.max));
  if (filters.q) params.set('q', filters.q);
  if (filters.color) params.set('color', filters.color);
  if (filters.size) params.set('size', filters.size);
  const query = params.toString();
  return query ? `/product/facets?${query}` : '/product/facets';
}

export async function getFacets(filters: FacetFilters): Promise<Facets> {
  const { data } = await apiRequest<Facets | null>(facetsPath(filters));
  return { colors: data?.colors ?? [], sizes: data?.sizes ?? [] };
}

export function facetsQuery(filters: FacetFilters) {
  return queryOptions({
    queryKey: ['products', 'facets', filters],
    queryFn: () => getFacets(filters),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useFacets(filters: FacetFilters, enabled = true) {
  return useQuery({ ...facetsQuery(filters), enabled });
}
