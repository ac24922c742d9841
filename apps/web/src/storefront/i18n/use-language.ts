// The active language as React state: components that read it draw again when it changes.
import { useEffect, useSyncExternalStore } from 'react';
import {
  currentLanguage,
  customerMessagesReady,
  i18n,
  loadCustomerMessages,
  onCustomerMessages,
  type Language,
} from './i18n.ts';

function subscribe(onChange: () => void): () => void {
  return i18n.on('change', onChange);
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/**
 * For a page that holds a form: on the Arabic storefront, fetches the Arabic of the shared form
 * messages (customerMessage) and draws the page again when they arrive.
 */
export function useCustomerMessages(): void {
  const lang = useLanguage();
  useSyncExternalStore(onCustomerMessages, customerMessagesReady, customerMessagesReady);
  useEffect(() => {
    if (lang === 'ar') loadCustomerMessages().catch(() => undefined);
  }, [lang]);
}
