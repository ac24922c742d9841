// The rows that refer to stored images: the products' photos and the custom orders' reference
// pictures (a stored file no row names is an orphan: orphan-uploads.ts).
import type { Executor } from '../../db/database.ts';

/** Every stored image's URL that a row refers to. */
export async function findImageUrls(db: Executor): Promise<string[]> {
  const [products, orders] = await Promise.all([
    db.selectFrom('product_images').select('image_url').execute(),
    db.selectFrom('order_reference_images').select('image_url').execute(),
  ]);
  return [...products, ...orders].map((row) => row.image_url);
}
