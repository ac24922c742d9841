// The tab's title in the page's language (the server writes the first page's; this keeps it right
// as the visitor moves from page to page or switches language in place).
import { useEffect } from 'react';
import { storefrontTitle, type ProductTitle } from '@shop/domain/page-titles';
import { t } from '../i18n/i18n.ts';
import { useLanguage } from '../i18n/use-language.ts';
import { useShopName } from '../features/settings/api/get-settings.ts';

/** Sets the title of the page at `page` (an address, or a product page's product); undefined sets none. */
export function usePageTitle(page: string | ProductTitle | undefined): void {
  // Read so that a switch of language draws the title again.
  const lang = useLanguage();
  const shop = useShopName();
  const title = page === undefined ? undefined : storefrontTitle((key, values) => t(key, values), shop, page);
  useEffect(() => {
    if (title !== undefined) document.title = title;
  }, [title, lang]);
}
