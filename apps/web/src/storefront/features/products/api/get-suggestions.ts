import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductSuggestion } from '@shop/domain/catalog-responses';
import { apiRequest } from '../../../../lib/api.ts';

/** The products a search that found nothing may have meant (GET /product/suggest). */
export async function getSuggestions(q: string): Promise<ProductSuggestion[]> {
  return (
    (await apiRequest<ProductSuggestion[]>(`/product/suggest?${new URLSearchParams({ q }).toString()}`)).data ?? []
  );
}

export function suggestionsQuery(q: string) {
  return queryOptions({ queryKey: ['products', 'suggest', q], queryFn: () => getSuggestions(q) });
}

/** Asked only once the search came back empty (`enabled`). */
export function useSuggestions(q: string, enabled: boolean) {
  return useQuery({ ...suggestionsQuery(q), enabled: enabled && q.trim() !== '' });
}
