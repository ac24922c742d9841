import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/harness.ts';
import type { Product } from '../../modules/catalog/catalog.service.ts';

// Its own file: on PostgreSQL, Kysely's migrator finds the migration tables of another live test
// schema, so a second test context may not be opened while another one in the file is alive.

describe('demo catalogue', () => {
  it('seeds types, 28 products with generated images, custom items, a coupon and reviews', async () => {
    const demo = await createTestContext({ seedDemo: true });
    try {
      const types = (await demo.app.inject({ method: 'GET', url: '/api/ProductType/getAll' })).json<{
        data: { name: string }[];
      }>().data;
      expect(types.map((x) => x.name)).toEqual(['T-shirts', 'Hoodies', 'Pantalons', 'Soins du corps']);
      const products = (await demo.app.inject({ method: 'GET', url: '/api/product/getAll' })).json<{
        data: Product[];
      }>().data;
      expect(products).toHaveLength(28);
      for (const p of products) {
        expect(p.final_price).toBeGreaterThanOrEqual(500);
        expect(p.price).toBeGreaterThanOrEqual(800);
        expect(p.price).toBeLessThanOrEqual(4900);
        expect(p.images.length).toBeGreaterThanOrEqual(1);
        expect(p.images.length).toBeLessThanOrEqual(3);
        expect(p.images.filter((i) => i.is_primary === 1)).toHaveLength(1);
        if (p.type_name === 'Soins du corps') expect(p.sizes).toEqual([]);
        else expect(p.stock).toBe(p.variants.reduce((sum, v) => sum + v.stock, 0));
        if (p.has_sizes && p.colors.length === 0) expect(p.stock).toBe(p.sizes.reduce((sum, s) => sum + s.stock, 0));
      }
      expect(products.some((p) => p.discount_percentage > 0)).toBe(true);
      // Four are sold in colours, one per scale, with a picture of each colour and Arabic colour names.
      const colored = products.filter((p) => p.colors.length > 0);
      expect(colored.map((p) => p.size_scale).sort()).toEqual(['ages', 'letters', 'numbers', 'one']);
      for (const p of colored) {
        expect(p.images.map((i) => i.color_id)).toEqual(p.colors.map((c) => c.id));
        expect(p.colors.every((c) => c.image_ids.length === 1 && /^[\u0600-\u06ff ]+$/.test(c.name_ar ?? ''))).toBe(
          true,
        );
        expect(p.variants).toHaveLength(p.colors.length * p.size_list.length);
      }
      expect(colored.find((p) => p.size_scale === 'numbers')?.size_list).toEqual(['36', '38', '40', '42', '44']);
      // The newest products are the spec's: sold by letters without colours.
      expect(products.slice(0, 24).every((p) => p.colors.length === 0)).toBe(true);
      const files = fs.readdirSync(demo.config.uploadsDir);
      expect(files.length).toBe(products.reduce((sum, p) => sum + p.images.length, 0));
      const items = await demo.db.kysely.selectFrom('custom_order_items').select(['name', 'available_sizes']).execute();
      expect(items.map((i) => i.name)).toEqual(['T-shirt', 'Hoodie', 'cup']);
      expect(items[2]?.available_sizes).toBeNull();
      const coupon = await demo.db.kysely
        .selectFrom('coupons')
        .select(['discount_percentage', 'max_uses'])
        .where('code', '=', 'BIENVENUE10')
        .executeTakeFirstOrThrow();
      expect(coupon).toEqual({ discount_percentage: 10, max_uses: 100 });
      const reviews = await demo.db.kysely.selectFrom('brand_ratings').select('review').execute();
      expect(reviews).toHaveLength(8);
      // The Arabic storefront has Arabic to show: every product, type and custom item has its
      // Arabic name and description, and some customers wrote in Arabic.
      const arabic = /^[\u0600-\u06ff][\u0600-\u06ff\s\d().,،:؛-]*$/;
      for (const p of products) {
        expect(p.name_ar, p.name).toMatch(arabic);
        expect(p.description_ar, p.name).toMatch(arabic);
      }
      const arabicTypes = await demo.db.kysely
        .selectFrom('product_types')
        .select(['name_ar', 'description_ar'])
        .execute();
      for (const type of arabicTypes)
        expect([type.name_ar, type.description_ar]).toEqual([
          expect.stringMatching(arabic),
          expect.stringMatching(arabic),
        ]);
      const arabicItems = await demo.db.kysely
        .selectFrom('custom_order_items')
        .select(['name_ar', 'description_ar'])
        .execute();
      for (const item of arabicItems)
        expect([item.name_ar, item.description_ar]).toEqual([
          expect.stringMatching(arabic),
          expect.stringMatching(arabic),
        ]);
      expect(reviews.filter((r) => /[\u0600-\u06ff]/.test(r.review))).toHaveLength(2);
      // Found by its Arabic name, and by its French one typed without accents.
      const search = async (q: string) =>
        (await demo.app.inject({ method: 'GET', url: `/api/product/getAll?page=1&q=${encodeURIComponent(q)}` }))
          .json<{
            data: { data: Product[] };
          }>()
          .data.data.map((p) => p.name);
      expect(await search('زيت التين')).toEqual(['Huile de Figue de Barbarie']);
      expect(await search('creme hydratante')).toEqual(['Crème Hydratante à l’Argan']);
      // Every wilaya offers a stop desk, 150 to 300 Da under its home fee.
      const wilayas = (await demo.app.inject({ url: '/api/ShippingPrice/read' })).json<{
        data: { wilaya_name: string; price: number; stop_desk_price: number | null }[];
      }>().data;
      expect(wilayas).toHaveLength(58);
      for (const w of wilayas) {
        expect(w.stop_desk_price, w.wilaya_name).not.toBeNull();
        expect(w.price - (w.stop_desk_price ?? 0), w.wilaya_name).toBeGreaterThanOrEqual(150);
        expect(w.price - (w.stop_desk_price ?? 0), w.wilaya_name).toBeLessThanOrEqual(300);
      }
      expect(wilayas.find((w) => w.wilaya_name === 'Alger')).toMatchObject({ price: 400, stop_desk_price: 250 });
    } finally {
      await demo.close();
    }
  });
});
