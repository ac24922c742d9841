import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { useSettings } from '../features/settings/api/get-settings.ts';
import { whatsappHref } from '../features/settings/contact-links.ts';
import { productQuery } from '../features/products/api/get-product.ts';
import { localized, t } from '../i18n/i18n.ts';

const PRODUCT_ADDRESS = /^\/product\/([^/]+)\/?$/i;

/**
 * The product the page shows, if any: read from what the page loaded (never fetched for this), so
 * the message can name it.
 */
function useShownProductName(): string | null {
  const id = PRODUCT_ADDRESS.exec(useLocation().pathname)?.[1];
  const product = useQuery({ ...productQuery(id ?? ''), enabled: false });
  return id && product.data ? localized(product.data.name, product.data.name_ar) : null;
}

/**
 * A way to ask the shop a question from every storefront page: its WhatsApp conversation
 * (SHOP_WHATSAPP), with a message naming the product on a product page. Nothing when the shop
 * has no number.
 */
export function WhatsappButton() {
  const { data: settings } = useSettings();
  const productName = useShownProductName();
  const message = productName
    ? t('whatsapp.aboutProduct', { name: productName, url: window.location.href })
    : t('whatsapp.question');
  const href = settings?.whatsapp ? whatsappHref(settings, message) : null;
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.label')}
      data-testid="whatsapp-button"
      className="fixed end-4 bottom-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-[#1f7a3f] text-white shadow-lg hover:bg-[#17602f] focus-visible:outline-offset-4"
    >
      <svg width="30" height="30" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
        <path d="M12 2a10 10 0 00-8.6 15.1L2 22l5-1.3A10 10 0 1012 2zm0 18.2c-1.5 0-3-.4-4.3-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1112 20.2zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 01-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 00-.7.3 3 3 0 00-.9 2.2 5.2 5.2 0 001.1 2.7 11.8 11.8 0 004.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 001.8-1.2 2.2 2.2 0 00.1-1.2c0-.1-.2-.2-.4-.3z" />
      </svg>
    </a>
  );
}
