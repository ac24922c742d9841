import type { App } from '../../http/types.ts';
import { envelope } from '../../http/envelope.ts';

/** Shop contact details for the footer and thank-you pages (DESIGN §3.10). */
export function settingsRoutes(app: App): void {
  app.get('/settings', { schema: { tags: ['settings'], summary: 'Shop contact details' } }, () => {
    const { shop } = app.config;
    return envelope({
      shop_name: shop.name,
      phone: shop.phone,
      email: shop.email,
      whatsapp: shop.whatsapp,
      whatsapp_url: `https://wa.me/${shop.whatsapp.replace(/\D/g, '')}`,
      social: { facebook: shop.facebook, instagram: shop.instagram, tiktok: shop.tiktok },
    });
  });
}
