import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductPhotos } from '@shop/domain/catalog-schemas';
import { ADMIN_KEY, adminRequest } from '../../../lib/admin-request.ts';
import type { Product } from '../../../lib/types.ts';

/** The product form's photos as the owner left them (their order, the primary, the deleted). */
/** The photos' colours (issue 30), sent with the arrangement after a product save. */
export type PhotosWithColors = ProductPhotos & { colors?: { image_id: number; color_id: number | null }[] };

export async function savePhotos({ id, photos }: { id: number; photos: PhotosWithColors }): Promise<Product> {
  return (await adminRequest<Product>(`/product/images/${id}`, { method: 'PUT', body: photos })).data;
}

export function useSavePhotos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePhotos,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [ADMIN_KEY, 'products'] }),
  });
}
