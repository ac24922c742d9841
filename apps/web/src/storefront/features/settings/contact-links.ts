import type { ShopSettings } from '@shop/domain/settings-responses';

/** "0555 12 34 56" → "tel:0555123456". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The shop's WhatsApp conversation with a message typed in; null when the shop has no number. */
export function whatsappHref(
  settings: Pick<ShopSettings, 'whatsapp' | 'whatsapp_url'>,
  message: string,
): string | null {
  if (!settings.whatsapp.replace(/\D/g, '') || !settings.whatsapp_url) return null;
  return `${settings.whatsapp_url}?text=${encodeURIComponent(message)}`;
}
